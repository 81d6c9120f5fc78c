import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PedidosDetalleScreen from '../../../app/routes/pedidos-detalle';
import { clearQueryCache, setQueryData } from '../../../lib/query';
import { miTiendaKey } from '../../mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { pedidosTiendaKey, type PedidoTienda } from '../../pedidos-tienda/api/get-pedidos-tienda';
import { forgetVistos } from '../../pedidos-tienda/api/mark-visto';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { AlertaBanner, type EstadoTimbre } from './alerta-banner';
import AlertasTienda from './alertas-tienda';

beforeEach(() => {
  document.title = 'Mis productos · Tianguis';
});
afterEach(() => {
  clearQueryCache();
  forgetVistos();
  vi.unstubAllGlobals();
});

function nuevo(
  id: number,
  over: Partial<Omit<PedidoTienda, 'usuarioId' | 'pedidoDetalles'>> = {},
): PedidoTienda {
  return makePedido({
    id,
    status: 'NUEVO',
    vistoEn: null,
    origen: 'WEB',
    montoTotal: 150,
    nombreCompleto: `Rosa ${id}`,
    ...over,
  });
}

/** The owner on some screen, the alerts in the frame above it, the order's detail one tap away. */
function renderAlertas(pedidos: PedidoTienda[]) {
  setQueryData(miTiendaKey, tiendaDePrueba());
  setQueryData(pedidosTiendaKey, pedidos);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/mitiendaproductos']}>
      <AlertasTienda />
      <Routes>
        <Route path="/mitiendaproductos" element={<p>Mis productos</p>} />
        <Route path="/pedidosdetalle" element={<PedidosDetalleScreen />} />
        <Route path="/pedidos" element={<p>Tablero</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const banner = () => screen.queryByRole('region', { name: 'Pedidos nuevos' });

describe('owner alerts on every screen', () => {
  it('show the waiting order, count it in the title, and go away once it is opened', async () => {
    // The server records the first look and answers the order with it.
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(url);
      const body = JSON.parse(String(init.body ?? '{}')) as { pedidoId?: number };
      const visto = nuevo(body.pedidoId ?? 12, { vistoEn: '2026-11-25T12:00:00.000Z' });
      const answer = url === '/api/pedido/visto' ? visto : [visto];
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const { user } = renderAlertas([
      nuevo(12, { montoTotal: 1234.5, nombreCompleto: 'Rosa Martínez' }),
      nuevo(11, { status: 'ACEPTADO' }),
      nuevo(10, { vistoEn: '2026-11-25T11:00:00.000Z' }),
      nuevo(9, { origen: 'MANUAL' }),
    ]);
    const region = banner();
    if (!region) throw new Error('no banner');
    expect(within(region).getByRole('alert').textContent).toBe(
      'Pedido nuevo #12$ 1,234.50 · Rosa Martínez',
    );
    expect(document.title).toBe('(1) Mis productos · Tianguis');

    await user.click(within(region).getByRole('link', { name: 'Ver pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido #12' })).toBeTruthy();
    expect(calls).toContain('/api/pedido/visto');
    await vi.waitFor(() => expect(banner()).toBeNull());
    expect(document.title).toBe('Pedido #12 · Tianguis');
  });

  it('several waiting orders: their count, and the button opens the order list', async () => {
    const { user } = renderAlertas([nuevo(14), nuevo(13), nuevo(12)]);
    const region = banner();
    if (!region) throw new Error('no banner');
    expect(within(region).getByText('3 pedidos nuevos')).toBeTruthy();
    expect(within(region).getByText('El más reciente: #14 · $ 150.00 · Rosa 14')).toBeTruthy();
    expect(document.title).toBe('(3) Mis productos · Tianguis');
    await user.click(within(region).getByRole('link', { name: 'Ver pedidos' }));
    expect(screen.getByText('Tablero')).toBeTruthy();
    // On the board itself the banner stays, without a link to the page already open.
    const enTablero = banner();
    if (!enTablero) throw new Error('no banner on the board');
    expect(within(enTablero).getByText('3 pedidos nuevos')).toBeTruthy();
    expect(within(enTablero).queryByRole('link')).toBeNull();
  });

  it('go away when the order is accepted elsewhere (the live list brings the change)', () => {
    renderAlertas([nuevo(12)]);
    expect(banner()).not.toBeNull();
    act(() => setQueryData(pedidosTiendaKey, [nuevo(12, { status: 'ACEPTADO' })]));
    expect(banner()).toBeNull();
    expect(document.title).toBe('Mis productos · Tianguis');
  });

  it('show nothing while no order waits', () => {
    renderAlertas([nuevo(12, { status: 'CANCELADO' })]);
    expect(banner()).toBeNull();
    expect(document.title).toBe('Mis productos · Tianguis');
  });
});

describe('the banner’s sound states', () => {
  function renderBanner(estado: EstadoTimbre) {
    const onSilenciar = vi.fn();
    const onActivarSonido = vi.fn();
    render(
      <MemoryRouter>
        <AlertaBanner
          texto={{ titulo: 'Pedido nuevo #12', detalle: '$ 150.00 · Rosa' }}
          conteo={1}
          destino="/pedidosdetalle?id=12"
          estado={estado}
          toques={3}
          onSilence={onSilenciar}
          onActivateSonido={onActivarSonido}
        />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Pedidos nuevos' });
    return { region, onSilenciar, onActivarSonido, user: userEvent.setup() };
  }

  it('ringing: says so, exposes its rings, and offers "Silenciar"', async () => {
    const { region, onSilenciar, user } = renderBanner('sonando');
    expect(region.dataset.timbre).toBe('sonando');
    expect(region.dataset.toques).toBe('3');
    expect(within(region).getByRole('status').textContent).toBe('Sonando hasta que lo abras');
    expect(within(region).getByRole('link', { name: 'Ver pedido' }).getAttribute('href')).toBe(
      '/pedidosdetalle?id=12',
    );
    expect(within(region).queryByRole('button', { name: 'Activar sonido' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Silenciar' }));
    expect(onSilenciar).toHaveBeenCalledTimes(1);
  });

  it.each<[EstadoTimbre, string]>([
    ['bloqueado', 'El navegador bloqueó el sonido'],
    ['apagado', 'El sonido de pedidos está apagado'],
  ])('%s: offers "Activar sonido" instead', async (estado, nota) => {
    const { region, onActivarSonido, user } = renderBanner(estado);
    expect(within(region).getByRole('status').textContent).toBe(nota);
    expect(within(region).queryByRole('button', { name: 'Silenciar' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Activar sonido' }));
    expect(onActivarSonido).toHaveBeenCalledTimes(1);
  });

  it('silenced: no sound buttons, and says it is silenced', () => {
    const { region } = renderBanner('silenciado');
    expect(within(region).getByRole('status').textContent).toBe('Sonido silenciado');
    expect(within(region).queryAllByRole('button')).toHaveLength(0);
  });
});
