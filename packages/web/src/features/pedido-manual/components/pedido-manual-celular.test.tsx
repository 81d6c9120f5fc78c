import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registroMessages } from '@tianguis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { abrirPedidoNuevo, servidorDePedidoManual } from '#test/pedido-manual/pantalla';
import { pedidoVista } from '#test/pedidos/fixtures';

// docs/api.md, "Phones as typed": the owner may type or paste the customer's phone as it comes
// (spaces, dashes, dots, parentheses, +52 or +52 1); the order goes out with its 10 digits.
// Anything else is refused with the registration's message, by the domain's one rule.

afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
});

const tienda = tiendaDePrueba({
  nombre: 'Taquería Lupe',
  entrega: { recoger: true, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: null },
  categorias: [
    categoriaDePrueba({ productos: [productoDePrueba({ id: 2, name: 'Agua de jamaica' })] }),
  ],
});

/** The order saved: #41, with its tracking link. */
const guardado = {
  status: 201,
  body: {
    pedido: pedidoVista({ id: 41, origen: 'MANUAL', invitado: true, usuarioId: null }),
    seguimiento: 'Seg_uimiento-0123456789',
  },
};

describe('the owner types the customer’s phone as it comes', () => {
  it.each(['55 1234 5678', '+52 1 55 1234 5678', '(55) 1234-5678', '55.1234.5678'])(
    '%j is sent as its 10 digits',
    async (typed) => {
      const user = userEvent.setup();
      const llamadas = servidorDePedidoManual(tienda, [guardado]);
      abrirPedidoNuevo();
      await user.type(await screen.findByLabelText('Nombre'), 'Rosa Martínez');
      const celular = screen.getByLabelText(/^Celular/);
      expect(celular.getAttribute('inputmode')).toBe('tel');
      await user.type(celular, typed);
      await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
      await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
      await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));
      expect(await screen.findByRole('heading', { name: 'Pedido #41 guardado' })).toBeTruthy();
      expect(llamadas[0]?.body.cliente).toEqual({
        nombreCompleto: 'Rosa Martínez',
        celular: '5512345678',
      });
    },
  );

  it.each([
    ['52 55 1234 5678', registroMessages.celularMax],
    ['+1 55 1234 5678', registroMessages.celularSoloNumeros],
  ])('%j is refused beside the phone with the registration’s message', async (typed, message) => {
    const user = userEvent.setup();
    const llamadas = servidorDePedidoManual(tienda, [guardado]);
    abrirPedidoNuevo();
    await user.type(await screen.findByLabelText('Nombre'), 'Rosa Martínez');
    const celular = screen.getByLabelText(/^Celular/);
    await user.type(celular, typed);
    await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
    // Leaving the field keeps what was typed: only a phone is shown as 55-1234-5678.
    expect(celular).toHaveProperty('value', typed);
    await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
    await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));
    expect(celular.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(celular);
    expect(screen.getByText(message)).toBeTruthy();
    expect(llamadas).toEqual([]);
  });
});
