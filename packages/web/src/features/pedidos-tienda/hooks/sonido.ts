import { VOLUMEN_AVISO_PEDIDO } from '@tianguis/domain';

/** The owner's choice of alert sound, kept on this device ('on' unless turned off). */
export const SONIDO_KEY = 'tianguis.pedidos.sonido';

export function readSonidoActivo(): boolean {
  try {
    return localStorage.getItem(SONIDO_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function storeSonidoActivo(activo: boolean): void {
  try {
    localStorage.setItem(SONIDO_KEY, activo ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts this visit only.
  }
}

type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;
const listeners = new Set<() => void>();

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as Window & {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return w.AudioContext ?? w.webkitAudioContext;
}

/**
 * One AudioContext for the tab, made on first need. Browsers start it suspended until the person
 * has touched the page; `unlockAudio` from a click or key press resumes it.
 */
function getContext(): AudioContext | undefined {
  if (context) return context;
  const Ctor = audioContextClass();
  if (!Ctor) return undefined;
  try {
    context = new Ctor();
  } catch {
    return undefined;
  }
  context.onstatechange = () => {
    for (const listener of listeners) listener();
  };
  return context;
}

/** 'bloqueado' until a gesture lets the page play sound; 'sin-audio' without Web Audio. */
export function audioState(): 'listo' | 'bloqueado' | 'sin-audio' | 'pendiente' {
  if (!audioContextClass()) return 'sin-audio';
  if (!context) return 'pendiente';
  return context.state === 'running' ? 'listo' : 'bloqueado';
}

export function subscribeAudioState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: the tab's next need makes a new context (as a new page would). */
export function forgetAudio(): void {
  if (context) context.onstatechange = null;
  context = undefined;
}

/** Call from a user gesture: creates or resumes the context so later alerts can sound. */
export function unlockAudio(): void {
  const ctx = getContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  for (const listener of listeners) listener();
}

/**
 * A synthesised two-note beep (volume 0.5, no audio file needed; docs/web-screens.md, "Toasts
 * and timings"). Answers false when the browser has no Web Audio.
 */
export function playBeep(volume: number = VOLUMEN_AVISO_PEDIDO): boolean {
  const ctx = getContext();
  if (!ctx) return false;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const notes: readonly [frequency: number, seconds: number][] = [
    [880, 0.16],
    [1320, 0.22],
  ];
  let at = ctx.currentTime + 0.02;
  for (const [frequency, seconds] of notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    // Short ramps at both ends: a hard start or stop clicks in the speaker.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(volume, at + 0.015);
    gain.gain.setValueAtTime(volume, at + seconds - 0.04);
    gain.gain.linearRampToValueAtTime(0, at + seconds);
    oscillator.connect(gain);
    gain.connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds + 0.01);
    at += seconds + 0.05;
  }
  return true;
}
