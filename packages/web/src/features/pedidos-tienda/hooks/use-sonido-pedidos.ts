import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  audioState,
  playBeep,
  readSonidoActivo,
  storeSonidoActivo,
  subscribeAudioState,
  unlockAudio,
} from './sonido';

// ON/OFF is one value for the tab: the switch on the order list and the alerts banner (mounted
// on every owner screen) read and change the same choice.
let activo: boolean | undefined;
const activoListeners = new Set<() => void>();

function getActivo(): boolean {
  activo ??= readSonidoActivo();
  return activo;
}

function subscribeActivo(listener: () => void): () => void {
  activoListeners.add(listener);
  return () => activoListeners.delete(listener);
}

function setActivo(on: boolean): void {
  activo = on;
  storeSonidoActivo(on);
  for (const listener of activoListeners) listener();
}

/**
 * The order alerts' sound: ON/OFF remembered on this device, 'Probar', and the beep itself.
 * The first tap, click or key press anywhere on the page unlocks audio, since browsers keep it
 * muted until the person interacts. It listens for `click`, not `pointerdown`: the hint above the
 * order board goes away once the sound is on, and were that to happen while the finger is still
 * down, everything below would move up under it and the tap would land beside the button it was
 * meant for (docs/web-screens.md, "Nothing moves under a tap").
 */
export function useSonidoPedidos() {
  const on = useSyncExternalStore(subscribeActivo, getActivo, () => true);

  useEffect(() => {
    const unlock = () => {
      unlockAudio();
      if (audioState() === 'listo') remove();
    };
    const remove = () => {
      document.removeEventListener('click', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
    if (audioState() === 'listo') return;
    document.addEventListener('click', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return remove;
  }, []);

  const estadoAudio = useSyncExternalStore(subscribeAudioState, audioState, () => 'sin-audio');

  const change = useCallback((next: boolean) => {
    setActivo(next);
    if (next) unlockAudio();
  }, []);

  const test = useCallback(() => {
    unlockAudio();
    playBeep();
  }, []);

  /**
   * One beep when the sound is ON; answers whether it was really heard, i.e. the browser let the
   * page play (a locked or missing audio output plays nothing).
   */
  const notify = useCallback((): boolean => {
    if (!getActivo()) return false;
    return playBeep() && audioState() === 'listo';
  }, []);

  return {
    activo: on,
    change,
    test,
    notify,
    estadoAudio,
    bloqueado: on && estadoAudio === 'bloqueado',
  };
}
