import { textoPedidoWhatsApp, whatsappUrl } from '@tianguis/domain';
import { CircleCheck, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import type { PedidoEnviado } from './checkout-card';

/** The order as a WhatsApp message to the shop, or undefined without a usable number. */
export function whatsappDePedido(pedido: PedidoEnviado): string | undefined {
  return whatsappUrl(pedido.celularTienda, textoPedidoWhatsApp(pedido.resumen));
}

/**
 * Shown after an order goes through, until the move to Mis Pedidos: the order number and the
 * offer to send the order to the shop by WhatsApp.
 */
export function PedidoEnviadoAviso({ pedido }: { pedido: PedidoEnviado }) {
  const url = whatsappDePedido(pedido);
  const numero = pedido.resumen.pedidoId === undefined ? '' : ` #${pedido.resumen.pedidoId}`;
  return (
    <div
      role="status"
      className="mb-4 rounded-2xl border border-green-200 bg-green-50 p-4 text-green-950"
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        <CircleCheck aria-hidden="true" className="shrink-0" />
        Tu pedido{numero} fue enviado a {pedido.resumen.nombreTienda}
      </p>
      <p className="mt-1">En unos segundos te llevaremos a Mis Pedidos.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800"
          >
            <MessageCircle aria-hidden="true" />
            Enviar pedido por WhatsApp
          </a>
        )}
        <Link to="/mispedidos" className={buttonClass('secondary')}>
          Ir a Mis Pedidos
        </Link>
      </div>
    </div>
  );
}
