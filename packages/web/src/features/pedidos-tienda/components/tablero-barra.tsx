import { alertasTiendaMessages, isPausada } from '@tianguis/domain';
import { ChevronDown, Settings2, VolumeX } from 'lucide-react';
import { useId, useState } from 'react';
import { AvisosPush } from '../../push/components/avisos-push';
import type { MiTienda } from '../../mi-tienda/api/get-mi-tienda';
import { PausaPedidos, PausaPedidosCargando } from '../../mi-tienda/components/pausa-pedidos';
import { ActualizacionIndicador, type ActualizacionProps } from './actualizacion-indicador';
import { SonidoControl } from './sonido-control';

const iconoBoton =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60';

/**
 * The board's compact bar (docs/web-screens.md, "The order board"): one line with the live
 * state, "Actualizar ahora" and "Opciones"; what needs the owner's eye (orders paused, sound
 * off) shows in the bar itself. Sound, pausing and the phone's alerts sit in the panel that
 * "Opciones" opens, so the first order stays in the first screen.
 */
export function TableroBarra(
  props: ActualizacionProps & {
    sonido: {
      activo: boolean;
      bloqueado: boolean;
      cambiar: (activo: boolean) => void;
      probar: () => void;
    };
    pantallaEncendida: boolean;
    tienda: MiTienda | undefined;
    tiendaCargando: boolean;
  },
) {
  const { sonido, tienda } = props;
  const [abierto, setAbierto] = useState(false);
  const id = useId();
  const pausada = tienda ? isPausada(tienda.pausadoHasta, new Date(props.now)) : false;
  const pausa = tienda ? (
    <PausaPedidos tienda={tienda} />
  ) : (
    props.tiendaCargando && <PausaPedidosCargando />
  );

  return (
    <section aria-label="Estado del tablero" className="mb-3">
      <div className="flex items-center gap-2 rounded-xl border border-stone-200 bg-white p-2">
        <ActualizacionIndicador
          conexion={props.conexion}
          updatedAt={props.updatedAt}
          now={props.now}
          actualizando={props.actualizando}
          onActualizar={props.onActualizar}
        />
        <button
          type="button"
          className={iconoBoton}
          aria-expanded={abierto}
          aria-controls={`${id}-opciones`}
          onClick={() => setAbierto((v) => !v)}
        >
          <Settings2 aria-hidden="true" className="size-5" />
          Opciones
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${abierto ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {!sonido.activo && (
        <p className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
          <span className="flex items-center gap-1.5">
            <VolumeX aria-hidden="true" className="size-4" />
            El sonido de nuevos pedidos está apagado.
          </span>
          <button
            type="button"
            onClick={() => sonido.cambiar(true)}
            className="min-h-11 rounded-lg px-2 font-semibold text-marca-700 underline underline-offset-2"
          >
            Encender sonido
          </button>
        </p>
      )}
      {/* A pause is seen at once, with "Reanudar" one tap away. */}
      {pausada && <div className="mt-2 [&>section]:mb-0">{pausa}</div>}
      <div id={`${id}-opciones`} hidden={!abierto} className="mt-2">
        <div className="mb-3 flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3">
          <SonidoControl
            activo={sonido.activo}
            bloqueado={sonido.bloqueado}
            onCambiar={sonido.cambiar}
            onProbar={sonido.probar}
          />
          {props.pantallaEncendida && (
            <p role="status" className="text-xs text-stone-600">
              {alertasTiendaMessages.pantallaEncendida}
            </p>
          )}
        </div>
        {!pausada && pausa}
        <AvisosPush para="tienda" />
      </div>
    </section>
  );
}
