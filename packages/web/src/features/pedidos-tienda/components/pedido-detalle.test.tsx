import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { AccionPedido } from '../api/finish-pedido';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { PedidoDetalle } from './pedido-detalle';
import { makePedido } from './test-pedidos';

// jsdom has no modal dialogs: opening one only sets `open`, which is what makes it visible.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const TZ = 'America/Mexico_City';

function renderDetalle(pedido: PedidoTienda, onAccion: (a: AccionPedido) => Promise<void>) {
  return render(
    <MemoryRouter>
      <PedidoDetalle pedido={pedido} timeZone={TZ} onAccion={onAccion} />
    </MemoryRouter>,
  );
}

describe('PedidoDetalle', () => {
  it('shows the shop, the customer with her links, the lines and the totals', () => {
    renderDetalle(makePedido({ id: 9, fecha: '2025-03-12T20:30:00Z' }), async () => undefined);
    expect(screen.getByRole('link', { name: 'Taquería Lupe' }).getAttribute('href')).toBe(
      '/tienda/taqueria-lupe',
    );
    expect(screen.getByText(/Pedido #9/).textContent).toContain('12/03/2025 14:30');
    expect(screen.getByText('Ana López')).toBeTruthy();
    expect(screen.getByRole('link', { name: '55-1234-5678' }).getAttribute('href')).toBe(
      'tel:+525512345678',
    );
    const maps = screen.getByRole('link', { name: /Ver en Maps/ });
    expect(maps.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Av.%20Ju%C3%A1rez%2010%2C%20Centro',
    );
    expect(maps.getAttribute('target')).toBe('_blank');
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/525512345678');
    const productos = screen.getByRole('region', { name: 'Productos' });
    const items = within(productos).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Taco al pastorCantidad: 2 x $ 15.00Importe: $ 30.00',
      'Agua de horchataCantidad: 1 x $ 15.00Importe: $ 15.00',
    ]);
    expect(items[0]?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(within(productos).getByText('Subtotal (3 artículos)').nextSibling?.textContent).toBe(
      '$ 45.00',
    );
    expect(within(productos).getByText('Costo de envío').nextSibling?.textContent).toBe('$ 20.50');
    expect(within(productos).getByText('Total').nextSibling?.textContent).toBe('$ 65.50');
  });

  it('completes after the confirmation, and Cancelar in the question does nothing', async () => {
    const user = userEvent.setup();
    const onAccion = vi.fn(async (_a: AccionPedido) => undefined);
    renderDetalle(makePedido({ id: 9 }), onAccion);
    await user.click(screen.getByRole('button', { name: 'Completar Pedido' }));
    let dialog = screen.getByRole('dialog', { name: 'Desea completar este pedido?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onAccion).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Completar Pedido' }));
    dialog = screen.getByRole('dialog', { name: 'Desea completar este pedido?' });
    await user.click(within(dialog).getByRole('button', { name: 'Completar' }));
    expect(onAccion).toHaveBeenCalledWith('completar');
    expect(screen.getByRole('status').textContent).toBe('Pedido completado');
    expect(screen.queryByRole('button', { name: 'Cancelar Pedido' })).toBeNull();
  });

  it('cancelling asks No / SI and shows the server’s refusal as it came', async () => {
    const user = userEvent.setup();
    const refusal = 'El pedido ya no está en estado NUEVO';
    const onAccion = vi.fn(async (_a: AccionPedido) => {
      throw new ApiError(409, 'ESTADO_INVALIDO', refusal);
    });
    renderDetalle(makePedido({ id: 9 }), onAccion);
    await user.click(screen.getByRole('button', { name: 'Cancelar Pedido' }));
    const dialog = screen.getByRole('dialog', { name: 'Desea cancelar este pedido?' });
    within(dialog).getByRole('button', { name: 'No' });
    await user.click(within(dialog).getByRole('button', { name: 'SI' }));
    expect(onAccion).toHaveBeenCalledWith('cancelar');
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    // Still offered: the owner can look again after reading why.
    expect(screen.getByRole('button', { name: 'Cancelar Pedido' })).toBeTruthy();
  });

  it('offers no actions once the order is no longer NUEVO', () => {
    renderDetalle(makePedido({ id: 9, status: 'COMPLETADO' }), async () => undefined);
    expect(screen.queryByRole('button', { name: 'Completar Pedido' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar Pedido' })).toBeNull();
    expect(screen.getByText('Completado')).toBeTruthy();
  });
});
