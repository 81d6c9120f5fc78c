import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedQueryCount,
  clearQueryCache,
  GC_MS,
  getQueryData,
  invalidateQueries,
  setQueryData,
  useQuery,
  type QueryKey,
} from './query';

/** A fetcher whose answers the test releases one by one. */
function controlledFetcher<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  const fetcher = () =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { fetcher, calls };
}

function Reader(props: { k: QueryKey; fetcher: () => Promise<string>; label: string }) {
  const q = useQuery(props.k, props.fetcher);
  return (
    <p data-testid={props.label}>
      {q.isLoading ? 'cargando' : q.error ? `error: ${q.error.message}` : (q.data ?? 'nada')}
    </p>
  );
}

afterEach(() => clearQueryCache());

describe('useQuery', () => {
  it('fetches once for two readers of the same key and shows the answer to both', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(
      <>
        <Reader k={['a', 1]} fetcher={fetcher} label="uno" />
        <Reader k={['a', 1]} fetcher={fetcher} label="dos" />
      </>,
    );
    expect(screen.getByTestId('uno').textContent).toBe('cargando');
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve('tacos'));
    expect(screen.getByTestId('uno').textContent).toBe('tacos');
    expect(screen.getByTestId('dos').textContent).toBe('tacos');
  });

  it('shows the error of a failed fetch and keeps older data on a later failure', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(<Reader k={['b']} fetcher={fetcher} label="b" />);
    await act(async () => calls[0]!.reject(new Error('Sin conexión')));
    expect(screen.getByTestId('b').textContent).toBe('error: Sin conexión');
    await act(async () => void invalidateQueries(['b']));
    await act(async () => calls[1]!.resolve('pan'));
    expect(screen.getByTestId('b').textContent).toBe('pan');
  });

  it('invalidating a prefix refetches the keys under it and not the others', async () => {
    const a = controlledFetcher<string>();
    const b = controlledFetcher<string>();
    render(
      <>
        <Reader k={['pedidos', 'activos']} fetcher={a.fetcher} label="a" />
        <Reader k={['pedidosX']} fetcher={b.fetcher} label="b" />
      </>,
    );
    await act(async () => {
      a.calls[0]!.resolve('1');
      b.calls[0]!.resolve('2');
    });
    await act(async () => void invalidateQueries(['pedidos']));
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(1);
  });

  it('an answer that was already out of date when it landed is fetched again, not shown', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(<Reader k={['c']} fetcher={fetcher} label="c" />);
    // The data changed on the server while the first read was under way.
    await act(async () => void invalidateQueries(['c']));
    await act(async () => calls[0]!.resolve('viejo'));
    expect(screen.getByTestId('c').textContent).not.toBe('viejo');
    await act(async () => calls[1]!.resolve('nuevo'));
    expect(screen.getByTestId('c').textContent).toBe('nuevo');
  });

  it('setQueryData shows a mutation answer at once and wins over a fetch already under way', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(<Reader k={['carrito']} fetcher={fetcher} label="carrito" />);
    await act(async () => setQueryData(['carrito'], 'dos piezas'));
    expect(screen.getByTestId('carrito').textContent).toBe('dos piezas');
    expect(getQueryData(['carrito'])).toBe('dos piezas');
    await act(async () => calls[0]!.resolve('vacío (viejo)'));
    expect(screen.getByTestId('carrito').textContent).not.toBe('vacío (viejo)');
  });

  it('clearQueryCache forgets what the last person on this phone saw, and reloads what is on screen', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(<Reader k={['mis-pedidos']} fetcher={fetcher} label="p" />);
    await act(async () => calls[0]!.resolve('pedido 7'));
    setQueryData(['carrito'], 'canasta de otra persona');
    await act(async () => clearQueryCache());
    expect(screen.getByTestId('p').textContent).toBe('cargando');
    expect(getQueryData(['mis-pedidos'])).toBeUndefined();
    expect(getQueryData(['carrito'])).toBeUndefined();
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve('sin pedidos'));
    expect(screen.getByTestId('p').textContent).toBe('sin pedidos');
  });

  it('is bounded: an answer nobody reads is forgotten GC_MS later, one on screen is kept', async () => {
    vi.useFakeTimers();
    try {
      // Entries left by earlier tests' readers have real timers: count relative to them.
      const before = cachedQueryCount();
      const { fetcher, calls } = controlledFetcher<string>();
      const { unmount } = render(<Reader k={['en-pantalla']} fetcher={fetcher} label="e" />);
      await act(async () => calls[0]!.resolve('a la vista'));
      for (let i = 0; i < 50; i++) setQueryData(['tienda', i], `tienda ${i}`);
      expect(cachedQueryCount() - before).toBe(51);

      await act(async () => void vi.advanceTimersByTime(GC_MS - 1_000));
      expect(cachedQueryCount() - before).toBe(51);
      await act(async () => void vi.advanceTimersByTime(2_000));
      // The 50 written and never read are gone; the one on screen stays, with its answer.
      expect(cachedQueryCount() - before).toBe(1);
      expect(screen.getByTestId('e').textContent).toBe('a la vista');

      // Off screen, it lasts GC_MS from when its reader left, then goes too.
      unmount();
      await act(async () => void vi.advanceTimersByTime(GC_MS - 1_000));
      expect(cachedQueryCount() - before).toBe(1);
      await act(async () => void vi.advanceTimersByTime(GC_MS));
      expect(cachedQueryCount() - before).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an entry read again before its time is up is kept', async () => {
    vi.useFakeTimers();
    try {
      const before = cachedQueryCount();
      setQueryData(['canasta-leida'], 'dos piezas');
      await act(async () => void vi.advanceTimersByTime(GC_MS - 1_000));
      expect(getQueryData(['canasta-leida'])).toBe('dos piezas');
      await act(async () => void vi.advanceTimersByTime(2_000));
      expect(getQueryData(['canasta-leida'])).toBe('dos piezas');
      await act(async () => void vi.advanceTimersByTime(GC_MS));
      expect(cachedQueryCount() - before).toBe(0);
      expect(getQueryData(['canasta-leida'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
