import { alertasTiendaMessages, isPausada } from '@tianguis/domain';
import { ChevronDown, Settings2 } from 'lucide-react';
import { useId, useState } from 'react';
import { AvisosPush } from '../../push';
import { type MiTienda, PausaPedidos, PausaPedidosCargando } from '../../mi-tienda';
import { ActualizacionIndicador, type ActualizacionProps } from './actualizacion-indicador';
import { OcupadosControl } from './ocupados-control';
import { PistaSonido, SonidoBoton, SonidoControl } from './sonido-control';

const iconoBoton =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60';

/**
 * The board's compact bar (docs/web-screens.md, "The order board"): one line with the live
 * state, "Actualizar ahora", the sound's switch and "Opciones" (the hint below it while the
 * browser holds the sound back). The sound's ON/OFF and "Probar", pausing, the phone's alerts and
 * the screen-on note sit in the panel "Opciones" opens, so the first order stays in the first
 * screen; a pause in force shows under the bar itself, "Reanudar" one tap away. "Estamos
 * ocupados" (the busy delay) is the bar's second line, one tap from the orders.
 */
export function TableroBarra(
  props: ActualizacionProps & {
    sonido: {
      activo: boolean;
      bloqueado: boolean;
      change: (activo: boolean) => void;
      test: () => void;
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
      <div className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-2">
        <div className="flex items-center gap-2">
          <ActualizacionIndicador
            conexion={props.conexion}
            updatedAt={props.updatedAt}
            now={props.now}
            actualizando={props.actualizando}
            onRefresh={props.onRefresh}
          />
          <SonidoBoton activo={sonido.activo} onChange={sonido.change} />
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
        <PistaSonido bloqueado={sonido.bloqueado} />
        <OcupadosControl tienda={tienda} />
      </div>
      {/* A pause is seen at once, with "Reanudar" one tap away. */}
      {pausada && <div className="mt-2 [&>section]:mb-0">{pausa}</div>}
      <div id={`${id}-opciones`} hidden={!abierto} className="mt-2">
        <div className="mb-3 rounded-xl border border-stone-200 bg-white p-3">
          <SonidoControl activo={sonido.activo} onChange={sonido.change} onTest={sonido.test} />
        </div>
        {props.pantallaEncendida && (
          <p
            role="status"
            className="mb-3 rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-700"
          >
            {alertasTiendaMessages.pantallaEncendida}
          </p>
        )}
        {!pausada && pausa}
        <AvisosPush para="tienda" />
      </div>
    </section>
  );
}
