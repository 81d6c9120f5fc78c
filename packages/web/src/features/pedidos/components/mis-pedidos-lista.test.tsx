import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PedidoVista } from '@tianguis/domain';
import {
  ENTREGA_RECOGER,
  entregaADomicilio,
  lineaConOpciones,
  pagoEnEfectivo,
  pagoPorTransferencia,
  pedidoVista,
} from '#test/pedidos/fixtures';
import { MisPedidoDetalle } from './mis-pedido-detalle';
import { MisPedidosLista } from './mis-pedidos-lista';

function pedido(id: number, status: string, fecha: string, nombreTienda = `Tienda ${id}`) {
  return pedidoVista({ id, status, fecha, nombreTienda });
}

function DetalleVisto() {
  const { search, state } = useLocation();
  const enviado = (state as { pedido?: PedidoVista } | null)?.pedido;
  return (
    <p>
      detalle {search} estado #{enviado?.id}
    </p>
  );
}

function renderLista(pedidos: PedidoVista[], conOtros = false) {
  render(
    <MemoryRouter initialEntries={['/mispedidos']}>
      <Routes>
        <Route
          path="/mispedidos"
          element={<MisPedidosLista pedidos={pedidos} conOtros={conOtros} />}
        />
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
  it('with orders of this phone listed too, an empty account does not read as no orders at all', () => {
    renderLista([], true);
    expect(screen.queryByText('No tienes pedidos aún')).toBeNull();
    const cuenta = screen.getByRole('region', { name: 'Pedidos con tu cuenta' });
    expect(cuenta.textContent).toContain('Aún no tienes pedidos con tu cuenta.');
    cleanup();
    renderLista(pedidos, true);
    const conCuenta = screen.getByRole('region', { name: 'Pedidos con tu cuenta' });
    expect(within(conCuenta).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it('counts the tiles by status', () => {
    renderLista(pedidos);
    const tiles = within(screen.getByRole('list', { name: 'Resumen de pedidos' }))
      .getAllByRole('listitem')
      .map((t) => t.textContent);
    expect(tiles).toEqual(['2Activos', '1Completados', '1Cancelados']);
  });

  it('shows the cards in the documented order with text badges; unknown reads NUEVO and goes last', () => {
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
        'Entrega a domicilio: Calle Pino 12, Col. Centro',
        'Pago: Efectivo',
        'A nombre de: Ana López, 5588776655',
      ].join('\n'),
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe(
  'MisPedidoDetalle: accepted, cancelled, options, delivery and payment',
  { timeout: 20_000 },
  () => {
    it('shows an accepted order with its ready time, in the list and in the detail', () => {
      // Built from local time, so the expected HH:MM holds in any time zone.
      const listo = new Date(2025, 2, 5, 14, 35).toISOString();
      const p = pedidoVista({ status: 'ACEPTADO', listoEstimado: listo });
      render(<MisPedidoDetalle pedido={p} />);
      expect(screen.getByText('ACEPTADO')).toBeTruthy();
      expect(screen.getByText('Aceptado · listo aprox. a las 14:35')).toBeTruthy();
      // Still active: it can be sent to the shop.
      expect(screen.getByRole('link', { name: 'Enviar pedido por WhatsApp' })).toBeTruthy();
      cleanup();
      renderLista([p]);
      expect(screen.getByText('Aceptado · listo aprox. a las 14:35')).toBeTruthy();
      const tiles = within(screen.getByRole('list', { name: 'Resumen de pedidos' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent);
      expect(tiles[0]).toBe('1Activos');
    });

    it('shows the reason of a cancelled order', () => {
      render(
        <MisPedidoDetalle
          pedido={pedidoVista({ status: 'CANCELADO', motivoCancelacion: 'Se nos acabó el pastor' })}
        />,
      );
      expect(screen.getByText('CANCELADO')).toBeTruthy();
      expect(screen.getByText('Motivo: Se nos acabó el pastor')).toBeTruthy();
    });

    it('shows each line with its options and note, the pickup, the cash and the note', () => {
      const p = pedidoVista({
        montoTotal: 45,
        costoDeEnvio: 0,
        entrega: ENTREGA_RECOGER,
        pago: pagoEnEfectivo(500, 455),
        nota: 'Tocar el timbre',
        pedidoDetalles: [lineaConOpciones({ productoId: 11, cantidad: 2, precio: 22.5 })],
      });
      render(<MisPedidoDetalle pedido={p} />);
      const linea = screen.getAllByRole('listitem')[0];
      expect(linea?.textContent).toBe(
        'Taco al pastor$ 45.002 x $ 22.50Tortilla: HarinaExtras: Queso, AguacateNota: Sin cebolla',
      );
      expect(screen.getByText('Recoger en la tienda')).toBeTruthy();
      // Pickup: no shipping row.
      const dl = screen.getByText('Subtotal').closest('dl');
      expect(dl?.textContent).toBe('Subtotal$ 45.00Total$ 45.00');
      expect(screen.getByText('Paga con $ 500.00 · cambio $ 455.00')).toBeTruthy();
      expect(screen.getByText('Tocar el timbre')).toBeTruthy();
    });

    it('shows a transfer with the CLABE, bank, holder and the concept, and whether it was paid', () => {
      const p = pedidoVista({
        entrega: entregaADomicilio('Av. Juárez 10', 'Portón verde'),
        pago: pagoPorTransferencia('PEDIDO-9', {
          pagado: true,
          clabe: '002010077777777771',
          banco: 'Banamex',
          titular: 'Lupe Hernández',
        }),
      });
      render(<MisPedidoDetalle pedido={p} />);
      expect(screen.getByText('Av. Juárez 10')).toBeTruthy();
      expect(screen.getByText('Referencias: Portón verde')).toBeTruthy();
      expect(screen.getByText('002010077777777771')).toBeTruthy();
      expect(screen.getByText('Banco: Banamex')).toBeTruthy();
      expect(screen.getByText('Titular: Lupe Hernández')).toBeTruthy();
      expect(screen.getByText('PEDIDO-9')).toBeTruthy();
      expect(screen.getByText('Pagado')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Copiar CLABE' })).toBeTruthy();
    });
  },
);
