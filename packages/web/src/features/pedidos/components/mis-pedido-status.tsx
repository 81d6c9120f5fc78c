import { normalizePedidoStatus, type PedidoStatus } from '@tianguis/domain';
import {
  CircleCheck,
  CircleX,
  Hourglass,
  PackageCheck,
  Timer,
  type LucideIcon,
} from 'lucide-react';

const COLORES: Record<PedidoStatus, string> = {
  NUEVO: 'bg-amber-100 text-amber-900',
  ACEPTADO: 'bg-sky-100 text-sky-900',
  LISTO: 'bg-emerald-100 text-emerald-900',
  COMPLETADO: 'bg-green-100 text-green-900',
  CANCELADO: 'bg-red-100 text-red-900',
};

const ICONOS: Record<PedidoStatus, LucideIcon> = {
  NUEVO: Hourglass,
  ACEPTADO: Timer,
  LISTO: PackageCheck,
  COMPLETADO: CircleCheck,
  CANCELADO: CircleX,
};

/** A status's colours, the shopper's badge and the shop's alike; grey for one this app doesn't know. */
export function colorDeEstado(status: string): string {
  return Object.hasOwn(COLORES, status)
    ? COLORES[status as PedidoStatus]
    : 'bg-stone-200 text-stone-800';
}

/** An order's status as text and icon (never colour alone); an unknown value shows as NUEVO. */
export function PedidoStatusBadge({ status }: { status: string }) {
  const estado = normalizePedidoStatus(status);
  const Icono = ICONOS[estado];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${COLORES[estado]}`}
    >
      <Icono aria-hidden="true" className="size-4" />
      <span>
        <span className="sr-only">Estado: </span>
        {estado}
      </span>
    </span>
  );
}
