import { DEMORAS_RAPIDAS } from '@tianguis/domain';
import { useEffect, useId, useRef, useState } from 'react';
import type { MiTienda } from '../../mi-tienda';
import { setDemora } from '../api/set-demora';

/** The delay in force, as the board shows it. */
export function textoOcupados(minutos: number): string {
  return `Ocupados: +${minutos} min · por hoy`;
}

export const TIEMPOS_NORMALES = 'Tiempos normales otra vez';
const NO_SE_CAMBIO = 'No se pudo cambiar el tiempo extra. Inténtalo de nuevo.';

const boton =
  'inline-flex min-h-11 min-w-12 items-center justify-center rounded-lg border px-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * "Estamos ocupados" on the board (docs/web-screens.md, "The order board"): +10, +20 or +30
 * minutes on every estimate until the shop closes, one tap each, and "Volver a normal" while a
 * delay is in force; the one in force is pressed and said ("Ocupados: +20 min · hasta el
 * cierre"). Success is read out; a refusal stays here, read out, and never covers the buttons.
 * Without the shop yet (loading) it keeps its room, its buttons off.
 */
export function OcupadosControl(props: {
  tienda: Pick<MiTienda, 'demoraMin'> | undefined;
  /** Sends the delay; the shop's new `demoraMin` comes back through the cache. */
  onSet?: (minutos: number) => Promise<unknown>;
}) {
  const fijar = props.onSet ?? setDemora;
  const demora = props.tienda?.demoraMin ?? 0;
  const activa = demora > 0;
  const [enCurso, setEnCurso] = useState<number>();
  const [error, setError] = useState<string>();
  const [aviso, setAviso] = useState('');
  // "Volver a normal" goes away with the delay: the focus moves to +10, once it is enabled again.
  const enfocar = useRef(false);
  const id = useId();
  const primero = useRef<HTMLButtonElement>(null);
  const cargando = props.tienda === undefined;
  const ocupado = enCurso !== undefined || cargando;

  useEffect(() => {
    if (!enfocar.current || ocupado) return;
    enfocar.current = false;
    primero.current?.focus();
  }, [ocupado]);

  const enviar = async (minutos: number) => {
    setEnCurso(minutos);
    setError(undefined);
    setAviso('');
    try {
      await fijar(minutos);
      setAviso(minutos === 0 ? TIEMPOS_NORMALES : textoOcupados(minutos));
      if (minutos === 0) enfocar.current = true;
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : NO_SE_CAMBIO);
    } finally {
      setEnCurso(undefined);
    }
  };
  return (
    <section
      aria-labelledby={`${id}-t`}
      aria-busy={cargando || undefined}
      className={`-mx-2 -mb-2 rounded-b-xl border-t px-2 py-1 ${activa ? 'border-amber-300 bg-amber-50' : 'border-stone-200'}`}
    >
      {/* One line (the board's orders come first), two while a delay is in force. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h2
          id={`${id}-t`}
          className={`min-w-0 flex-1 text-sm leading-tight font-semibold ${activa ? 'basis-full pt-1 text-amber-950' : ''}`}
        >
          {activa ? textoOcupados(demora) : 'Estamos ocupados'}
        </h2>
        <p id={`${id}-d`} className="sr-only">
          Suma minutos al tiempo de tus pedidos por el resto del día
        </p>
        <div
          role="group"
          aria-label="Estamos ocupados"
          aria-describedby={`${id}-d`}
          className="flex flex-wrap gap-1.5"
        >
          {DEMORAS_RAPIDAS.map((m, index) => {
            const pressed = demora === m;
            return (
              <button
                key={m}
                ref={index === 0 ? primero : undefined}
                type="button"
                // '+20' on the button, '+20 min' to a screen reader.
                aria-label={`+${m} min`}
                aria-pressed={pressed}
                aria-busy={enCurso === m || undefined}
                disabled={ocupado}
                onClick={() => void enviar(m)}
                className={`${boton} ${pressed ? 'border-amber-700 bg-amber-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'}`}
              >
                +{m}
              </button>
            );
          })}
          {activa && (
            <button
              type="button"
              disabled={ocupado}
              aria-busy={enCurso === 0 || undefined}
              onClick={() => void enviar(0)}
              className={`${boton} border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
            >
              Volver a normal
            </button>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {aviso}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
