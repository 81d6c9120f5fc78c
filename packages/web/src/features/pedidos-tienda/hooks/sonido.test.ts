import { afterEach, describe, expect, it } from 'vitest';
import { playBeep, readSonidoActivo, SONIDO_KEY, storeSonidoActivo } from './sonido';

/** Web Audio as far as the beep uses it, recording what was scheduled. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: 'suspended' | 'running' = 'suspended';
  currentTime = 1;
  destination = { kind: 'destination' };
  oscillators: { type: string; frequency: number; started: number; stopped: number }[] = [];
  gains: { peak: number; connectedTo: unknown }[] = [];
  resumed = 0;
  onstatechange: (() => void) | null = null;
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume() {
    this.resumed++;
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    const o = { type: '', frequency: 0, started: 0, stopped: 0 };
    this.oscillators.push(o);
    return {
      set type(value: string) {
        o.type = value;
      },
      frequency: { setValueAtTime: (v: number) => (o.frequency = v) },
      connect: () => undefined,
      start: (t: number) => (o.started = t),
      stop: (t: number) => (o.stopped = t),
    };
  }
  createGain() {
    const g = { peak: 0, connectedTo: undefined as unknown };
    this.gains.push(g);
    return {
      gain: {
        setValueAtTime: (v: number) => (g.peak = Math.max(g.peak, v)),
        linearRampToValueAtTime: (v: number) => (g.peak = Math.max(g.peak, v)),
      },
      connect: (to: unknown) => (g.connectedTo = to),
    };
  }
}

afterEach(() => {
  delete (window as { AudioContext?: unknown }).AudioContext;
});

describe('alert sound', () => {
  it('is ON until turned off, and the choice is kept on the device', () => {
    expect(readSonidoActivo()).toBe(true);
    storeSonidoActivo(false);
    expect(localStorage.getItem(SONIDO_KEY)).toBe('off');
    expect(readSonidoActivo()).toBe(false);
    storeSonidoActivo(true);
    expect(readSonidoActivo()).toBe(true);
  });

  it('synthesises a two-note beep at volume 0.5, resuming a suspended context', () => {
    (window as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
    expect(playBeep()).toBe(true);
    const ctx = FakeAudioContext.made[0] as FakeAudioContext;
    expect(ctx.resumed).toBe(1);
    expect(ctx.oscillators.map((o) => [o.type, o.frequency])).toEqual([
      ['sine', 880],
      ['sine', 1320],
    ]);
    expect(
      ctx.oscillators.every((o) => o.started >= ctx.currentTime && o.stopped > o.started),
    ).toBe(true);
    expect(ctx.gains.map((g) => [g.peak, g.connectedTo])).toEqual([
      [0.5, ctx.destination],
      [0.5, ctx.destination],
    ]);
    // One context for the tab: the next beep reuses it.
    playBeep();
    expect(FakeAudioContext.made).toHaveLength(1);
  });
});
