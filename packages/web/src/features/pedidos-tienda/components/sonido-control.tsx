import { Volume2, VolumeX } from 'lucide-react';

/** Sound for new orders: ON / OFF (remembered on this device) and 'Probar'. */
export function SonidoControl(props: {
  activo: boolean;
  bloqueado: boolean;
  onCambiar: (activo: boolean) => void;
  onProbar: () => void;
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
            onClick={() => props.onCambiar(true)}
            className={option(true)}
          >
            ON
          </button>
          <button
            type="button"
            aria-pressed={!props.activo}
            onClick={() => props.onCambiar(false)}
            className={option(false)}
          >
            OFF
          </button>
        </div>
        <button
          type="button"
          onClick={props.onProbar}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-100"
        >
          Probar
        </button>
      </div>
      {props.bloqueado && (
        <p className="w-full text-xs text-amber-800">
          Toca cualquier parte de la página para que el navegador permita el sonido.
        </p>
      )}
    </div>
  );
}
