import { normalizePedidoStatus, type PedidoStatus } from '@tianguis/domain';
import { CircleCheck, CircleX, Hourglass, PackageCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';

const estilos: Record<PedidoStatus, { texto: string; icono: ReactNode; clase: string }> = {
  NUEVO: {
    texto: 'NUEVO',
    icono: <Hourglass aria-hidden="true" className="size-4" />,
    clase: 'bg-amber-100 text-amber-900',
  },
  ACEPTADO: {
    texto: 'ACEPTADO',
    icono: <Timer aria-hidden="true" className="size-4" />,
    clase: 'bg-sky-100 text-sky-900',
  },
  LISTO: {
    texto: 'LISTO',
    icono: <PackageCheck aria-hidden="true" className="size-4" />,
    clase: 'bg-emerald-100 text-emerald-900',
  },
  COMPLETADO: {
    texto: 'COMPLETADO',
    icono: <CircleCheck aria-hidden="true" className="size-4" />,
    clase: 'bg-green-100 text-green-900',
  },
  CANCELADO: {
    texto: 'CANCELADO',
    icono: <CircleX aria-hidden="true" className="size-4" />,
    clase: 'bg-red-100 text-red-900',
  },
};

/** An order's status as text and icon (never colour alone); an unknown value shows as NUEVO. */
export function PedidoStatusBadge({ status }: { status: string }) {
  const estilo = estilos[normalizePedidoStatus(status)];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${estilo.clase}`}
    >
      {estilo.icono}
      <span>
        <span className="sr-only">Estado: </span>
        {estilo.texto}
      </span>
    </span>
  );
}
