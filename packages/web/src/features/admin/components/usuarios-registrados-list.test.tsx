import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { UsuariosRegistradosList } from './usuarios-registrados-list';

function answer(status: number, body: unknown) {
  const calls: { url: string; method?: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method, body: init.body && JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

beforeEach(() => clearQueryCache());
afterEach(() => vi.unstubAllGlobals());

describe('UsuariosRegistradosList', () => {
  it('shows one card per account, newest first, with type, phone, email and date', async () => {
    const calls = answer(200, [
      {
        id: 1,
        tipoUsuario: 'ADMIN',
        celular: '',
        email: 'admin@tianguis.mx',
        datetime: '2025-08-01T10:00:00-06:00',
      },
      {
        id: 3,
        tipoUsuario: 'USUARIO',
        celular: '5512345678',
        email: 'cliente@tianguis.mx',
        datetime: '2025-08-22T20:30:00-06:00',
      },
      {
        id: 2,
        tipoUsuario: 'TIENDA',
        celular: '3312345678',
        email: 'tienda@tianguis.mx',
        datetime: '2025-08-10T09:00:00-06:00',
      },
    ]);
    render(<UsuariosRegistradosList />);
    const cards = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent?.match(/Id (\d+)/)?.[1])).toEqual(['3', '2', '1']);
    const newest = within(cards[0]!);
    expect(newest.getByText('Cliente')).toBeTruthy();
    expect(newest.getByText('55-1234-5678')).toBeTruthy();
    expect(newest.getByText('cliente@tianguis.mx')).toBeTruthy();
    expect(cards[0]!.querySelector('time')?.textContent).toMatch(/22.*ago.*2025/);
    expect(within(cards[2]!).getByText('Sin celular')).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/login/listarlogin', method: 'POST', body: {} });
  });

  it('says so when there is no account', async () => {
    answer(200, []);
    render(<UsuariosRegistradosList />);
    expect(await screen.findByText('No hay usuarios registrados')).toBeTruthy();
  });

  it("shows the server's message when the list can't be read", async () => {
    answer(403, { code: 'PROHIBIDO', message: 'No tienes permiso para esta acción' });
    render(<UsuariosRegistradosList />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No tienes permiso para esta acción',
    );
  });
});
