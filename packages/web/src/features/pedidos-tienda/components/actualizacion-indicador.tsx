import { pedidosTiendaMessages } from '@tianguis/domain';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
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
  onActualizar: () => void;
}

export function ActualizacionIndicador(props: ActualizacionProps) {
  const live = props.conexion === 'en-vivo';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <span
          aria-hidden="true"
          className={`size-2.5 rounded-full ${live ? 'animate-pulse bg-green-600' : 'bg-amber-500'}`}
        />
        <span>
          {live ? <strong className="text-green-800">En vivo</strong> : null}
          {live ? ' · ' : null}
          {props.updatedAt > 0
            ? `Actualizado ${formatHace(props.now - props.updatedAt)}`
            : 'Cargando…'}
          {!live && props.conexion === 'sin-conexion' ? ' · se revisa cada 30 s' : null}
        </span>
      </p>
      <Button
        variant="secondary"
        className="text-sm"
        onClick={props.onActualizar}
        disabled={props.actualizando}
        aria-busy={props.actualizando || undefined}
      >
        <RefreshCw
          aria-hidden="true"
          className={`size-4 ${props.actualizando ? 'animate-spin' : ''}`}
        />
        {pedidosTiendaMessages.actualizarAhora}
      </Button>
    </div>
  );
}
