import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenWith } from '#test/session';
import { clearQueryCache, getQueryData, setQueryData } from './query';
import { clearSession, getActiveSession, storeToken } from './session-store';

/** An unsigned token with docs/api.md's claims (the web app only decodes it). */
function token(userId: number, expInSeconds = 3600): string {
  const payload = {
    certserialnumber: userId,
    actort: 'N/A',
    groupsid: 0,
    role: 'USUARIO',
    gender: '5512345678',
    exp: Math.floor(Date.now() / 1000) + expInSeconds,
  };
  return tokenWith(payload);
}

afterEach(() => {
  clearSession();
  clearQueryCache();
  vi.useRealTimers();
});

describe('the cache follows the session (nobody sees the previous person’s cart or orders)', () => {
  it('is emptied when another person signs in on the same phone', () => {
    storeToken(token(1));
    setQueryData(['carrito'], ['canasta de 1']);
    storeToken(token(1));
    expect(getQueryData(['carrito'])).toEqual(['canasta de 1']);
    storeToken(token(2));
    expect(getActiveSession()?.userId).toBe(2);
    expect(getQueryData(['carrito'])).toBeUndefined();
  });

  it('is emptied when the session is cleared (a 401 from the server)', () => {
    storeToken(token(1));
    setQueryData(['mis-pedidos'], ['pedido 7']);
    clearSession();
    expect(getQueryData(['mis-pedidos'])).toBeUndefined();
  });

  it('is emptied when the token expires', () => {
    vi.useFakeTimers();
    storeToken(token(1, 60));
    setQueryData(['mis-pedidos'], ['pedido 7']);
    vi.advanceTimersByTime(59_000);
    expect(getQueryData(['mis-pedidos'])).toEqual(['pedido 7']);
    vi.advanceTimersByTime(2_000);
    expect(getActiveSession()).toBeUndefined();
    expect(getQueryData(['mis-pedidos'])).toBeUndefined();
  });
});
