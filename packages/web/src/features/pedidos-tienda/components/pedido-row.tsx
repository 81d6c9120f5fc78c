import { pesosToCentavos, formatArticulos, formatFechaPedido, formatPesos } from '@tianguis/domain';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { marcaDeOrigen, textoListoEstimado } from './pedido-estado';
import { PedidoEscaladoBadge, PedidoOrigenBadge, PedidoStatusBadge } from './pedido-status-badge';

/** One order in the list; the whole row opens its detail (the order goes as navigation state). */
export function PedidoRow({ pedido, timeZone }: { pedido: PedidoTienda; timeZone: string }) {
  const detallesId = useId();
  const listo = textoListoEstimado(pedido, timeZone);
  return (
    <li>
      <Link
        to={`/pedidosdetalle?id=${pedido.id}`}
        state={{ pedido }}
        aria-label={`Pedido ${pedido.id} de ${pedido.nombreCompleto}, ver detalle`}
        // The label names the link; the count, amount, status and date are read after it.
        aria-describedby={detallesId}
        className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 hover:border-marca-500 hover:bg-marca-50"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <p className="min-w-0 truncate font-semibold">
              <span className="font-normal text-stone-600">Usuario: </span>
              {pedido.nombreCompleto}
            </p>
            <p className="text-sm text-stone-600">#{pedido.id}</p>
          </div>
          <div id={detallesId} className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span>{formatArticulos(pedido.cantidadDeArticulos)}</span>
            <span className="font-semibold">{formatPesos(pesosToCentavos(pedido.montoTotal))}</span>
            <PedidoStatusBadge status={pedido.status} />
            <PedidoEscaladoBadge escalado={pedido.escalado} />
            <PedidoOrigenBadge marca={marcaDeOrigen(pedido)} />
            {listo && <span className="text-sky-900">{listo}</span>}
            <time dateTime={pedido.fecha} className="text-stone-600">
              {formatFechaPedido(pedido.fecha, timeZone)}
            </time>
          </div>
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
      </Link>
    </li>
  );
}
