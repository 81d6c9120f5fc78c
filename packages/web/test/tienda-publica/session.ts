import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearQueryCache } from '../../src/lib/query';
import { clearSession } from '../../src/lib/session-store';

/** A fetch that answers JSON for each path it knows, and records every request. */
export function fakeFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[url];
    if (!answer) {
      return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
        status: 404,
      });
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { fetch, calls };
}

/** Monday 20:00 in Mexico City: the demo taquería (fixtures.ts) is open. */
export const TAQUERIA_ABIERTA = new Date('2025-09-02T02:00:00Z');

/**
 * Every test of the file runs at TAQUERIA_ABIERTA (only Date is faked: timers stay real) and
 * leaves a clean page behind: no session, cache, browser basket or stubbed global.
 */
export function setupTaqueriaAbierta(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TAQUERIA_ABIERTA);
  });
  // Unmounted first: a page still mounted would refill the cache it is emptied of.
  afterEach(() => {
    cleanup();
    clearSession();
    clearQueryCache();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
