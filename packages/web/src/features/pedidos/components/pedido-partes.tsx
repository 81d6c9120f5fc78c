import {
  cambioDePago,
  pesosToCentavos,
  direccionDePedido,
  formatPesos,
  horaDePedido,
  importeDeLinea,
  paraLas,
  textoPedidoListo,
  textosDeOpcionesPorGrupo,
  whatsappUrl,
  type PedidoDetalle,
  type PedidoVista,
} from '@tianguis/domain';
import { Check, Copy, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProductoImagen } from '../../../components/ui/producto-imagen';
import { useCopiar } from '../../../lib/use-copiar';
import { useNow } from '../../../lib/use-now';
import { formatFechaPedido } from '../mis-pedidos-fecha';
import { textoDeLugar, textoDeZona } from '../zona-de-pedido';
import { RecogerEn } from './recoger-en';
import { TiendaImagen } from './tienda-imagen';

// The parts of an order a shopper sees, shared by Mis Pedidos, the guest's tracking page and
// the checkout form (the delivery and payment words, the totals' rows).

/** The shopper's words for the delivery (the owner's board says it shorter: pedido-estado.ts). */
export const ENTREGA_TEXTO: Record<PedidoVista['entrega']['tipo'], string> = {
  RECOGER: 'Recoger en la tienda',
  DOMICILIO: 'Envío a domicilio',
};

/** The shopper's words for the payment. */
export const METODO_PAGO_TEXTO: Record<PedidoVista['pago']['metodo'], string> = {
  EFECTIVO: 'Efectivo',
  TRANSFERENCIA: 'Transferencia',
  TERMINAL: 'Tarjeta (terminal)',
};

