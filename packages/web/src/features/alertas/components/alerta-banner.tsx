import { alertasTiendaMessages as m, type TextoAlerta } from '@tianguis/domain';
import { BellRing, Volume2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/**
 * The bell's state as the banner shows it: ringing, waiting for the sound to be allowed or
 * turned on, silenced by the owner, or quiet (orders that were already waiting when the page
 * opened, or a browser without audio).
 */
export type EstadoTimbre = 'sonando' | 'bloqueado' | 'apagado' | 'silenciado' | 'quieto';

const NOTAS: Partial<Record<EstadoTimbre, string>> = {
  sonando: m.sonando,
  bloqueado: m.sonidoBloqueado,
  apagado: m.sonidoApagado,
  silenciado: m.silenciado,
};

export interface AlertaBannerProps {
  texto: TextoAlerta;
  /** How many orders wait: one opens its detail, several the order list. */
  conteo: number;
  /** The address 'Ver pedido' opens. */
  destino: string;
  estado: EstadoTimbre;
  /** Rings heard this visit (exposed for whoever checks that the bell keeps ringing). */
  toques: number;
  onSilence: () => void;
  onActivateSonido: () => void;
}

/**
 * The strip under the top bar, on every owner screen, while an order waits for someone to look
 * at it. It pushes the screen down instead of covering it, so the screen's own buttons stay
 * reachable; its words are announced as they change.
 */
export function AlertaBanner(props: AlertaBannerProps) {
  const nota = NOTAS[props.estado];
  const location = useLocation();
  const enDestino = props.destino === `${location.pathname}${location.search}`;
  return (
    <section
      aria-label={m.region}
      data-timbre={props.estado}
      data-toques={props.toques}
      className="no-print border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-[1100px] flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-start gap-2">
          <BellRing
            aria-hidden="true"
            className={`mt-0.5 size-6 shrink-0 text-amber-700 ${props.estado === 'sonando' ? 'motion-safe:animate-pulse' : ''}`}
          />
          <div className="min-w-0 flex-1">
            <div role="alert" aria-atomic="true">
              <p className="font-bold">{props.texto.titulo}</p>
              <p className="text-sm">{props.texto.detalle}</p>
            </div>
            {nota && (
              <p role="status" className="text-xs text-amber-900">
                {nota}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 pl-8 sm:pl-0">
          {/* On the board itself the orders are right below: no link to the page already open. */}
          {!enDestino && (
            <Link to={props.destino} className={buttonClass('primary', 'min-h-10 px-3 py-1')}>
              {props.conteo === 1 ? m.verPedido : m.verPedidos}
            </Link>
          )}
          {props.estado === 'sonando' && (
            <button
              type="button"
              onClick={props.onSilence}
              className={buttonClass('secondary', 'min-h-10 px-3 py-1')}
            >
              {m.silenciar}
            </button>
          )}
          {(props.estado === 'bloqueado' || props.estado === 'apagado') && (
            <button
              type="button"
              onClick={props.onActivateSonido}
              className={buttonClass('secondary', 'min-h-10 px-3 py-1')}
            >
              <Volume2 aria-hidden="true" className="size-4" />
              {m.activarSonido}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
