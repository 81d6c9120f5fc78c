import {
  pesosToCentavos,
  direccionDePedido,
  formatCelular,
  formatFechaPedido,
  formatPesos,
  pedidoTiendaStatusLabel,
  textoDeOpciones,
  totalesDePedidoTienda,
} from '@tianguis/domain';
import type { ReactNode } from 'react';
import { textoDeLugar, textoDeZona } from '../../pedidos';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import {
  marcaDeOrigen,
  textoCambio,
  textoEntrega,
  textoListoEstimado,
  textoMetodoPago,
  textoProgramado,
} from './pedido-estado';

export type AnchoTicket = 58 | 80;

/** Printable width inside the paper's margins: 80 mm paper prints about 72 mm, 58 mm about 48. */
export const ANCHO_IMPRESO_MM: Record<AnchoTicket, number> = { 80: 72, 58: 48 };

function Fila({ left, right, strong }: { left: ReactNode; right: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <span className="min-w-0 break-words">{left}</span>
      <span className="shrink-0 text-right">{right}</span>
    </div>
  );
}

function Separador() {
  return <hr className="my-1.5 border-0 border-t border-dashed border-black" />;
}

/**
 * The kitchen ticket for a 58 or 80 mm receipt printer: narrow, monospace, black on white, with
 * what the kitchen and the delivery need (order, date, 'Para las 14:00' when scheduled, shopper,
 * delivery, payment, the order's note, lines with their options and notes, totals).
 */
export function TicketCocina(props: {
  pedido: PedidoTienda;
  timeZone: string;
  ancho: AnchoTicket;
  /** The time 'Para mañana a las 14:00' is told from (when printed, unless given). */
  now?: Date;
}) {
  const { pedido, timeZone, ancho } = props;
  const para = textoProgramado(pedido, props.now ?? new Date(), timeZone);
  const totales = totalesDePedidoTienda(pedido);
  const small = ancho === 58;
  const marca = marcaDeOrigen(pedido);
  const listo = textoListoEstimado(pedido, timeZone);
  const domicilio = pedido.entrega?.tipo !== 'RECOGER';
  const zona = textoDeZona(pedido.entrega);
  const lugar = textoDeLugar(pedido.entrega);
  const cambio = textoCambio(pedido.pago);
  const transferencia = pedido.pago?.metodo === 'TRANSFERENCIA';
  return (
    <article
      aria-label={`Ticket del pedido ${pedido.id}`}
      className={`bg-white font-mono leading-snug text-black ${small ? 'text-[11px]' : 'text-[13px]'}`}
      style={{ width: `${ANCHO_IMPRESO_MM[ancho]}mm` }}
    >
      <header className="text-center">
        <p className={`font-bold uppercase ${small ? 'text-sm' : 'text-base'}`}>
          {pedido.nombreTienda}
        </p>
        <p className={`font-bold ${small ? 'text-base' : 'text-lg'}`}>PEDIDO #{pedido.id}</p>
        <p>{formatFechaPedido(pedido.fecha, timeZone, 'completa')}</p>
        <p>Estado: {pedidoTiendaStatusLabel(pedido.status)}</p>
        {para && <p className={`font-bold ${small ? 'text-sm' : 'text-base'}`}>{para}</p>}
        {listo && <p className="font-bold">{listo}</p>}
      </header>
      <Separador />
      <section aria-label="Cliente">
        <p className="break-words">
          <span className="font-bold">Cliente:</span> {pedido.nombreCompleto}
          {marca ? ` (${marca})` : ''}
        </p>
        {/* An order typed by the owner may have no phone (issue 29). */}
        {pedido.celular !== '' && (
          <p>
            <span className="font-bold">Tel:</span> {formatCelular(pedido.celular)}
          </p>
        )}
        <p className="break-words">
          <span className="font-bold">Entrega:</span> {textoEntrega(pedido.entrega)}
        </p>
        {zona && <p className="break-words font-bold">{zona}</p>}
        {domicilio && <p className="break-words">{direccionDePedido(pedido)}</p>}
        {lugar && <p className="break-words">{lugar}</p>}
        {domicilio && pedido.entrega?.referencias && (
          <p className="break-words">Ref: {pedido.entrega.referencias}</p>
        )}
        <p className="break-words">
          <span className="font-bold">Pago:</span> {textoMetodoPago(pedido.pago)}
          {transferencia ? (pedido.pago.pagado ? ' (PAGADO)' : ' (PENDIENTE)') : ''}
        </p>
        {cambio && <p className="break-words">{cambio}</p>}
        {transferencia && pedido.pago.referencia && (
          <p className="break-words">Ref. pago: {pedido.pago.referencia}</p>
        )}
      </section>
      {pedido.nota && (
        <>
          <Separador />
          <p className="font-bold break-words whitespace-pre-line">NOTA: {pedido.nota}</p>
        </>
      )}
      <Separador />
      <ul aria-label="Productos">
        {pedido.pedidoDetalles.map((l, index) => {
          const precio = pesosToCentavos(l.precio);
          return (
            <li key={index} className="mb-1">
              <p className="font-bold break-words">
                {l.cantidad} x {l.nombreProducto}
              </p>
              {l.opciones?.length > 0 && (
                <p className="break-words">{`  ${textoDeOpciones(l.opciones)}`}</p>
              )}
              {l.nota && <p className="break-words">{`  * ${l.nota}`}</p>}
              <Fila
                left={`  ${formatPesos(precio)} c/u`}
                right={formatPesos(precio * l.cantidad)}
              />
            </li>
          );
        })}
      </ul>
      <Separador />
      <Fila left="Artículos" right={totales.cantidadDeArticulos} />
      <Fila left="Subtotal" right={formatPesos(totales.subtotal)} />
      <Fila left="Envío" right={formatPesos(totales.envio)} />
      <Fila left="TOTAL" right={formatPesos(totales.total)} strong />
      <Separador />
      <p className="text-center">Gracias por su compra</p>
    </article>
  );
}
