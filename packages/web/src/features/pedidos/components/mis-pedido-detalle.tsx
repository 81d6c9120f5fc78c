import { isPedidoActivo, type PedidoVista } from '@tianguis/domain';
import { PedidoStatusBadge } from './mis-pedido-status';
import {
  EncabezadoDePedido,
  EntregaPagoNota,
  LineasDePedido,
  MotivoDeCancelacion,
  ProgramadoPara,
  textoDeEstado,
  TotalesDePedido,
  whatsappDePedido,
  WhatsAppPedidoBoton,
} from './pedido-partes';

/**
 * One order: the shop, date, status (with the ready time once accepted, or the reason it was
 * cancelled), the lines with their options and notes, the totals, delivery and payment.
 */
export function MisPedidoDetalle({ pedido }: { pedido: PedidoVista }) {
  const whatsapp = isPedidoActivo(pedido.status) ? whatsappDePedido(pedido) : undefined;
  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <EncabezadoDePedido pedido={pedido}>
        <div className="mt-1">
          <PedidoStatusBadge status={pedido.status} />
        </div>
      </EncabezadoDePedido>

      <ProgramadoPara pedido={pedido} className="mt-3 text-lg font-bold text-marca-700" />
      <p className="mt-3 font-semibold">{textoDeEstado(pedido)}</p>
      <MotivoDeCancelacion pedido={pedido} className="mt-1" />

      <h3 className="mt-4 font-semibold">Productos</h3>
      <LineasDePedido pedido={pedido} />

      <TotalesDePedido pedido={pedido} />

      <div className="mt-4 space-y-3">
        <EntregaPagoNota pedido={pedido} />
      </div>

      {whatsapp && <WhatsAppPedidoBoton href={whatsapp} className="mt-4" />}
    </article>
  );
}
