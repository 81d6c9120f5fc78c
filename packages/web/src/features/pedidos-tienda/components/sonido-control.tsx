import { Volume2, VolumeX } from 'lucide-react';

/** The line shown while the browser holds the sound back (it goes at the first touch). */
export const PISTA_SONIDO =
  'Toca cualquier parte de la página para que el navegador permita el sonido.';

export function PistaSonido({ bloqueado }: { bloqueado: boolean }) {
  return bloqueado ? <p className="w-full text-xs text-amber-800">{PISTA_SONIDO}</p> : null;
}

/**
 * Sound for new orders at a glance, for the board's bar: one button, pressed while the sound is
 * on (remembered on this device).
 */
export function SonidoBoton(props: { activo: boolean; onChange: (activo: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={props.activo}
      aria-label="Sonido de nuevos pedidos"
      title={props.activo ? 'Sonido encendido' : 'Sonido apagado'}
      onClick={() => props.onChange(!props.activo)}
      className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border ${props.activo ? 'border-marca-600 bg-marca-50 text-marca-700' : 'border-amber-400 bg-amber-50 text-amber-800'}`}
    >
      {props.activo ? (
        <Volume2 aria-hidden="true" className="size-5" />
      ) : (
        <VolumeX aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}

/** Sound for new orders: ON / OFF (remembered on this device) and 'Probar'. */
export function SonidoControl(props: {
  activo: boolean;
  onChange: (activo: boolean) => void;
  onTest: () => void;
}) {
  const option = (on: boolean) =>
    `min-h-11 px-3 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg ${props.activo === on ? 'bg-marca-600 text-white' : 'bg-white text-stone-800 hover:bg-stone-100'}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Sonido de nuevos pedidos" className="flex items-center gap-2">
        <span className="flex items-center gap-1 text-sm font-medium" aria-hidden="true">
          {props.activo ? <Volume2 className="size-4" /> : <VolumeX className="size-4" />}
          Sonido
        </span>
        <div className="flex overflow-hidden rounded-lg border border-stone-300">
          <button
            type="button"
            aria-pressed={props.activo}
            onClick={() => props.onChange(true)}
            className={option(true)}
          >
            ON
          </button>
          <button
            type="button"
            aria-pressed={!props.activo}
            onClick={() => props.onChange(false)}
            className={option(false)}
          >
            OFF
          </button>
        </div>
        <button
          type="button"
          onClick={props.onTest}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-100"
        >
          Probar
        </button>
      </div>
    </div>
  );
}
