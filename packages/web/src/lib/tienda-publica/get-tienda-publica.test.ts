import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { taqueria } from '#test/tienda-publica/fixtures';
import { clearQueryCache } from '../query';
import { getTiendaPublica, prefetchTiendaPublica, useTiendaPublica } from './get-tienda-publica';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers each call with the next status of the list (200 carries the shop). */
function answering(...statuses: number[]) {
  let calls = 0;
  vi.stubGlobal('fetch', async () => {
    const status = statuses[Math.min(calls, statuses.length - 1)] ?? 200;
    calls += 1;
    if (status === 0) throw new TypeError('Failed to fetch');
    const body =
      status === 200 ? taqueria() : { code: 'X', message: status === 404 ? 'No existe' : 'Falla' };
    return new Response(JSON.stringify(body), { status });
  });
  return () => calls;
}

describe('getTiendaPublica (the shop load is retried at most 3 times, docs/web-screens.md)', () => {
  it('tries again after a lost connection or a server failure', async () => {
    const calls = answering(0, 503, 200);
    const answer = await getTiendaPublica('taqueria-lupe', 1);
    expect(answer.tienda.nombre).toBe('Taquería Lupe');
    expect(calls()).toBe(3);
  });

  it('gives up after the third retry with the last error', async () => {
    const calls = answering(503);
    await expect(getTiendaPublica('taqueria-lupe', 1)).rejects.toMatchObject({ status: 503 });
    expect(calls()).toBe(4);
  });

  it('does not retry an answer: a shop that does not exist is a 404 at once', async () => {
    const calls = answering(404);
    const error = await getTiendaPublica('nadie', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(calls()).toBe(1);
  });
});

describe('prefetchTiendaPublica (boot.ts, a page opened on a shop)', () => {
  afterEach(() => {
    cleanup();
    clearQueryCache();
  });

  it('starts the load at once; the first reader of that shop takes it, later ones fetch', async () => {
    const calls = answering(200);
    prefetchTiendaPublica('Taqueria-Lupe');
    expect(calls()).toBe(1);
    const first = renderHook(() => useTiendaPublica('taqueria-lupe'));
    await waitFor(() => expect(first.result.current.data?.tienda.nombre).toBe('Taquería Lupe'));
    expect(calls()).toBe(1);
    await first.result.current.refetch();
    expect(calls()).toBe(2);
  });

  it('is not used for another shop', async () => {
    const calls = answering(200);
    prefetchTiendaPublica('otra-tienda');
    const hook = renderHook(() => useTiendaPublica('taqueria-lupe'));
    await waitFor(() => expect(hook.result.current.data).toBeDefined());
    expect(calls()).toBe(2);
  });
});
