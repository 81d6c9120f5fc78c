/** The shop FAQ: five questions, each answered in text (docs/web-screens.md, owner's screens). */
export type FaqId =
  'escaneo-qr' | 'hacer-pedido' | 'recibir-pedido' | 'horarios-feriados' | 'buscar-productos';

export interface FaqItem {
  id: FaqId;
  pregunta: string;
  /** One string per paragraph. */
  respuesta: readonly string[];
}

/**
 * A tutorial video per question, shown as a link only where one is set. None is recorded yet;
 * put an https address here when one is published.
 */
export const faqVideos: Readonly<Record<FaqId, string | undefined>> = {
  'escaneo-qr': undefined,
  'hacer-pedido': undefined,
  'recibir-pedido': undefined,
  'horarios-feriados': undefined,
  'buscar-productos': undefined,
};

export const faqItems: readonly FaqItem[] = [
  {
    id: 'escaneo-qr',
    pregunta: '¿Qué ve el cliente cuando escanea el código QR?',
    respuesta: [
      'El código QR abre la página pública de tu tienda, la misma dirección que aparece en la pantalla Código QR, directamente en el navegador del celular y sin instalar nada. Ahí aparecen tu logotipo, el nombre de tu tienda y tus categorías con sus productos, ordenados por nombre; al tocar un producto se ven su foto, descripción, detalle y precio.',
      'Si en ese momento tu tienda está cerrada según tus horarios o un día feriado, el cliente ve el aviso de tienda cerrada con el motivo y la próxima apertura. La página solo se muestra cuando tu tienda está configurada, aprobada, activada y tiene al menos un producto activo; si no, el cliente ve una página de “no encontrada”.',
    ],
  },
  {
    id: 'hacer-pedido',
    pregunta: '¿Cómo hace un pedido el cliente?',
    respuesta: [
      'Desde tu página, el cliente inicia sesión (o crea su cuenta de cliente) y agrega productos a su canasta. En la canasta ve tus productos con sus cantidades, el subtotal, el costo de envío y el total, y puede cambiar cantidades o quitar productos.',
      'Si configuraste un monto mínimo de compra, no podrá hacer el pedido hasta alcanzarlo, y tampoco mientras tu tienda esté cerrada. Al confirmar, el pedido se crea con estado NUEVO, aparece en “Mis Pedidos” del cliente y este puede, si quiere, enviártelo también por WhatsApp al celular de tu tienda.',
    ],
  },
  {
    id: 'recibir-pedido',
    pregunta: '¿Cómo recibe el negocio un pedido?',
    respuesta: [
      'Los pedidos llegan a la pantalla Pedidos, en la pestaña Activos. La lista se actualiza sola y, cuando entra un pedido nuevo, aparece el aviso “Nuevo pedido recibido” con un sonido que puedes activar o desactivar.',
      'Al abrir un pedido ves el nombre del cliente, su celular, su dirección de entrega (con un enlace para verla en el mapa), los productos con cantidades y precios, el costo de envío y el total. Cuando lo entregues, toca “Completar Pedido”; si no puedes surtirlo, “Cancelar Pedido”. El cliente ve el cambio de estado en sus pedidos.',
    ],
  },
  {
    id: 'horarios-feriados',
    pregunta: '¿Cómo configuro mis horarios y días feriados?',
    respuesta: [
      'En Configuración, entra a Horarios. Para cada día de la semana elige la hora de apertura y de cierre (cada 30 minutos) o marca “Cerrado”, y guarda. Si la hora de cierre es anterior a la de apertura (por ejemplo, de 18:00 a 02:00), ese día la tienda abre de 00:00 a 02:00 y de 18:00 a medianoche: la madrugada cuenta para el día en que cae. Para atender del lunes a las 18:00 al martes a las 02:00, dale también al martes su cierre a las 02:00. Un día sin horario cuenta como cerrado; si no configuras ningún horario, tu tienda se considera siempre abierta.',
      'En la misma pantalla agrega tus días especiales o feriados: elige la fecha y marca si se repite cada año (por ejemplo, el 25 de diciembre). Esos días tu tienda aparece cerrada y no recibe pedidos.',
    ],
  },
  {
    id: 'buscar-productos',
    pregunta: '¿Cómo funciona la búsqueda de productos?',
    respuesta: [
      'Con la sesión iniciada, en la página de una tienda aparece en la barra superior el cuadro “Buscar productos...”. La búsqueda empieza al escribir 2 caracteres y muestra los productos de esa tienda cuyo nombre contiene el texto escrito, sin importar mayúsculas o minúsculas.',
      'Al elegir un resultado se abre el detalle del producto. Para que tus clientes encuentren lo que buscan, usa nombres claros en tus productos, como “Taco de pastor” en lugar de “Especial 1”.',
    ],
  },
];
