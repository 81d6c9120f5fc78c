import { pedidoTiendaStatusLabel } from '@tianguis/domain';

const COLORS: Record<string, string> = {
  NUEVO: 'bg-amber-100 text-amber-900',
  COMPLETADO: 'bg-green-100 text-green-900',
  CANCELADO: 'bg-red-100 text-red-900',
};

/** 'Nuevo', 'Completado', 'Cancelado' or 'Desconocido' (section 4). */
export function PedidoStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLORS[status] ?? 'bg-stone-200 text-stone-800'}`}
    >
      {pedidoTiendaStatusLabel(status)}
    </span>
  );
}
