import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PedidoEnviado } from './checkout-card';
import { PedidoEnviadoAviso } from './pedido-enviado';

const enviado: PedidoEnviado = {
  celularTienda: '5512345678',
  resumen: {
    pedidoId: 55,
    nombreTienda: 'Taquería Lupe',
    costoDeEnvio: 15.5,
    lineas: [{ nombre: 'Taco al pastor', cantidad: 3, precio: 33.33 }],
  },
};

function renderAviso(pedido: PedidoEnviado) {
  render(
    <MemoryRouter>
      <PedidoEnviadoAviso pedido={pedido} />
    </MemoryRouter>,
  );
}

describe('PedidoEnviadoAviso', () => {
  it('offers the order to the shop by WhatsApp, in a new tab, with the summary as text', () => {
    renderAviso(enviado);
    expect(screen.getByRole('status').textContent).toContain(
      'Tu pedido #55 fue enviado a Taquería Lupe',
    );
    const link = screen.getByRole('link', { name: 'Enviar pedido por WhatsApp' });
    const texto = [
      'Hola, acabo de hacer el pedido #55 en Taquería Lupe:',
      '3 x Taco al pastor — $ 99.99',
      'Subtotal: $ 99.99',
      'Envío: $ 15.50',
      'Total: $ 115.49',
    ].join('\n');
    expect(link.getAttribute('href')).toBe(
      `https://wa.me/525512345678?text=${encodeURIComponent(texto)}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Ir a Mis Pedidos' }).getAttribute('href')).toBe(
      '/mispedidos',
    );
  });

  it('offers no WhatsApp link when the shop has no usable number', () => {
    renderAviso({ ...enviado, celularTienda: '' });
    expect(screen.queryByRole('link', { name: 'Enviar pedido por WhatsApp' })).toBeNull();
  });
});
