import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  audioState,
  playBeep,
  readSonidoActivo,
  storeSonidoActivo,
  subscribeAudioState,
  unlockAudio,
} from './sonido';

/**
 * The order list's sound: ON/OFF remembered on this device, 'Probar', and the alert itself.
 * The first click or key press anywhere on the page unlocks audio, since browsers keep it muted
 * until the person interacts.
 */
export function useSonidoPedidos() {
  const [activo, setActivo] = useState(readSonidoActivo);
  const activoRef = useRef(activo);
  useEffect(() => {
    activoRef.current = activo;
  }, [activo]);

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

  const cambiar = useCallback((on: boolean) => {
    setActivo(on);
    storeSonidoActivo(on);
    if (on) unlockAudio();
  }, []);

  const probar = useCallback(() => {
    unlockAudio();
    playBeep();
  }, []);

  const avisar = useCallback(() => {
    if (activoRef.current) playBeep();
  }, []);

  return { activo, cambiar, probar, avisar, bloqueado: activo && estadoAudio === 'bloqueado' };
}
