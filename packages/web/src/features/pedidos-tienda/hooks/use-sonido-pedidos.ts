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
 * The first click or key press anywhere on the page unlocks audio, since browsers keep it muted
 * until the person interacts.
 */
export function useSonidoPedidos() {
  const on = useSyncExternalStore(subscribeActivo, getActivo, () => true);

  useEffect(() => {
    const unlock = () => {
      unlockAudio();
      if (audioState() === 'listo') remove();
    };
    const remove = () => {
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
    if (audioState() === 'listo') return;
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return remove;
  }, []);

  const estadoAudio = useSyncExternalStore(subscribeAudioState, audioState, () => 'sin-audio');

  const cambiar = useCallback((next: boolean) => {
    setActivo(next);
    if (next) unlockAudio();
  }, []);

  const probar = useCallback(() => {
    unlockAudio();
    playBeep();
  }, []);

  /**
   * One beep when the sound is ON; answers whether it was really heard, i.e. the browser let the
   * page play (a locked or missing audio output plays nothing).
   */
  const avisar = useCallback((): boolean => {
    if (!getActivo()) return false;
    return playBeep() && audioState() === 'listo';
  }, []);

  return {
    activo: on,
    cambiar,
    probar,
    avisar,
    estadoAudio,
    bloqueado: on && estadoAudio === 'bloqueado',
  };
}
