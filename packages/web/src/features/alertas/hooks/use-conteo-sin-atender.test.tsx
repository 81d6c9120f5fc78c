import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConteoSinAtender } from './use-conteo-sin-atender';

/** The app badge as far as these alerts use it, remembering what it shows. */
const badge = { shown: undefined as number | undefined };

beforeEach(() => {
  document.title = 'Mis productos · Tianguis';
  Object.assign(navigator, {
    setAppBadge: (n: number) => {
      badge.shown = n;
      return Promise.resolve();
    },
    clearAppBadge: () => {
      badge.shown = undefined;
      return Promise.resolve();
    },
  });
});
afterEach(() => {
  delete (navigator as { setAppBadge?: unknown }).setAppBadge;
  delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
  badge.shown = undefined;
});

describe('waiting orders in the tab title and app badge', () => {
  it('puts the count in front of the title and on the badge, and takes both away', () => {
    const { rerender, unmount } = renderHook((n: number) => useConteoSinAtender(n), {
      initialProps: 2,
    });
    expect(document.title).toBe('(2) Mis productos · Tianguis');
    expect(badge.shown).toBe(2);
    rerender(1);
    expect(document.title).toBe('(1) Mis productos · Tianguis');
    expect(badge.shown).toBe(1);
    rerender(0);
    expect(document.title).toBe('Mis productos · Tianguis');
    expect(badge.shown).toBeUndefined();
    rerender(3);
    unmount();
    expect(document.title).toBe('Mis productos · Tianguis');
    expect(badge.shown).toBeUndefined();
  });

  it('keeps the count when another screen sets its own title', async () => {
    renderHook(() => useConteoSinAtender(1));
    act(() => {
      document.title = 'Pedidos · Tianguis';
    });
    await waitFor(() => expect(document.title).toBe('(1) Pedidos · Tianguis'));
  });

  it('works where the browser has no badge', () => {
    delete (navigator as { setAppBadge?: unknown }).setAppBadge;
    delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
    const { unmount } = renderHook(() => useConteoSinAtender(1));
    expect(document.title).toBe('(1) Mis productos · Tianguis');
    unmount();
    expect(document.title).toBe('Mis productos · Tianguis');
  });
});
