import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import { openMiTiendaScreen } from '#test/app/mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { clearQueryCache } from '../../lib/query';
import PedidosProgramados from './pedidos-programados';

afterEach(() => {
  // Unmounted first: a cleared entry still on screen is fetched again.
  cleanup();
  vi.unstubAllGlobals();
  clearQueryCache();
});

const renderScreen = (tienda?: MiTienda) =>
  openMiTiendaScreen('/pedidos-programados', <PedidosProgramados />, tienda);

describe('/pedidos-programados', () => {
  it("opens on the owner's saved settings, with the switched-off banner when the shop is off", () => {
    renderScreen(
      tiendaDePrueba({
        activarODesactivar: false,
        programacion: {
          activa: true,
          diasAdelante: 3,
          intervaloMin: 60,
          pedidosPorIntervalo: null,
          preparacionMin: 40,
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pedidos programados' })).toBeTruthy();
    expect(screen.getByText('Tienda desactivada')).toBeTruthy();
    expect((screen.getByLabelText('Días por adelantado') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByRole('radio', { name: '60 min' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByLabelText('Tiempo de preparación (minutos)') as HTMLInputElement).value,
    ).toBe('40');
  });

  it('says it is loading, then why it failed, with a way to try again', async () => {
    let intentos = 0;
    vi.stubGlobal('fetch', async () => {
      intentos += 1;
      return new Response(JSON.stringify({ code: 'ERROR', message: 'Servicio no disponible' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderScreen();
    expect(screen.getByRole('status').textContent).toBe('Cargando pedidos programados…');
    expect((await screen.findByRole('alert')).textContent).toContain('Servicio no disponible');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() => expect(intentos).toBe(2));
  });
});