/** The browser's own time zone: a shopper reads times on their phone's clock. */
function zonaDelNavegador(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The status as one sentence: 'Aceptado · listo aprox. a las 14:35'; once ready, '¡Tu pedido está
 * listo para recoger!' or 'Tu pedido va en camino' (docs/api.md, "Staff and the kitchen"). An
 * order for later accepted for its slot says only 'Aceptado': its time is ProgramadoPara's line.
 */
export function textoDeEstado(pedido: PedidoVista, timeZone?: string): string {
  switch (pedido.status) {
    case 'ACEPTADO': {
      const { programadoPara, listoEstimado } = pedido;
      if (
        programadoPara &&
        (!listoEstimado || Date.parse(listoEstimado) === Date.parse(programadoPara))
      ) {
        return 'Aceptado';
      }
      const hora = horaDePedido(listoEstimado, timeZone ?? zonaDelNavegador());
      return hora ? `Aceptado · listo aprox. a las ${hora}` : 'Aceptado';
    }
    case 'LISTO':
      return textoPedidoListo(pedido.entrega?.tipo ?? 'RECOGER');
    case 'COMPLETADO':
      return 'Completado';
    case 'CANCELADO':
      return 'Cancelado';
    default:
      return 'Nuevo · esperando a que la tienda lo acepte';
  }
}

/**
 * When an order for later is wanted (docs/api.md, "Orders for later"): 'Para las 14:00' today,
 * 'Para mañana a las 14:00', 'Para el sábado 5 a las 14:00', on the phone's clock (kept current:
 * 'mañana' becomes 'hoy' at midnight). Nothing for an order placed for now.
 */
export function textoProgramado(
  pedido: Pick<PedidoVista, 'programadoPara'>,
  now: Date,
  timeZone: string = zonaDelNavegador(),
): string | undefined {
  return pedido.programadoPara ? paraLas(pedido.programadoPara, now, timeZone) : undefined;
}

export function ProgramadoPara(props: { pedido: PedidoVista; className?: string }) {
  const now = useNow(60_000);
  const texto = textoProgramado(props.pedido, now);
  if (!texto) return null;
  return (
    <p className={props.className}>
      <time dateTime={props.pedido.programadoPara ?? undefined}>{texto}</time>
    </p>
  );
}

/** A cancelled order's reason, when the shop gave one. */
export function MotivoDeCancelacion(props: { pedido: PedidoVista; className?: string }) {
  const { pedido } = props;
  if (pedido.status !== 'CANCELADO' || !pedido.motivoCancelacion) return null;
  return (
    <p className={`rounded-lg bg-red-50 p-3 break-words text-red-900 ${props.className ?? ''}`}>
      Motivo: {pedido.motivoCancelacion}
    </p>
  );
}

/** The order's lines, one under the other. */
export function LineasDePedido({ pedido }: { pedido: PedidoVista }) {
  return (
    <ul className="divide-y divide-stone-200">
      {pedido.pedidoDetalles.map((d, i) => (
        <LineaDePedido key={`${i}-${d.nombreProducto}`} linea={d} />
      ))}
    </ul>
  );
}

/** One order line: product, amount, quantity × unit price, its options and its note. */
function LineaDePedido({ linea }: { linea: PedidoDetalle }) {
  const opciones = textosDeOpcionesPorGrupo(linea.opciones ?? []);
  return (
    <li className="flex gap-3 py-3">
      <ProductoImagen src={linea.imagenProducto} size={56} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-medium break-words">{linea.nombreProducto}</p>
          <p className="shrink-0 font-semibold">{formatPesos(importeDeLinea(linea))}</p>
        </div>
        <p className="text-sm text-stone-700">
          {linea.cantidad} x {formatPesos(pesosToCentavos(linea.precio))}
        </p>
        {opciones.map((o) => (
          <p key={o} className="text-sm break-words text-stone-700">
            {o}
          </p>
        ))}
        {linea.nota && (
          <p className="text-sm break-words text-stone-700 italic">Nota: {linea.nota}</p>
        )}
      </div>
    </li>
  );
}

/** One row of a totals list (a `<dl>`): the term and its amount, the total in bold. */
export function FilaDeTotal(props: { termino: string; monto: number; fuerte?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${props.fuerte ? 'text-lg font-bold' : ''}`}>
      <dt>{props.termino}</dt>
      <dd>{formatPesos(props.monto)}</dd>
    </div>
  );
}

/** Subtotal, shipping (only for delivery) and the server's total. */
export function TotalesDePedido({ pedido }: { pedido: PedidoVista }) {
  const total = pesosToCentavos(pedido.montoTotal);
  const envio = pesosToCentavos(pedido.costoDeEnvio);
  const conEnvio = pedido.entrega.tipo === 'DOMICILIO';
  return (
    <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3">
      <FilaDeTotal termino="Subtotal" monto={conEnvio ? total - envio : total} />
      {conEnvio && <FilaDeTotal termino="Envío" monto={envio} />}
      <FilaDeTotal termino="Total" monto={total} fuerte />
    </dl>
  );
}

/** Pickup with where to collect it, or delivery with its address and references. */
export function EntregaDePedido({ pedido }: { pedido: PedidoVista }) {
  const { entrega } = pedido;
  const texto = (
    <p>
      <span className="font-medium">Entrega:</span> {ENTREGA_TEXTO[entrega.tipo]}
    </p>
  );
  if (entrega.tipo === 'RECOGER') {
    return (
      <div>
        {texto}
        <RecogerEn pedido={pedido} />
      </div>
    );
  }
  const direccion = direccionDePedido(pedido);
  const zona = textoDeZona(entrega);
  const lugar = textoDeLugar(entrega);
  return (
    <div>
      <p>
        <span className="font-medium">Entrega:</span> {ENTREGA_TEXTO[entrega.tipo]}
        {zona ? ` · ${zona}` : ''}
      </p>
      {direccion && <p className="break-words text-stone-800">{direccion}</p>}
      {lugar && <p className="break-words text-stone-800">{lugar}</p>}
      {entrega.referencias && (
        <p className="text-sm break-words text-stone-700">Referencias: {entrega.referencias}</p>
      )}
    </div>
  );
}

/** A button that copies a text (the CLABE) and says so for a moment. */
export function CopiarBoton({ texto, etiqueta }: { texto: string; etiqueta: string }) {
  const { copiado, copy } = useCopiar(3000);
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(texto)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 font-semibold hover:bg-stone-100"
      >
        {copiado ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {etiqueta}
      </button>
      <span role="status" className="text-sm text-stone-700">
        {copiado === true
          ? 'Copiada'
          : copiado === false
            ? 'No se pudo copiar; cópiala a mano'
            : ''}
      </span>
    </>
  );
}

/** Cash with its change, transfer with the CLABE to copy and the concept, or the terminal. */
export function PagoDePedido({ pedido }: { pedido: PedidoVista }) {
  const { pago } = pedido;
  const efectivo = cambioDePago(pago);
  return (
    <div>
      <p>
        <span className="font-medium">Pago:</span> {METODO_PAGO_TEXTO[pago.metodo] ?? pago.metodo}
        {pago.pagado && (
          <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
            Pagado
          </span>
        )}
      </p>
      {efectivo && (
        <p className="text-stone-800">
          Paga con {formatPesos(efectivo.pagaCon)}
          {efectivo.cambio !== null && ` · cambio ${formatPesos(efectivo.cambio)}`}
        </p>
      )}
      {pago.metodo === 'TRANSFERENCIA' && (
        <div className="mt-2 space-y-1 rounded-lg bg-stone-100 p-3">
          {pago.clabe ? (
            <>
              <p>
                CLABE: <span className="font-mono font-semibold tracking-wide">{pago.clabe}</span>
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <CopiarBoton texto={pago.clabe} etiqueta="Copiar CLABE" />
              </div>
            </>
          ) : (
            <p>La tienda te dirá a qué cuenta transferir.</p>
          )}
          {pago.banco && <p>Banco: {pago.banco}</p>}
          {pago.titular && <p className="break-words">Titular: {pago.titular}</p>}
          {pago.referencia && (
            <p>
              Escribe en el concepto: <span className="font-semibold">{pago.referencia}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The order as a WhatsApp message to the shop, from the server's lines and total (what was
 * charged), with each line's options and note, the delivery, the payment and the order's note.
 */
export function textoWhatsAppDePedido(
  pedido: PedidoVista,
  seguimientoUrl?: string,
  now = new Date(),
): string {
  const total = pesosToCentavos(pedido.montoTotal);
  const envio = pesosToCentavos(pedido.costoDeEnvio);
  const conEnvio = pedido.entrega.tipo === 'DOMICILIO';
  const lineas: string[] = [
    `Hola, acabo de hacer el pedido #${pedido.id} en ${pedido.nombreTienda}:`,
  ];
  const programado = textoProgramado(pedido, now);
  if (programado) lineas.push(programado);
  for (const l of pedido.pedidoDetalles) {
    const opciones = textosDeOpcionesPorGrupo(l.opciones ?? []);
    const detalle = opciones.length > 0 ? ` (${opciones.join('; ')})` : '';
    lineas.push(
      `${l.cantidad} x ${l.nombreProducto}${detalle} — ${formatPesos(importeDeLinea(l))}`,
    );
    if (l.nota) lineas.push(`   Nota: ${l.nota}`);
  }
  lineas.push(`Subtotal: ${formatPesos(conEnvio ? total - envio : total)}`);
  if (conEnvio) lineas.push(`Envío: ${formatPesos(envio)}`);
  lineas.push(`Total: ${formatPesos(total)}`);
  if (conEnvio) {
    const direccion = direccionDePedido(pedido);
    const referencias = pedido.entrega.referencias ? ` (${pedido.entrega.referencias})` : '';
    lineas.push(`Entrega a domicilio: ${direccion}${referencias}`);
  } else {
    lineas.push('Paso a recoger a la tienda');
  }
  const { pago } = pedido;
  let textoPago = `Pago: ${METODO_PAGO_TEXTO[pago.metodo] ?? pago.metodo}`;
  const efectivo = cambioDePago(pago);
  if (efectivo) {
    textoPago += `, pago con ${formatPesos(efectivo.pagaCon)}`;
    if (efectivo.cambio !== null) textoPago += ` (cambio ${formatPesos(efectivo.cambio)})`;
  }
  if (pago.metodo === 'TRANSFERENCIA' && pago.referencia) {
    textoPago += `, concepto ${pago.referencia}`;
  }
  lineas.push(textoPago);
  if (pedido.nota) lineas.push(`Nota: ${pedido.nota}`);
  lineas.push(`A nombre de: ${pedido.nombreCompleto}, ${pedido.celular}`);
  if (seguimientoUrl) lineas.push(`Seguimiento: ${seguimientoUrl}`);
  return lineas.join('\n');
}

/** A wa.me link to the shop with the order's text, or undefined without a usable number. */
export function whatsappDePedido(pedido: PedidoVista, seguimientoUrl?: string): string | undefined {
  return whatsappUrl(pedido.celularTienda, textoWhatsAppDePedido(pedido, seguimientoUrl));
}

/** Delivery, payment and the order's note, as one block of the order's page. */
export function EntregaPagoNota({ pedido }: { pedido: PedidoVista }) {
  return (
    <>
      <EntregaDePedido pedido={pedido} />
      <PagoDePedido pedido={pedido} />
      {pedido.nota && (
        <p className="break-words">
          <span className="font-medium">Nota:</span> {pedido.nota}
        </p>
      )}
    </>
  );
}

/** "Enviar pedido por WhatsApp": the order's text to the shop (see whatsappDePedido). */
export function WhatsAppPedidoBoton({
  href,
  className = '',
}: {
  href: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 ${className}`}
    >
      <MessageCircle aria-hidden="true" />
      Enviar pedido por WhatsApp
    </a>
  );
}

/** The shop's logo and name, the order's number and date; `children` go under them. */
export function EncabezadoDePedido(props: { pedido: PedidoVista; children?: ReactNode }) {
  const { pedido } = props;
  return (
    <header className="flex gap-3">
      <TiendaImagen src={pedido.tiendaImageUrl} size={64} />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold break-words">{pedido.nombreTienda}</h2>
        <p className="text-sm text-stone-700">Pedido #{pedido.id}</p>
        <p className="text-sm text-stone-700">
          <time dateTime={pedido.fecha}>{formatFechaPedido(pedido.fecha)}</time>
        </p>
        {props.children}
      </div>
    </header>
  );
}
