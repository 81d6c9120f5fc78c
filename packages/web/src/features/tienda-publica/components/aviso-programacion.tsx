import {
  avisoDeProgramacion,
  franjasBase,
  PROGRAMACION_POR_OMISION,
  tiempoEstimado,
} from '@tianguis/domain';
import { useId, type ReactNode } from 'react';
import { useFranjas } from '../api/get-franjas';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { zonaDe } from '../../../lib/tienda-publica/estado';
import { avisoDeTienda } from '../../../lib/tienda-publica/estado-pedidos';

/**
 * The shop page's lines about time (docs/api.md, "Orders for later"), for a shop that takes
 * orders for later or has a busy delay on, loaded apart from the page's first download (with the
 * domain's slot rules). While the shop takes orders: 'Tiempo estimado: 35 min' (its preparation
 * time plus the delay). Closed or paused, a shop that takes orders for later says instead from
 * when: 'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:00' (its first
 * slot with room); without any slot, or without scheduling, its closed or paused notice as ever.
 *
 * The first slot is worked out here from the shop's hours (the domain's franjasBase, as the
 * server does), so the server's rendering and the hydrating page say the same at once; the
 * shop's own list, with its places, takes over when it arrives (a full slot is skipped).
 */
export default function AvisoProgramacion(props: {
  answer: TiendaPublicaAnswer;
  now: Date;
  /** The closed notice (tienda-cerrada-aviso.tsx): nothing while the shop is open. */
  children: ReactNode;
}) {
  const { answer, now } = props;
  const { tienda, horarios, diasEspeciales } = answer;
  const { programacion = PROGRAMACION_POR_OMISION, demoraMin = 0 } = tienda;
  const titleId = useId();
  const aviso = avisoDeTienda(tienda, horarios, diasEspeciales, now);
  const programable = aviso !== undefined && programacion.activa;
  const franjas = useFranjas(tienda.usuario, { enabled: programable });
  if (!aviso) {
    return (
      <>
        {props.children}
        <p className="-mt-1 mb-3 font-medium">
          {tiempoEstimado(programacion.preparacionMin + demoraMin)}
        </p>
      </>
    );
  }
  // Without scheduling, a paused shop's notice is TiendaCondiciones'.
  if (!programable) return props.children;
  const timeZone = zonaDe(tienda.timeZone);
  const lista =
    franjas.data?.franjas ??
    franjasBase({ programacion, horarios, diasEspeciales, timeZone }, now).map((f) => ({
      inicio: new Date(f.inicio).toISOString(),
      disponible: true,
    }));
  const texto = avisoDeProgramacion(lista, now, timeZone);
  if (!texto && aviso.tipo === 'CERRADA') return props.children;
  return (
    <div aria-live="polite">
      <section
        aria-labelledby={titleId}
        className="mb-6 scroll-mt-20 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <h2 id={titleId} className="mb-1 text-lg font-bold [overflow-wrap:anywhere]">
          {texto ?? aviso.titulo}
        </h2>
        <p>{aviso.motivo}</p>
      </section>
    </div>
  );
}
