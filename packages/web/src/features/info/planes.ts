/**
 * The plans page's benefit table: configuration, categories, products, QR, hours, orders, cart,
 * shopper orders (docs/web-screens.md, "Information pages").
 */
export interface Beneficio {
  funcion: string;
  detalle: string;
}

export const beneficios: readonly Beneficio[] = [
  {
    funcion: 'Configuración de tienda',
    detalle: 'Nombre, logotipo, monto mínimo de compra y costo de envío de tu negocio.',
  },
  {
    funcion: 'Categorías',
    detalle: 'Agrupa tu menú o catálogo en categorías, cada una con su imagen.',
  },
  {
    funcion: 'Productos',
    detalle:
      'Nombre, descripción, detalle, precio e imagen; activa o desactiva un producto cuando se agote.',
  },
  {
    funcion: 'Código QR',
    detalle: 'Un código QR que abre tu tienda; descárgalo para imprimirlo o compartirlo.',
  },
  {
    funcion: 'Horarios',
    detalle:
      'Horario de cada día de la semana y días feriados; fuera de horario tu tienda aparece cerrada.',
  },
  {
    funcion: 'Pedidos',
    detalle: 'Recibe los pedidos al momento, con aviso de pedido nuevo; complétalos o cancélalos.',
  },
  {
    funcion: 'Carrito de compras',
    detalle:
      'Tus clientes arman su canasta con tus productos; se respeta tu monto mínimo y se suma el envío.',
  },
  {
    funcion: 'Pedidos de clientes',
    detalle: 'Cada cliente ve el estado de sus pedidos: nuevo, completado o cancelado.',
  },
];
