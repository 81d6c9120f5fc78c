import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, setQueryData } from '../../../lib/query';
import { clearSession, storeToken } from '../../../lib/session-store';
import { miTiendaKey, useMiTienda, type MiTienda } from '../../mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { OcupadosControl, textoOcupados, TIEMPOS_NORMALES } from './ocupados-control';
import { tokenFor } from '#test/session';

/**
 * The server: `POST /api/tienda/demora {minutos}` answers the owner's shop list with that delay
 * in force (as docs/api.md says), or `refusal` when given; what was asked is kept.
 */
function server(options: { refusal?: { status: number; message: string } } = {}) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as { minutos: number };
    requests.push({ url, body });
    if (options.refusal) {
      return new Response(
        JSON.stringify({ code: 'VALIDACION', message: options.refusal.message }),
        { status: options.refusal.status, headers: { 'content-type': 'application/json' } },
      );
    }
    const list: MiTienda[] = [
      tiendaDePrueba({ demoraMin: body.minutos }),
      tiendaDePrueba({ tiendaId: 9, usuario: 'otra', demoraMin: 0 }),
    ];
    return new Response(JSON.stringify(list), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

/** The control as the board has it: the owner's shop from the cache. */
function Tablero() {
  const { data } = useMiTienda();
  return <OcupadosControl tienda={data} />;
}

const grupo = () => screen.getByRole('group', { name: 'Estamos ocupados' });
const boton = (name: string) => within(grupo()).getByRole('button', { name });
const pressed = () =>
  within(grupo())
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.getAttribute('aria-label'));

beforeEach(() => storeToken(tokenFor(3)));
afterEach(() => {
  // Unmounted first: a cleared entry still on screen is fetched again.
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  clearQueryCache();
});

describe('OcupadosControl', () => {
  it('offers +10, +20 and +30 min, none pressed, while there is no delay', () => {
    server();
    setQueryData(miTiendaKey, tiendaDePrueba({ demoraMin: 0 }));
    render(<Tablero />);
    expect(screen.getByRole('heading', { name: /Estamos ocupados/ })).toBeTruthy();
    expect(
      within(grupo())
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['+10', '+10 min', 'false'],
      ['+20', '+20 min', 'false'],
      ['+30', '+30 min', 'false'],
    ]);
    expect(screen.queryByRole('button', { name: 'Volver a normal' })).toBeNull();
    expect(screen.queryByText(/Ocupados:/)).toBeNull();
  });

  it('one tap puts +20 in force: sent, pressed, said and read out; "Volver a normal" clears it', async () => {
    const requests = server();
    setQueryData(miTiendaKey, tiendaDePrueba({ demoraMin: 0 }));
    const user = userEvent.setup({ delay: null });
    render(<Tablero />);

    await user.click(boton('+20 min'));
    expect(requests).toEqual([{ url: '/api/tienda/demora', body: { minutos: 20 } }]);
    await waitFor(() => expect(pressed()).toEqual(['+20 min']));
    expect(screen.getByRole('heading').textContent).toBe('Ocupados: +20 min · por hoy');
    expect(screen.getByRole('status').textContent).toBe(textoOcupados(20));

    // Another choice replaces it.
    await user.click(boton('+30 min'));
    await waitFor(() => expect(pressed()).toEqual(['+30 min']));
    expect(screen.getByRole('heading').textContent).toBe(textoOcupados(30));

    await user.click(boton('Volver a normal'));
    expect(requests.at(-1)).toEqual({ url: '/api/tienda/demora', body: { minutos: 0 } });
    await waitFor(() => expect(pressed()).toEqual([]));
    expect(screen.queryByRole('button', { name: 'Volver a normal' })).toBeNull();
    // The button that was pressed went away: the focus stays in the control.
    await waitFor(() => expect(document.activeElement).toBe(boton('+10 min')));
    expect(screen.getByRole('status').textContent).toBe(TIEMPOS_NORMALES);
  });

  it('shows a delay already in force (set on another device), whatever its minutes', () => {
    server();
    setQueryData(miTiendaKey, tiendaDePrueba({ demoraMin: 15 }));
    render(<Tablero />);
    expect(screen.getByRole('heading').textContent).toBe('Ocupados: +15 min · por hoy');
    expect(pressed()).toEqual([]);
    expect(boton('Volver a normal')).toBeTruthy();
  });

  it("keeps the server's refusal in the control, read out, and the buttons usable", async () => {
    const requests = server({
      refusal: { status: 400, message: 'La demora debe ser de 0 a 90 minutos' },
    });
    setQueryData(miTiendaKey, tiendaDePrueba({ demoraMin: 0 }));
    const user = userEvent.setup({ delay: null });
    render(<Tablero />);
    await user.click(boton('+10 min'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La demora debe ser de 0 a 90 minutos',
    );
    expect(pressed()).toEqual([]);
    expect((boton('+10 min') as HTMLButtonElement).disabled).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('keeps its room with its buttons off while the shop loads', () => {
    render(<OcupadosControl tienda={undefined} />);
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true');
    for (const b of within(grupo()).getAllByRole('button')) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
