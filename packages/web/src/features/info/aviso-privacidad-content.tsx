import type { ReactNode } from 'react';

/**
 * The privacy notice (aviso de privacidad integral) under Mexico's Ley Federal de Protección de
 * Datos Personales en Posesión de los Particulares published on 20 March 2025. The responsible
 * party's legal name and address are placeholders the business must fill in before launch.
 */
export const AVISO_ACTUALIZACION = '22 de agosto de 2025';

export const RESPONSABLE = {
  nombre: 'Tianguis',
  domicilio:
    '[domicilio del responsable: calle, número, colonia, alcaldía o municipio, código postal y entidad federativa], México',
  correoPrivacidad: 'privacidad@tianguis.mx',
} as const;

export interface SeccionAviso {
  /** Anchor for the table of contents. */
  id: string;
  titulo: string;
  contenido: ReactNode;
}

const correo = (
  <a
    href={`mailto:${RESPONSABLE.correoPrivacidad}`}
    className="font-semibold text-marca-700 underline underline-offset-2"
  >
    {RESPONSABLE.correoPrivacidad}
  </a>
);

export const avisoIntroduccion = (
  <p>
    En cumplimiento de la Ley Federal de Protección de Datos Personales en Posesión de los
    Particulares, publicada en el Diario Oficial de la Federación el 20 de marzo de 2025 (la «Ley»),
    y de las demás disposiciones aplicables, en este aviso le explicamos qué datos personales
    tratamos cuando usa Tianguis (el sitio web, la página de cada tienda y los servicios
    relacionados), para qué los usamos, con quién los compartimos y cómo puede ejercer sus derechos.
  </p>
);

