import { pedidosTiendaMessages } from '@tianguis/domain';
import { RefreshCw } from 'lucide-react';
import type { EstadoConexion } from '../hooks/use-pedidos-en-vivo';

/** 'hace 5 s', 'hace 3 min', 'hace 2 h'. */
export function formatHace(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `hace ${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `hace ${min} min`;
  return `hace ${Math.floor(min / 60)} h`;
}

/** Whether the list follows the live stream or polls, when it last changed, 'Actualizar ahora'. */
export interface ActualizacionProps {
  conexion: EstadoConexion;
  updatedAt: number;
  now: number;
  actualizando: boolean;
  onRefresh: () => void;
}

/** One line: the live dot and text, and 'Actualizar ahora' as an icon button (named for readers). */
export function ActualizacionIndicador(props: ActualizacionProps) {
  const live = props.conexion === 'en-vivo';
  return (
    <>
      <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-stone-700">
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 rounded-full ${live ? 'animate-pulse bg-green-600' : 'bg-amber-500'}`}
        />
        <span className="min-w-0 leading-tight">
          {live ? <strong className="block text-green-800">En vivo</strong> : null}
          <span className={live ? 'text-xs' : undefined}>
            {props.updatedAt > 0
              ? `Actualizado ${formatHace(props.now - props.updatedAt)}`
              : 'Cargando…'}
            {!live && props.conexion === 'sin-conexion' ? ' · se revisa cada 30 s' : null}
          </span>
        </span>
      </p>
      <button
        type="button"
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:opacity-60"
        onClick={props.onRefresh}
        disabled={props.actualizando}
        aria-busy={props.actualizando || undefined}
        aria-label={pedidosTiendaMessages.actualizarAhora}
      >
        <RefreshCw
          aria-hidden="true"
          className={`size-5 ${props.actualizando ? 'animate-spin' : ''}`}
        />
      </button>
    </>
  );
}
