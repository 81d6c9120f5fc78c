import { useId } from 'react';
import type { DiaEspecial, HorarioDia } from '@tianguis/domain';
import type { TiendaPublica, TiendaPublicaAnswer } from '../api/get-tienda-publica';
import { useNow } from '../hooks/use-now';
import { avisoDeTienda, type AvisoDeTienda } from '../logic/estado';

/** Section 4: the open/closed state is rechecked every 60 seconds. */
export const RECHEQUEO_MS = 60_000;

/**
 * Whether the shop takes orders now (hours, special days, the owner's pause), re-evaluated every
 * minute and when the tab comes back: the notice to show, or undefined while it is open. Screens
 * offer adding to the basket only while this is undefined.
 */
export function useAvisoDeTienda(
  answer: TiendaPublicaAnswer | undefined,
): AvisoDeTienda | undefined {
  const now = useNow(RECHEQUEO_MS);
  if (!answer) return undefined;
  return avisoDeTienda(answer.tienda, answer.horarios, answer.diasEspeciales, now);
}

/** The closed or paused notice for the instant `now`; nothing while the shop takes orders. */
export function TiendaCerradaAviso(props: {
  tienda: Pick<TiendaPublica, 'nombre' | 'timeZone' | 'pausadoHasta'>;
  horarios: readonly HorarioDia[];
  diasEspeciales: readonly DiaEspecial[];
  now: Date;
}) {
  const aviso = avisoDeTienda(props.tienda, props.horarios, props.diasEspeciales, props.now);
  return <AvisoDeTiendaVista aviso={aviso} />;
}

function AvisoDeTiendaVista({ aviso }: { aviso: AvisoDeTienda | undefined }) {
  const titleId = useId();
  // The live region stays mounted so a shop closing while the page is open is announced.
  return (
    <div aria-live="polite">
      {aviso && (
        <section
          aria-labelledby={titleId}
          className="mb-6 scroll-mt-20 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id={titleId} className="mb-2 text-lg font-bold break-words">
            {aviso.titulo}
          </h2>
          <p>{aviso.motivo}</p>
          {aviso.tipo === 'CERRADA' && (
            <>
              <p className="mt-1 font-medium">{aviso.proximaApertura}</p>
              <p className="mt-3 text-sm">{aviso.footer}</p>
            </>
          )}
        </section>
      )}
    </div>
  );
}

/** The notice kept current: the page's clock ticks every minute. */
export function TiendaCerradaAvisoVivo({ answer }: { answer: TiendaPublicaAnswer }) {
  return <AvisoDeTiendaVista aviso={useAvisoDeTienda(answer)} />;
}
