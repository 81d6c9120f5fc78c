import { MINUTOS_RAPIDOS, pedidoWireMessages } from '@tianguis/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderDetalle } from '#test/pedidos-tienda/tablero';
import { ApiError } from '../../../lib/api-client';
import type { AccionPedido } from '../api/finish-pedido';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import {
  ENTREGA_RECOGER,
  entregaADomicilio,
  lineaConOpciones,
  pagoEnEfectivo,
  pagoPorTransferencia,
} from '#test/pedidos/fixtures';

/** The detail of `pedido` with a user and an `onAccion` that succeeds. */
function renderConAcciones(pedido: Parameters<typeof renderDetalle>[0]) {
  const user = userEvent.setup();
  const onAccion = vi.fn(async (_a: AccionPedido) => undefined);
  renderDetalle(pedido, onAccion);
  return { user, onAccion };
}

/** Clicks the button named `boton` and answers the dialog it opens, named `titulo`. */
async function openDialog(user: ReturnType<typeof userEvent.setup>, boton: string, titulo: string) {
  await user.click(screen.getByRole('button', { name: boton }));
  return screen.getByRole('dialog', { name: titulo });
}

describe('PedidoDetalle', () => {
  it('shows the shop, the shopper with her links, the lines and the totals', () => {
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
    expect(screen.getByRole('region', { name: 'Entrega' }).textContent).toContain('A domicilio');
    expect(screen.getByRole('region', { name: 'Pago' }).textContent).toBe('PagoEfectivo');
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
    const { user, onAccion } = renderConAcciones(makePedido({ id: 9 }));
    let dialog = await openDialog(user, 'Completar Pedido', 'Desea completar este pedido?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onAccion).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Completar Pedido' }));
    dialog = screen.getByRole('dialog', { name: 'Desea completar este pedido?' });
    await user.click(within(dialog).getByRole('button', { name: 'Completar' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'completar' });
    expect(screen.getByRole('status').textContent).toBe('Pedido completado');
    expect(screen.queryByRole('button', { name: 'Cancelar Pedido' })).toBeNull();
  });

  it('cancelling asks No / SI with an optional reason and shows the server’s refusal as it came', async () => {
    const user = userEvent.setup();
    const refusal = 'El pedido ya no está en estado NUEVO';
    const onAccion = vi.fn(async (_a: AccionPedido) => {
      throw new ApiError(409, 'ESTADO_INVALIDO', refusal);
    });
    renderDetalle(makePedido({ id: 9 }), onAccion);
    const dialog = await openDialog(user, 'Cancelar Pedido', 'Desea cancelar este pedido?');
    within(dialog).getByRole('button', { name: 'No' });
    await user.click(within(dialog).getByRole('button', { name: 'SI' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'cancelar', motivo: null });
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    // Still offered: the owner can look again after reading why.
    expect(screen.getByRole('button', { name: 'Cancelar Pedido' })).toBeTruthy();
  });

  it('offers no actions once the order is completed or cancelled, and shows the reason', () => {
    renderDetalle(makePedido({ id: 9, status: 'COMPLETADO' }), async () => undefined);
    expect(screen.queryByRole('button', { name: 'Completar Pedido' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar Pedido' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(screen.getByText('Completado')).toBeTruthy();
    cleanup();
    renderDetalle(
      makePedido({ id: 9, status: 'CANCELADO', motivoCancelacion: 'Sin gas' }),
      async () => undefined,
    );
    expect(screen.getByText('Cancelado')).toBeTruthy();
    expect(screen.getByText('Motivo de cancelación:').parentElement?.textContent).toBe(
      'Motivo de cancelación: Sin gas',
    );
    expect(screen.queryByRole('button', { name: 'Completar Pedido' })).toBeNull();
  });

  it('accepts a NUEVO order with a quick choice of minutes, or another time typed', async () => {
    const { user, onAccion } = renderConAcciones(makePedido({ id: 9 }));
    const dialog = await openDialog(user, 'Aceptar', 'Aceptar pedido');
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((c) => c.parentElement?.textContent)).toEqual(
      MINUTOS_RAPIDOS.map((m) => `${m} min`),
    );
    await user.click(within(dialog).getByRole('radio', { name: '30 min' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'aceptar', minutos: 30 });
    expect(screen.getByRole('status').textContent).toBe('Pedido aceptado');
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    // Still to finish: completing and cancelling stay.
    expect(screen.getByRole('button', { name: 'Completar Pedido' })).toBeTruthy();
  });

  it('refuses a time outside 5 to 180 minutes before sending', async () => {
    const { user, onAccion } = renderConAcciones(makePedido({ id: 9 }));
    const dialog = await openDialog(user, 'Aceptar', 'Aceptar pedido');
    const otro = within(dialog).getByLabelText('Otro tiempo (minutos)');
    await user.clear(otro);
    await user.type(otro, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(pedidoWireMessages.minutosAceptar);
    expect(onAccion).not.toHaveBeenCalled();
    await user.clear(otro);
    await user.type(otro, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'aceptar', minutos: 25 });
  });

  it('cancels with the reason typed, trimmed', async () => {
    const { user, onAccion } = renderConAcciones(makePedido({ id: 9, status: 'ACEPTADO' }));
    const dialog = await openDialog(user, 'Cancelar Pedido', 'Desea cancelar este pedido?');
    const motivo = within(dialog).getByLabelText('Motivo (opcional)');
    expect(motivo.getAttribute('maxlength')).toBe('140');
    await user.type(motivo, '  Se acabó el pastor ');
    await user.click(within(dialog).getByRole('button', { name: 'SI' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'cancelar', motivo: 'Se acabó el pastor' });
    expect(screen.getByRole('status').textContent).toBe('Pedido cancelado');
  });

  it('an accepted order shows its ready time, can be completed, and cannot be accepted again', async () => {
    const user = userEvent.setup();
    const onAccion = vi.fn(async (_a: AccionPedido) => undefined);
    renderDetalle(
      makePedido({
        id: 9,
        status: 'ACEPTADO',
        aceptadoEn: '2025-03-12T20:00:00Z',
        listoEstimado: '2025-03-12T20:30:00Z',
      }),
      onAccion,
    );
    expect(screen.getByText('Aceptado')).toBeTruthy();
    expect(screen.getByText('Listo aprox. a las 14:30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Completar Pedido' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Desea completar este pedido?' })).getByRole(
        'button',
        { name: 'Completar' },
      ),
    );
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'completar' });
  });

  it('shows options and notes per line, the order note, pickup and the cash change', () => {
    renderDetalle(
      makePedido({
        id: 9,
        nota: 'Tocar el timbre dos veces',
        entrega: ENTREGA_RECOGER,
        pago: pagoEnEfectivo(500, 55),
        pedidoDetalles: [lineaConOpciones({ nombreProducto: 'Quesadilla', precio: 45 })],
      }),
      async () => undefined,
    );
    const productos = screen.getByRole('region', { name: 'Productos' });
    expect(within(productos).getByText('Tortilla: Harina · Extras: Queso, Aguacate')).toBeTruthy();
    expect(within(productos).getByText(/Sin cebolla/).textContent).toBe('Nota: Sin cebolla');
    expect(screen.getByRole('region', { name: 'Nota del pedido' }).textContent).toContain(
      'Tocar el timbre dos veces',
    );
    const entrega = screen.getByRole('region', { name: 'Entrega' });
    expect(entrega.textContent).toBe('EntregaRecoger en tienda');
    expect(within(entrega).queryByRole('link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Pago' }).textContent).toContain(
      'Paga con $ 500.00 · llevar cambio $ 55.00',
    );
  });

  it('delivery shows the address and references; a guest and a phone order are marked', () => {
    renderDetalle(
      makePedido({
        id: 9,
        invitado: true,
        entrega: entregaADomicilio('Calle 5 #12', 'Portón verde'),
      }),
      async () => undefined,
    );
    const entrega = screen.getByRole('region', { name: 'Entrega' });
    expect(entrega.textContent).toContain('A domicilio');
    expect(entrega.textContent).toContain('Calle 5 #12');
    expect(entrega.textContent).toContain('Portón verde');
    expect(screen.getByText('Invitado')).toBeTruthy();
    cleanup();
    renderDetalle(makePedido({ id: 9, invitado: true, origen: 'MANUAL' }), async () => undefined);
    expect(screen.getByText('Por teléfono')).toBeTruthy();
    expect(screen.queryByText('Invitado')).toBeNull();
  });

  it('a transfer shows its reference, pending until marked paid', async () => {
    const user = userEvent.setup();
    const onAccion = vi.fn(async (_a: AccionPedido) => undefined);
    const pago = pagoPorTransferencia('PED-9');
    renderDetalle(makePedido({ id: 9, pago }), onAccion);
    const region = screen.getByRole('region', { name: 'Pago' });
    expect(region.textContent).toContain('Transferencia');
    expect(region.textContent).toContain('Referencia: PED-9');
    expect(region.textContent).toContain('Pago pendiente');
    await user.click(within(region).getByRole('button', { name: 'Marcar pagado' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'marcarPagado' });
    expect(within(region).queryByRole('button', { name: 'Marcar pagado' })).toBeNull();
    cleanup();
    renderDetalle(makePedido({ id: 9, pago: { ...pago, pagado: true } }), onAccion);
    expect(screen.getByRole('region', { name: 'Pago' }).textContent).toContain('Pagado');
    expect(screen.queryByRole('button', { name: 'Marcar pagado' })).toBeNull();
    cleanup();
    renderDetalle(makePedido({ id: 9, pago: { ...pago, metodo: 'TERMINAL' } }), onAccion);
    expect(screen.getByRole('region', { name: 'Pago' }).textContent).toContain('Terminal');
  });

  it('an escalated order says so in the header, with words, and why', () => {
    renderDetalle(makePedido({ id: 31, escalado: true }), async () => undefined);
    expect(screen.getByText('Sin aceptar a tiempo')).toBeTruthy();
    expect(screen.getByText(/lleva demasiado tiempo sin aceptar/)).toBeTruthy();
    cleanup();
    renderDetalle(
      makePedido({ id: 32, escalado: true, status: 'COMPLETADO' }),
      async () => undefined,
    );
    expect(screen.getByText('Sin aceptar a tiempo')).toBeTruthy();
    expect(screen.queryByText(/lleva demasiado tiempo sin aceptar/)).toBeNull();
    cleanup();
    renderDetalle(makePedido({ id: 33 }), async () => undefined);
    expect(screen.queryByText('Sin aceptar a tiempo')).toBeNull();
  });
});
