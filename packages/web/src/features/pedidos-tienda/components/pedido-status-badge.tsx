import { pedidoTiendaStatusLabel } from '@tianguis/domain';

const COLORS: Record<string, string> = {
  NUEVO: 'bg-amber-100 text-amber-900',
  ACEPTADO: 'bg-sky-100 text-sky-900',
  COMPLETADO: 'bg-green-100 text-green-900',
  CANCELADO: 'bg-red-100 text-red-900',
};

/** 'Nuevo', 'Aceptado', 'Completado', 'Cancelado' or 'Desconocido'. */
export function PedidoStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLORS[status] ?? 'bg-stone-200 text-stone-800'}`}
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