export const seccionesAviso: readonly SeccionAviso[] = [
  {
    id: 'responsable',
    titulo: 'Identidad y domicilio del responsable',
    contenido: (
      <>
        <p>
          {RESPONSABLE.nombre} (en adelante, «Tianguis» o «nosotros»), con domicilio en{' '}
          {RESPONSABLE.domicilio}, es el responsable del tratamiento de los datos personales que
          usted nos proporcione o que se generen por el uso de la plataforma.
        </p>
        <p>
          Nuestro departamento de datos personales atiende cualquier asunto relacionado con este
          aviso y con el tratamiento de sus datos en el correo electrónico {correo}.
        </p>
      </>
    ),
  },
  {
    id: 'datos-recabados',
    titulo: 'Datos personales que recabamos',
    contenido: (
      <>
        <p>Según el uso que haga de Tianguis, tratamos los siguientes datos personales:</p>
        <ul>
          <li>
            <strong>Al crear una cuenta:</strong> correo electrónico, número de celular, contraseña
            (que guardamos solo transformada de forma irreversible), nombre completo, dirección de
            entrega y tipo de cuenta (cliente o tienda).
          </li>
          <li>
            <strong>Cuentas de tienda:</strong> nombre de usuario de la tienda (que forma la
            dirección de su página pública), nombre comercial, logotipo, imágenes, descripciones y
            precios de productos, categorías, horarios, días especiales, monto mínimo de compra,
            costo de envío y celular de contacto de la tienda.
          </li>
          <li>
            <strong>Pedidos:</strong> productos, cantidades, precios, costo de envío, total, fecha y
            estado de cada pedido, así como la tienda y el cliente que intervienen.
          </li>
          <li>
            <strong>Plan para tiendas:</strong> cuando una tienda solicite factura, su RFC, nombre o
            razón social, régimen fiscal, código postal y correo para recibir facturas.
          </li>
          <li>
            <strong>Datos técnicos:</strong> dirección IP, fecha y hora de acceso, tipo de navegador
            y registros de seguridad, como los intentos de inicio de sesión.
          </li>
        </ul>
        <p>
          Obtenemos estos datos directamente de usted, cuando los escribe en la plataforma, y de
          forma automática cuando la usa. Tianguis no procesa pagos de pedidos: el pago se acuerda
          directamente entre el cliente y la tienda, y no recibimos ni guardamos datos de tarjetas u
          otros medios de pago.
        </p>
      </>
    ),
  },
  {
    id: 'datos-sensibles',
    titulo: 'Datos personales sensibles',
    contenido: (
      <>
        <p>
          Tianguis no recaba ni trata datos personales sensibles, es decir, aquellos que revelan
          aspectos como origen racial o étnico, estado de salud, información genética, creencias
          religiosas, filosóficas o morales, opiniones políticas, afiliación sindical o preferencia
          sexual.
        </p>
        <p>
          Le pedimos no escribir este tipo de datos en los textos que publique o envíe por la
          plataforma, por ejemplo en la descripción de un producto o en su dirección de entrega.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades-primarias',
    titulo: 'Finalidades primarias del tratamiento',
    contenido: (
      <>
        <p>
          Usamos sus datos personales para las siguientes finalidades, que son necesarias para
          prestarle el servicio que solicita:
        </p>
        <ul>
          <li>Crear y administrar su cuenta, verificar su identidad y mantener su sesión.</li>
          <li>
            Publicar la página de cada tienda con su catálogo, precios, horarios y código QR, y
            revisar y aprobar las cuentas de tienda.
          </li>
          <li>
            Guardar la canasta de compras del cliente, registrar sus pedidos y hacerlos llegar a la
            tienda que elija.
          </li>
          <li>
            Permitir que la tienda prepare, entregue, complete o cancele el pedido, y que el cliente
            consulte su estado.
          </li>
          <li>
            Ayudarle a recuperar el acceso a su cuenta mediante un enlace enviado a su correo o un
            código enviado a su celular.
          </li>
          <li>Cobrar y facturar el plan para tiendas, cuando corresponda.</li>
          <li>Atender sus dudas, solicitudes y reportes.</li>
          <li>
            Proteger la plataforma y a sus usuarios: prevenir fraudes, accesos no autorizados y
            abusos.
          </li>
          <li>
            Cumplir las obligaciones legales que nos correspondan y atender requerimientos de
            autoridad.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'finalidades-secundarias',
    titulo: 'Finalidades secundarias',
    contenido: (
      <>
        <p>
          Además, podemos usar sus datos para las siguientes finalidades, que no son necesarias para
          el servicio pero nos ayudan a darle una mejor atención:
        </p>
        <ul>
          <li>Enviarle información sobre novedades, promociones y planes de Tianguis.</li>
          <li>Invitarle a responder encuestas de satisfacción y calidad del servicio.</li>
          <li>Elaborar estadísticas sobre el uso de la plataforma para mejorarla.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'negativa-finalidades-secundarias',
    titulo: 'Cómo negarse a las finalidades secundarias',
    contenido: (
      <>
        <p>
          Si no desea que tratemos sus datos para alguna de las finalidades secundarias, envíe un
          correo a {correo} con el asunto «Negativa a finalidades secundarias», indicando el correo
          de su cuenta y las finalidades a las que se niega.
        </p>
        <p>
          Puede hacerlo antes de crear su cuenta o en cualquier momento posterior. Su negativa no
          será motivo para negarle el servicio ni para dar por terminada su relación con nosotros.
        </p>
      </>
    ),
  },
  {
    id: 'consentimiento',
    titulo: 'Consentimiento',
    contenido: (
      <>
        <p>
          Ponemos este aviso a su disposición antes de que nos proporcione sus datos. Si, después de
          conocerlo, crea una cuenta o usa la plataforma y no manifiesta su oposición, se entenderá
          que consiente el tratamiento de sus datos para las finalidades aquí descritas, conforme a
          la Ley.
        </p>
        <p>
          El tratamiento para las finalidades primarias es necesario para cumplir la relación
          jurídica que usted establece con Tianguis al usar el servicio; sin esos datos no podemos
          prestárselo.
        </p>
      </>
    ),
  },
  {
    id: 'transferencias',
    titulo: 'Transferencias y remisiones de datos',
    contenido: (
      <>
        <p>Compartimos datos personales solo en los siguientes casos:</p>
        <ul>
          <li>
            <strong>Con la tienda a la que el cliente hace un pedido:</strong> su nombre completo,
            número de celular, dirección de entrega y el detalle del pedido. Esta transferencia es
            necesaria para cumplir el pedido que el propio cliente solicita, por lo que no requiere
            un consentimiento adicional.
          </li>
          <li>
            <strong>Con autoridades competentes:</strong> cuando una norma jurídica o una orden
            fundada y motivada nos obligue a ello.
          </li>
          <li>
            <strong>Con proveedores que actúan por nuestra cuenta (encargados):</strong> servicios
            de alojamiento y almacenamiento, y de envío de correos electrónicos y mensajes de texto.
            Tratan los datos solo según nuestras instrucciones, bajo obligaciones de
            confidencialidad y seguridad; esto es una remisión, no una transferencia.
          </li>
        </ul>
        <p>
          Los datos de cada tienda que se muestran en su página pública (nombre, logotipo, catálogo,
          precios, horarios y celular de contacto) pueden ser vistos por cualquier persona. Si
          después de hacer un pedido usted decide enviarlo a la tienda por WhatsApp, el mensaje lo
          envía usted desde su propia aplicación y ese envío se rige por el aviso de privacidad de
          ese servicio.
        </p>
        <p>No vendemos, rentamos ni intercambiamos sus datos personales.</p>
      </>
    ),
  },
  {
    id: 'tiendas-responsables',
    titulo: 'Las tiendas como responsables de los datos de sus clientes',
    contenido: (
      <>
        <p>
          Cuando un cliente hace un pedido, la tienda recibe su nombre, celular, dirección de
          entrega y el detalle del pedido. Desde ese momento la tienda es responsable, en términos
          de la Ley, del tratamiento que ella misma haga de esos datos.
        </p>
        <p>
          Cada tienda debe usarlos solo para preparar, entregar y dar seguimiento al pedido;
          protegerlos; poner a disposición de sus clientes su propio aviso de privacidad cuando la
          Ley se lo exija, y atender las solicitudes de derechos que sus clientes le presenten.
          Tianguis no controla el uso que una tienda haga de esos datos fuera de la plataforma.
        </p>
        <p>
          Si tiene una queja sobre el uso que una tienda hizo de sus datos, puede dirigirse
          directamente a ella y, además, avisarnos en {correo}.
        </p>
      </>
    ),
  },
  {
    id: 'derechos-arco',
    titulo: 'Sus derechos ARCO',
    contenido: (
      <>
        <p>Usted tiene derecho a:</p>
        <ul>
          <li>
            <strong>Acceso:</strong> conocer qué datos personales tenemos de usted y cómo los
            tratamos.
          </li>
          <li>
            <strong>Rectificación:</strong> pedir que corrijamos sus datos si son inexactos,
            incompletos o no están actualizados.
          </li>
          <li>
            <strong>Cancelación:</strong> pedir que eliminemos sus datos de nuestros registros;
            primero se bloquean y después se suprimen, una vez transcurridos los plazos que la Ley y
            otras disposiciones exigen conservarlos.
          </li>
          <li>
            <strong>Oposición:</strong> oponerse al uso de sus datos para fines específicos.
          </li>
        </ul>
        <p>El ejercicio de estos derechos es gratuito.</p>
      </>
    ),
  },
  {
    id: 'ejercer-derechos',
    titulo: 'Cómo ejercer sus derechos ARCO',
    contenido: (
      <>
        <p>
          Envíe su solicitud al correo {correo} con el asunto «Derechos ARCO». La solicitud debe
          incluir:
        </p>
        <ul>
          <li>Su nombre y el correo electrónico de su cuenta, para comunicarle la respuesta.</li>
          <li>
            Un documento que acredite su identidad o, si actúa por medio de un representante, el
            documento que acredite la representación.
          </li>
          <li>
            La descripción clara de los datos personales y del derecho que desea ejercer, y
            cualquier elemento que nos ayude a localizarlos.
          </li>
          <li>
            En caso de rectificación, la corrección que solicita y, de ser necesario, los documentos
            que la respalden.
          </li>
        </ul>
        <p>
          Si a su solicitud le falta información, le pediremos que la complete. Responderemos en un
          plazo máximo de 30 días hábiles contados desde que recibamos su solicitud completa: dentro
          de los primeros 20 días hábiles le comunicaremos si procede y, cuando proceda, la haremos
          efectiva dentro de ese mismo plazo de 30 días hábiles. Le responderemos al correo
          electrónico desde el que nos escribió.
        </p>
        <p>Si solicita el acceso, le entregaremos sus datos en un archivo electrónico sin costo.</p>
      </>
    ),
  },
  {
    id: 'revocacion',
    titulo: 'Revocación del consentimiento',
    contenido: (
      <>
        <p>
          Puede revocar en cualquier momento el consentimiento que nos dio para tratar sus datos,
          con el mismo procedimiento y en los mismos plazos descritos para los derechos ARCO,
          indicando en el asunto «Revocación del consentimiento».
        </p>
        <p>
          Tenga en cuenta que no en todos los casos podremos atender su solicitud o dejar de usar
          sus datos de forma inmediata, porque alguna obligación legal puede requerir que sigamos
          tratándolos. Además, si revoca el consentimiento para las finalidades primarias, no
          podremos seguir prestándole el servicio y su cuenta se dará de baja.
        </p>
      </>
    ),
  },
  {
    id: 'limitar-uso',
    titulo: 'Cómo limitar el uso o la divulgación de sus datos',
    contenido: (
      <>
        <p>Para limitar el uso o la divulgación de sus datos personales, usted puede:</p>
        <ul>
          <li>
            Pedirnos en {correo} que le incluyamos en nuestro listado de exclusión, para no recibir
            comunicaciones promocionales de Tianguis.
          </li>
          <li>Usar el enlace para darse de baja que incluye cada correo promocional.</li>
          <li>
            Inscribirse en el Registro Público para Evitar Publicidad (REPEP) de la Procuraduría
            Federal del Consumidor.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    titulo: 'Cookies, almacenamiento local y tecnologías similares',
    contenido: (
      <>
        <p>
          Tianguis no usa cookies de publicidad ni herramientas de rastreo de terceros. Usamos el
          almacenamiento local de su navegador para mantener su sesión iniciada, mediante una
          credencial que caduca, y para recordar preferencias de uso, como la pestaña que eligió en
          su tienda.
        </p>
        <p>
          Esa información se guarda en su dispositivo y se borra al cerrar sesión o al eliminar los
          datos de navegación. Nuestro servidor registra la dirección IP, la fecha y hora y el tipo
          de navegador de cada solicitud para operar y proteger la plataforma.
        </p>
        <p>
          Si en el futuro usamos otras tecnologías de rastreo, lo indicaremos en este aviso y le
          explicaremos cómo desactivarlas.
        </p>
      </>
    ),
  },
  {
    id: 'seguridad',
    titulo: 'Medidas de seguridad',
    contenido: (
      <>
        <p>
          Aplicamos medidas de seguridad administrativas, técnicas y físicas para proteger sus datos
          contra daño, pérdida, alteración, destrucción y uso, acceso o tratamiento no autorizados.
          Entre ellas:
        </p>
        <ul>
          <li>
            Las contraseñas se guardan transformadas de forma irreversible (hash); nadie, ni
            siquiera nuestro personal, puede leerlas.
          </li>
          <li>La comunicación entre su dispositivo y nuestros servidores va cifrada.</li>
          <li>
            Cada tipo de cuenta solo accede a lo que le corresponde: una tienda ve únicamente sus
            propios pedidos y catálogo.
          </li>
          <li>
            Las sesiones caducan y se invalidan al cerrar sesión o al cambiar la contraseña; los
            enlaces y códigos para recuperar la contraseña son de un solo uso y caducan.
          </li>
          <li>Limitamos los intentos de inicio de sesión para impedir el robo de cuentas.</li>
          <li>
            Las imágenes que se suben se procesan de nuevo y se les quitan metadatos, como la
            ubicación GPS.
          </li>
          <li>
            El acceso de nuestro personal a los datos es restringido y sujeto a confidencialidad.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'vulneraciones',
    titulo: 'Vulneraciones de seguridad',
    contenido: (
      <p>
        Si ocurre una vulneración de seguridad que afecte de forma significativa sus derechos
        patrimoniales o morales, se lo informaremos sin demora por correo electrónico, para que
        pueda tomar medidas para proteger sus derechos. Le indicaremos la naturaleza del incidente,
        los datos comprometidos, las recomendaciones que puede seguir, las acciones que hayamos
        tomado y dónde obtener más información.
      </p>
    ),
  },
  {
    id: 'menores',
    titulo: 'Menores de edad',
    contenido: (
      <p>
        Tianguis no está dirigido a menores de 18 años y no recabamos de forma intencional datos
        personales de menores de edad. Al crear una cuenta, usted declara ser mayor de 18 años. Si
        es madre, padre o tutor y sabe que un menor nos proporcionó datos personales, escríbanos a{' '}
        {correo} y los eliminaremos.
      </p>
    ),
  },
  {
    id: 'conservacion',
    titulo: 'Conservación de los datos',
    contenido: (
      <p>
        Conservamos sus datos mientras su cuenta esté activa y sean necesarios para las finalidades
        de este aviso; el historial de pedidos se conserva para que cliente y tienda puedan
        consultarlo. Cuando ya no sean necesarios, o cuando usted solicite su cancelación, los
        bloquearemos durante el plazo necesario para atender responsabilidades legales, como las
        fiscales y mercantiles, y después los suprimiremos de forma segura.
      </p>
    ),
  },
  {
    id: 'cambios',
    titulo: 'Cambios a este aviso de privacidad',
    contenido: (
      <p>
        Podemos modificar este aviso por cambios en la Ley, en nuestros servicios o en nuestras
        prácticas. La versión vigente estará siempre publicada en esta página, con su fecha de
        última actualización. Si el cambio es importante, por ejemplo una nueva finalidad o una
        nueva transferencia que requiera su consentimiento, se lo avisaremos además al correo de su
        cuenta y, cuando la Ley lo exija, le pediremos su consentimiento.
      </p>
    ),
  },
  {
    id: 'autoridad',
    titulo: 'Autoridad competente',
    contenido: (
      <>
        <p>
          Si considera que su derecho a la protección de datos personales fue afectado por alguna
          conducta u omisión nuestra, o que hubo una violación a la Ley, puede acudir ante la
          Secretaría Anticorrupción y Buen Gobierno, autoridad encargada de la protección de datos
          personales en posesión de los particulares conforme a la Ley publicada el 20 de marzo de
          2025.
        </p>
        <p>
          Puede presentar ante ella una solicitud de protección de datos dentro de los 15 días
          siguientes a que le comuniquemos nuestra respuesta o, si no la recibe, una vez vencido el
          plazo de respuesta.
        </p>
      </>
    ),
  },
];
