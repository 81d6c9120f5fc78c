import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePantallaEncendida } from './use-pantalla-encendida';

/** The Screen Wake Lock API as far as the hook uses it (jsdom has none): the locks it handed out. */
class WakeLockDePrueba {
  entregados: { released: boolean; soltar: () => void }[] = [];
  negar = false;
  request(type: 'screen') {
    if (type !== 'screen' || this.negar) return Promise.reject(new Error('NotAllowedError'));
    const listeners: (() => void)[] = [];
    const lock = {
      released: false,
      release: () => {
        lock.soltar();
        return Promise.resolve();
      },
      soltar: () => {
        if (lock.released) return;
        lock.released = true;
        for (const listener of listeners) listener();
      },
      addEventListener: (_type: 'release', listener: () => void) => listeners.push(listener),
    };
    this.entregados.push(lock);
    return Promise.resolve(lock);
  }
}

function instalar(): WakeLockDePrueba {
  const wakeLock = new WakeLockDePrueba();
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  return wakeLock;
}

function visibilidad(estado: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: estado, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('keeping the screen on while the order board is open', () => {
  it('holds the lock, asks again when the tab is visible again, and lets go on leaving', async () => {
    const wakeLock = instalar();
    const { result, unmount } = renderHook(() => usePantallaEncendida());
    await waitFor(() => expect(result.current).toBe(true));
    expect(wakeLock.entregados).toHaveLength(1);

    // The browser lets go when the tab is hidden...
    act(() => {
      visibilidad('hidden');
      wakeLock.entregados[0]?.soltar();
    });
    expect(result.current).toBe(false);
    // ... and it is asked for again when the tab is back.
    act(() => visibilidad('visible'));
    await waitFor(() => expect(result.current).toBe(true));
    expect(wakeLock.entregados).toHaveLength(2);

    unmount();
    expect(wakeLock.entregados.every((lock) => lock.released)).toBe(true);
  });

  it('says nothing where the browser refuses it or has none', async () => {
    const wakeLock = instalar();
    wakeLock.negar = true;
    const negado = renderHook(() => usePantallaEncendida());
    await act(() => Promise.resolve());
    expect(negado.result.current).toBe(false);
    negado.unmount();

    delete (navigator as { wakeLock?: unknown }).wakeLock;
    const sinApi = renderHook(() => usePantallaEncendida());
    expect(sinApi.result.current).toBe(false);
  });
});
