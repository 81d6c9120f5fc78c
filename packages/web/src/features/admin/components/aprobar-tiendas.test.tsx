import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tiendaAdmin } from '#test/admin/fixtures';
import { clearQueryCache } from '../../../lib/query';
import type { TiendaAdmin } from '../api/list-tiendas-admin';
import { AprobarTiendas } from './aprobar-tiendas';

/** A shop of the admin's list, by its user name. */
const tienda = (tiendaId: number, usuario: string, patch: Partial<TiendaAdmin> = {}) =>
  tiendaAdmin(tiendaId, { usuario, ...patch });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A stand-in for the server at the network edge: records each request, answers from `reply`. */
function stubServer(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return reply(call);
  });
  return calls;
}

beforeEach(() => clearQueryCache());
afterEach(() => vi.unstubAllGlobals());

describe('AprobarTiendas', () => {
  it('lists only pending shops, and approving one removes it', async () => {
    let shops = [
      tienda(1, 'taqueria-lupe', { approved: true, configured: true }),
      tienda(2, 'cocina-mary', { nombre: 'cocina mary' }),
      tienda(3, 'borrada', { deleted: true }),
      tienda(4, 'panaderia-sol'),
    ];
    const calls = stubServer((call) => {
      if (call.url === '/api/tienda/approveTienda') {
        const { tiendaId } = call.body as { tiendaId: number };
        shops = shops.map((t) => (t.tiendaId === tiendaId ? { ...t, approved: true } : t));
      }
      return json(200, shops);
    });
    const user = userEvent.setup();
    render(<AprobarTiendas />);

    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'cocina-mary',
      'panaderia-sol',
    ]);
    expect(within(cards[0]!).getByText('cocina mary')).toBeTruthy();
    expect(within(cards[0]!).getByText('55-1234-5678')).toBeTruthy();
    expect(screen.queryByText('borrada')).toBeNull();
    expect(calls[0]).toMatchObject({ url: '/api/tienda/listartiendas', method: 'GET' });

    await user.click(within(cards[0]!).getByRole('button', { name: /Aprobar/ }));
    expect(calls[1]).toEqual({
      url: '/api/tienda/approveTienda',
      method: 'POST',
      body: { tiendaId: 2 },
    });
    expect(await screen.findByText('1 tienda espera aprobación.')).toBeTruthy();
    expect(screen.queryByText('cocina-mary')).toBeNull();
    expect(screen.getByText('panaderia-sol')).toBeTruthy();
  });

  it("shows the button busy while approving and the server's message when it fails", async () => {
    let release: (r: Response) => void = () => {};
    stubServer((call) =>
      call.url === '/api/tienda/approveTienda'
        ? new Promise<Response>((resolve) => (release = resolve))
        : json(200, [tienda(7, 'cocina-mary')]),
    );
    const user = userEvent.setup();
    render(<AprobarTiendas />);
    await user.click(await screen.findByRole('button', { name: /Aprobar/ }));

    const button = screen.getByRole('button', { name: /Aprobar/ });
    expect(button.textContent).toBe('Aprobando…');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      release(json(404, { code: 'NO_ENCONTRADO', message: 'La tienda no existe' })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('La tienda no existe');
    expect(screen.getByText('cocina-mary')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Aprobar/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says so when no shop is waiting', async () => {
    stubServer(() => json(200, [tienda(1, 'taqueria-lupe', { approved: true })]));
    render(<AprobarTiendas />);
    expect(await screen.findByText('No hay tiendas pendientes de aprobación')).toBeTruthy();
  });

  it('shows a failed load with a way to retry', async () => {
    stubServer(() => json(403, { code: 'PROHIBIDO', message: 'No tienes permiso' }));
    render(<AprobarTiendas />);
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes permiso');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
