import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimbrePedidos } from './use-timbre-pedidos';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The bell over the waiting orders `ids`, counting the rings it plays. */
function montar(ids: number[], options: { puedeSonar?: boolean; suena?: boolean } = {}) {
  const tocados: number[] = [];
  let suena = options.suena ?? true;
  const tocar = () => {
    tocados.push(Date.now());
    return suena;
  };
  const hook = renderHook(
    (props: { ids: number[]; puedeSonar: boolean }) =>
      useTimbrePedidos(props.ids, { puedeSonar: props.puedeSonar, ring: tocar }),
    { initialProps: { ids, puedeSonar: options.puedeSonar ?? true } },
  );
  return {
    ...hook,
    tocados,
    hacerSonar: (value: boolean) => (suena = value),
  };
}

describe('the owner alerts’ bell', () => {
  it('rings at once for an alerted order and every 5 s while it waits, then stops when it is opened', () => {
    const { result, rerender, tocados } = montar([7]);
    expect(tocados).toHaveLength(0);
    act(() => result.current.alertPedidos([7]));
    expect(tocados).toHaveLength(1);
    expect(result.current.suenan).toEqual([7]);
    act(() => vi.advanceTimersByTime(4_000));
    expect(tocados).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(tocados).toHaveLength(2);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.toques).toBe(4);

    // Opened (or accepted, or cancelled): it no longer waits.
    rerender({ ids: [], puedeSonar: true });
    act(() => vi.advanceTimersByTime(30_000));
    expect(tocados).toHaveLength(4);
    expect(result.current.suenan).toEqual([]);
  });

  it('"Silenciar" quiets the orders ringing now; the next new order rings again', () => {
    const { result, rerender, tocados } = montar([7]);
    act(() => result.current.alertPedidos([7]));
    act(() => result.current.silence());
    expect(result.current.silenciado).toBe(true);
    act(() => vi.advanceTimersByTime(30_000));
    expect(tocados).toHaveLength(1);

    rerender({ ids: [8, 7], puedeSonar: true });
    act(() => result.current.alertPedidos([8]));
    expect(tocados).toHaveLength(2);
    expect(result.current.suenan).toEqual([8]);
  });

  it('does not ring for orders that were waiting before it was told about them', () => {
    const { result, tocados } = montar([3, 4]);
    act(() => vi.advanceTimersByTime(20_000));
    expect(tocados).toHaveLength(0);
    expect(result.current.suenan).toEqual([]);
  });

  it('waits while the sound is locked or off, and rings as soon as it may', () => {
    const { result, rerender, tocados } = montar([7], { puedeSonar: false });
    act(() => result.current.alertPedidos([7]));
    act(() => vi.advanceTimersByTime(20_000));
    expect(tocados).toHaveLength(0);
    expect(result.current.suenan).toEqual([7]);
    rerender({ ids: [7], puedeSonar: true });
    expect(tocados).toHaveLength(1);
    expect(result.current.toques).toBe(1);
  });

  it('counts only the rings the browser played, trying again on the next pulse', () => {
    const { result, tocados, hacerSonar } = montar([7], { suena: false });
    act(() => result.current.alertPedidos([7]));
    act(() => vi.advanceTimersByTime(2_000));
    expect(tocados).toHaveLength(3);
    expect(result.current.toques).toBe(0);
    hacerSonar(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.toques).toBe(1);
  });
});
