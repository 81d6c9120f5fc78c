import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, getQueryData } from '../../../lib/query';
import { clearSession, storeToken } from '../../../lib/session-store';
import { activateTienda } from './activate-tienda';
import { miTiendaKey, type MiTienda } from './get-mi-tienda';
import { updateTienda } from './update-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { tokenFor } from '#test/session';

/** The server's answer: the shop list as the owner sees it, own shop first. */
function answerWith(list: MiTienda[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return new Response(JSON.stringify(list), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

let token: string;
beforeEach(() => {
  token = tokenFor(3);
  storeToken(token);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  clearQueryCache();
});

describe('updateTienda', () => {
  it('posts the wizard body with the token and caches the own shop from the answer', async () => {
    const own = tiendaDePrueba({ costoDeEnvio: 25.5, radioCostoDeEnvio: 'si' });
    const requests = answerWith([own, tiendaDePrueba({ tiendaId: 9, usuario: 'tienda-9' })]);
    const input = {
      nombre: 'Tacos Lupe',
      imageUrl: '/images/logo.png',
      radioMontoMinimo: 'no' as const,
      montoMinimo: 0,
      radioCostoDeEnvio: 'si' as const,
      costoDeEnvio: '25.5',
    };
    await expect(updateTienda(input)).resolves.toEqual(own);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/tienda/updatetienda');
    expect(requests[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual(input);
    expect((requests[0]!.init.headers as Record<string, string>).authorization).toBe(
      `Bearer ${token}`,
    );
    expect(getQueryData(miTiendaKey)).toEqual(own);
  });
});

describe('activateTienda', () => {
  it('posts {activate} and caches the own shop in its new state', async () => {
    const requests = answerWith([
      tiendaDePrueba({ tiendaId: 9, usuario: 'tienda-9' }),
      tiendaDePrueba({ activarODesactivar: false }),
    ]);
    await activateTienda(false);
    expect(requests[0]!.url).toBe('/api/tienda/activatetienda');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ activate: false });
    expect(getQueryData<MiTienda>(miTiendaKey)?.activarODesactivar).toBe(false);
    expect(getQueryData<MiTienda>(miTiendaKey)?.tiendaId).toBe(3);
  });
});
