import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PedidoView } from '../api/mis-pedidos';
import { MisPedidoDetalle } from './mis-pedido-detalle';
import { MisPedidosLista } from './mis-pedidos-lista';

function pedido(id: number, status: string, fecha: string, nombreTienda = `Tienda ${id}`) {
  const p: PedidoView = {
    id,
    tiendaId: 1,
    status,
    fecha,
    cantidadDeArticulos: 4,
    montoTotal: 135.49,
    costoDeEnvio: 15.5,
    nombreTienda,
    usuarioTienda: 'taqueria-lupe',
    tiendaImageUrl: '/images/lupe.png',
    celularTienda: '5512345678',
    nombreCompleto: 'Ana López',
    celular: '5588776655',
    direccionEntrega: 'Calle Pino 12, Col. Centro',
    pedidoDetalles: [
      {
        nombreProducto: 'Taco al pastor',
        imagenProducto: '/images/p.jpg',
        cantidad: 3,
        precio: 33.33,
      },
      { nombreProducto: 'Agua de horchata', imagenProducto: 'N/A', cantidad: 1, precio: 20 },
    ],
  };
  return p;
}

function DetalleVisto() {
  const { search, state } = useLocation();
  const enviado = (state as { pedido?: PedidoView } | null)?.pedido;
  return (
    <p>
      detalle {search} estado #{enviado?.id}
    </p>
  );
}

function renderLista(pedidos: PedidoView[]) {
  render(
    <MemoryRouter initialEntries={['/mispedidos']}>
      <Routes>
        <Route path="/mispedidos" element={<MisPedidosLista pedidos={pedidos} />} />
        <Route path="/mispedidosdetalle" element={<DetalleVisto />} />
      </Routes>
    </MemoryRouter>,
  );
}

const pedidos = [
  pedido(1, 'COMPLETADO', '2025-03-01T10:00:00-06:00'),
  pedido(2, 'EN_CAMINO', '2025-03-09T10:00:00-06:00'),
  pedido(3, 'NUEVO', '2025-03-02T10:00:00-06:00'),
  pedido(4, 'CANCELADO', '2025-03-03T10:00:00-06:00'),
  pedido(5, 'NUEVO', '2025-03-05T10:00:00-06:00'),
];

describe('MisPedidosLista', { timeout: 20_000 }, () => {
  it('counts the tiles by status', () => {
    renderLista(pedidos);
    const tiles = within(screen.getByRole('list', { name: 'Resumen de pedidos' }))
      .getAllByRole('listitem')
      .map((t) => t.textContent);
    expect(tiles).toEqual(['2Activos', '1Completados', '1Cancelados']);
  });

  it('shows the cards in the spec order with text badges; unknown reads NUEVO and goes last', () => {
    renderLista(pedidos);
    const cards = within(screen.getByRole('list', { name: 'Lista de pedidos' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Tienda 5',
      'Tienda 3',
      'Tienda 4',
      'Tienda 1',
      'Tienda 2',
    ]);
    const estados = cards.map((c) => c.textContent?.match(/Estado: ([A-Z]+)/)?.[1]);
    expect(estados).toEqual(['NUEVO', 'NUEVO', 'CANCELADO', 'COMPLETADO', 'NUEVO']);
    // Each badge carries an icon beside its text.
    for (const c of cards) expect(c.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(cards[0]?.textContent).toContain('Pedido #5');
    expect(cards[0]?.textContent).toContain('$ 135.49');
    expect(cards[0]?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2025-03-05T10:00:00-06:00',
    );
    const logo = cards[0]?.querySelector('img');
    expect(logo?.getAttribute('loading')).toBe('lazy');
  });

  it('opens the detail with the id in the address and the order as state', async () => {
    const user = userEvent.setup();
    renderLista(pedidos);
    await user.click(screen.getByRole('link', { name: 'Ver detalle del pedido #4 de Tienda 4' }));
    expect(screen.getByText('detalle ?id=4 estado #4')).toBeTruthy();
  });

  it('says there are no orders yet when the list is empty', () => {
    renderLista([]);
    expect(screen.getByText('No tienes pedidos aún')).toBeTruthy();
    expect(screen.getByText('Cuando realices un pedido, aparecerá aquí')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Resumen de pedidos' })).toBeNull();
  });
});

describe('MisPedidoDetalle', { timeout: 20_000 }, () => {
  it('shows the shop, status, each line and the totals', () => {
    render(
      <MisPedidoDetalle
        pedido={pedido(9, 'COMPLETADO', '2025-03-05T10:00:00-06:00', 'Taquería Lupe')}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Taquería Lupe' })).toBeTruthy();
    expect(screen.getByText('COMPLETADO')).toBeTruthy();
    const lineas = screen.getAllByRole('listitem').map((l) => l.textContent);
    expect(lineas).toEqual([
      'Taco al pastor$ 99.993 x $ 33.33',
      'Agua de horchata$ 20.001 x $ 20.00',
    ]);
    const dl = screen.getByText('Subtotal').closest('dl');
    expect(dl?.textContent).toBe('Subtotal$ 119.99Envío$ 15.50Total$ 135.49');
    // A finished order is not sent again.
    expect(screen.queryByRole('link', { name: 'Enviar pedido por WhatsApp' })).toBeNull();
  });

  it('offers a new order to the shop by WhatsApp with its summary', () => {
    render(
      <MisPedidoDetalle
        pedido={pedido(9, 'NUEVO', '2025-03-05T10:00:00-06:00', 'Taquería Lupe')}
      />,
    );
    const link = screen.getByRole('link', { name: 'Enviar pedido por WhatsApp' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/525512345678?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(
      [
        'Hola, acabo de hacer el pedido #9 en Taquería Lupe:',
        '3 x Taco al pastor — $ 99.99',
        '1 x Agua de horchata — $ 20.00',
        'Subtotal: $ 119.99',
        'Envío: $ 15.50',
        'Total: $ 135.49',
      ].join('\n'),
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
