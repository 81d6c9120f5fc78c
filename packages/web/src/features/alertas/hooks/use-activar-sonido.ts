import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * The owner tapped "Toca para activar el sonido" on this device ('activado'). Browsers keep no
 * promise about later visits: the screen asks again whenever the sound is held back, with words
 * that say the browser is asking again.
 */
export const DESBLOQUEO_KEY = 'tianguis.pedidos.sonido.desbloqueo';
/** "Ahora no": not asked again in this visit (the tab's session, reloads included). */
export const AHORA_NO_KEY = 'tianguis.pedidos.sonido.ahora-no';

/**
 * How long the audio may take to start before the screen asks for a tap: where the browser
 * allows sound without one (an app added to the home screen, say), the context runs at once or
 * within a few milliseconds, and the screen never shows.
 */
export const ESPERA_DESBLOQUEO_MS = 400;

function leer(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function guardar(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Private mode or a full storage: the answer lasts this page only.
  }
}

// Answered on this page (a tap or "Ahora no"): the screen is not shown again until a reload.
let respondido = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getRespondido(): boolean {
  return respondido || leer(() => sessionStorage, AHORA_NO_KEY) === '1';
}

function responder(): void {
  respondido = true;
  for (const listener of listeners) listener();
}

/** For tests: a fresh page (the storages are the test's to clear). */
export function forgetRespuestaSonido(): void {
  respondido = false;
  for (const listener of listeners) listener();
}

/** Whether this page asks: still waiting for the audio to start, asking, or not asking. */
export type PreguntaSonido = 'esperando' | 'si' | 'no';

/**
 * "Toca para activar el sonido": asked on the first owner screen of a visit while the sound is
 * ON and the browser holds it back (`bloqueado`), after a short wait for an audio start that
 * needs no tap. Decided once per page: a sound held back later (a phone call on iOS, say) is left
 * to the board's hint and the banner. `activar` must run inside the tap (it unlocks the audio
 * there) and remembers the choice on the device; `ahoraNo` remembers the refusal for the visit.
 * The decision is also on `<html data-pregunta-sonido>`, for whoever checks that nothing was
 * asked.
 */
export function useActivarSonido(options: { bloqueado: boolean; activate: () => void }) {
  const yaRespondido = useSyncExternalStore(subscribe, getRespondido, () => true);
  const [decidido, setDecidido] = useState<'si' | 'no'>();
  const bloqueadoRef = useRef(options.bloqueado);
  useEffect(() => {
    bloqueadoRef.current = options.bloqueado;
  });
  useEffect(() => {
    const timer = setTimeout(
      () => setDecidido(bloqueadoRef.current && !getRespondido() ? 'si' : 'no'),
      ESPERA_DESBLOQUEO_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  const visible = decidido === 'si' && options.bloqueado && !yaRespondido;
  const pregunta: PreguntaSonido = decidido === undefined ? 'esperando' : visible ? 'si' : 'no';
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.preguntaSonido = pregunta;
    return () => {
      delete html.dataset.preguntaSonido;
    };
  }, [pregunta]);

  const { activate: unlock } = options;
  const activar = useCallback(() => {
    guardar(() => localStorage, DESBLOQUEO_KEY, 'activado');
    unlock();
    responder();
  }, [unlock]);

  const ahoraNo = useCallback(() => {
    guardar(() => sessionStorage, AHORA_NO_KEY, '1');
    responder();
  }, []);

  return {
    visible,
    pregunta,
    /** This device was unlocked on an earlier visit: the browser is asking again. */
    otraVez: leer(() => localStorage, DESBLOQUEO_KEY) === 'activado',
    activar,
    ahoraNo,
  };
}
