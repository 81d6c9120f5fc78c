import { ETIQUETA_ESCALADO, pedidoTiendaStatusLabel } from '@tianguis/domain';
import { AlarmClock } from 'lucide-react';
import { colorDeEstado } from '../../pedidos';

/** 'Nuevo', 'Aceptado', 'Listo', 'Completado', 'Cancelado' or 'Desconocido': its words say it. */
export function PedidoStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colorDeEstado(status)}`}
    >
      {pedidoTiendaStatusLabel(status)}
    </span>
  );
}

/** 'Invitado' or 'Por teléfono' beside the status, when the order has one of them. */
export function PedidoOrigenBadge({ marca }: { marca: string | undefined }) {
  if (!marca) return null;
  return (
    <span className="inline-block rounded-full border border-stone-400 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
      {marca}
    </span>
  );
}

/**
 * 'Sin aceptar a tiempo' on an order that waited too long as NUEVO (the shop got an SMS and an
 * email about it). Its words say it; the icon and colour only repeat them.
 */
export function PedidoEscaladoBadge({ escalado }: { escalado: boolean | undefined }) {
  if (!escalado) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-orange-700 bg-orange-50 px-2.5 py-0.5 text-xs font-semibold text-orange-900">
      <AlarmClock aria-hidden="true" className="size-3.5" />
      {ETIQUETA_ESCALADO}
    </span>
  );
}
