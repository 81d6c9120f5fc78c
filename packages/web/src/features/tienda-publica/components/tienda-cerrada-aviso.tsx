import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { DiaEspecial, HorarioDia } from '@tianguis/domain';
import type {
  TiendaPublica,
  TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { useNow } from '../../../lib/use-now';
import { avisoDeCierre, RECHEQUEO_MS } from '../../../lib/tienda-publica/estado';

// Only a shop that takes orders for later or has a busy delay on needs it: loaded apart.
const AvisoProgramacion = lazy(() => import('./aviso-programacion'));

/** A closed or paused shop's notice: amber, named by its title, then why. */
export function AvisoDeTienda(props: { titulo: string; motivo: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 scroll-mt-20 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id={titleId} className="mb-2 text-lg font-bold [overflow-wrap:anywhere]">
        {props.titulo}
      </h2>
      <p>{props.motivo}</p>
      {props.children}
    </section>
  );
}

/**
 * The closed notice for the instant `now`; nothing while the shop is open. A paused shop's notice
 * is TiendaCondiciones' (tienda-condiciones.tsx), which comes with the pause rule.
 */
export function TiendaCerradaAviso(props: {
  tienda: Pick<TiendaPublica, 'nombre' | 'timeZone'>;
  horarios: readonly HorarioDia[];
  diasEspeciales: readonly DiaEspecial[];
  now: Date;
}) {
  const aviso = avisoDeCierre(props.tienda, props.horarios, props.diasEspeciales, props.now);
  // The live region stays mounted so a shop closing while the page is open is announced.
  return (
    <div aria-live="polite">
      {aviso && (
        <AvisoDeTienda titulo={aviso.titulo} motivo={aviso.motivo}>
          <p className="mt-1 font-medium">{aviso.proximaApertura}</p>
          <p className="mt-3 text-sm">{aviso.footer}</p>
        </AvisoDeTienda>
      )}
    </div>
  );
}

/**
 * The notice kept current: the page's clock ticks every minute. A shop that takes orders for
 * later or has a busy delay on adds the estimate, or says from when it can be ordered
 * (aviso-programacion.tsx).
 */
export function TiendaCerradaAvisoVivo({ answer }: { answer: TiendaPublicaAnswer }) {
  const now = useNow(RECHEQUEO_MS);
  const cerrada = (
    <TiendaCerradaAviso
      tienda={answer.tienda}
      horarios={answer.horarios}
      diasEspeciales={answer.diasEspeciales}
      now={now}
    />
  );
  return answer.tienda.programacion?.activa || answer.tienda.demoraMin ? (
    <Suspense fallback={cerrada}>
      <AvisoProgramacion answer={answer} now={now}>
        {cerrada}
      </AvisoProgramacion>
    </Suspense>
  ) : (
    cerrada
  );
}
