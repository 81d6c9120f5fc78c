import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import type { Canasta } from '../../carrito/canasta/use-canasta';
import { canastaCheckout } from '#test/checkout/fixtures';
import { pedidoVista } from '#test/pedidos/fixtures';
import { listSeguimientos } from '../../seguimiento/seguimientos-guardados';
import { CheckoutDeCanasta } from './checkout-de-canasta';

interface Pedida {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let pedidas: Pedida[];
let respuestas: (() => Response)[];

beforeEach(() => {
  pedidas = [];
  respuestas = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    pedidas.push({
      url: String(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return respuestas.shift()?.() ?? new Response('{}', { status: 500 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
});

function canasta(origen: Canasta['origen']) {
  const clear = vi.fn(async () => undefined);
  const refetch = vi.fn(async () => undefined);
  const c = {
    origen,
    puedeComprar: true,
    tiendaId: 7,
    lineas: [{ clave: '11' }],
    paraCheckout: canastaCheckout({
      costoDeEnvio: 15,
      lineas: [{ productoId: 11, cantidad: 2, opciones: [3], nota: null, precio: 25 }],
    }),
    clear,
    refetch,
  } as unknown as Canasta;
  return { canasta: c, clear, refetch };
}

function Ubicacion() {
  const { pathname, search } = useLocation();
  return <p>en {pathname + search}</p>;
}

function renderCanasta(c: Canasta) {
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutDeCanasta canasta={c} />} />
        <Route path="*" element={<Ubicacion />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('CheckoutDeCanasta (the form on the cart screen)', { timeout: 30_000 }, () => {
  it("a visitor's basket becomes a guest order; the basket is emptied and the link kept", async () => {
    const { canasta: c, clear } = canasta('local');
    respuestas.push(
      () =>
        new Response(
          JSON.stringify({
            pedido: pedidoVista({ id: 80, invitado: true, montoTotal: 50 }),
            seguimiento: 'xyz',
          }),
          { status: 201 },
        ),
    );
    const user = renderCanasta(c);
    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 50.00' }));

    expect(await screen.findByText('en /pedido/seguimiento/xyz')).toBeTruthy();
    expect(pedidas).toHaveLength(1);
    expect(pedidas[0]?.url).toBe('/api/pedido/invitado');
    expect(pedidas[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(pedidas[0]?.body).toMatchObject({
      tiendaId: 7,
      lineas: [{ productoId: 11, cantidad: 2, opciones: [3] }],
      entrega: { tipo: 'RECOGER' },
      totalEsperado: 50,
    });
    expect(clear).toHaveBeenCalledTimes(1);
    expect(listSeguimientos().map((s) => [s.seguimiento, s.pedidoId])).toEqual([['xyz', 80]]);
  });

  it("a signed-in shopper's basket goes as proccesscart and opens the order", async () => {
    const { canasta: c, clear } = canasta('servidor');
    respuestas.push(() => new Response('[]', { status: 200, headers: { 'x-pedido-id': '77' } }));
    const user = renderCanasta(c);
    await user.type(screen.getByLabelText('Nombre (opcional)'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 50.00' }));
    expect(await screen.findByText('en /mispedidosdetalle?id=77')).toBeTruthy();
    expect(pedidas[0]?.url).toBe('/api/shoppingcartmarket/proccesscart');
    expect(pedidas[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(pedidas[0]?.body).toEqual({
      tiendaId: 7,
      cliente: { nombreCompleto: 'Ana López', celular: '5588776655' },
      entrega: { tipo: 'RECOGER' },
      pago: { metodo: 'EFECTIVO' },
      totalEsperado: 50,
    });
    expect(clear).not.toHaveBeenCalled();
  });

  it("the server's PRECIO_CAMBIO (409 with montoTotal) is asked again and the basket reloads", async () => {
    const { canasta: c, refetch } = canasta('local');
    respuestas.push(
      () =>
        new Response(
          JSON.stringify({
            code: 'PRECIO_CAMBIO',
            message: 'El total de tu pedido cambió; revísalo y confirma de nuevo',
            montoTotal: 56,
          }),
          { status: 409 },
        ),
      () =>
        new Response(JSON.stringify({ pedido: pedidoVista({ id: 81 }), seguimiento: 'abc' }), {
          status: 201,
        }),
    );
    const user = renderCanasta(c);
    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 50.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El precio cambió: el nuevo total es $ 56.00',
    );
    expect(refetch).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirmar pedido por $ 56.00' }));
    await screen.findByText('en /pedido/seguimiento/abc');
    await waitFor(() => expect(pedidas).toHaveLength(2));
    expect((pedidas[1]?.body as { totalEsperado: number }).totalEsperado).toBe(56);
    // Nothing was ordered by the first: the confirmation is a new attempt.
    expect(pedidas[1]?.headers['Idempotency-Key']).not.toBe(pedidas[0]?.headers['Idempotency-Key']);
  });

  it("another refusal shows the server's own message", async () => {
    const { canasta: c } = canasta('local');
    respuestas.push(
      () =>
        new Response(
          JSON.stringify({
            code: 'DEMASIADOS_PEDIDOS',
            message: 'Ya tienes 3 pedidos sin atender en esta tienda. Espera a que los acepten.',
          }),
          { status: 429 },
        ),
    );
    const user = renderCanasta(c);
    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
    await user.click(screen.getByRole('button', { name: /Hacer pedido/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ya tienes 3 pedidos sin atender en esta tienda. Espera a que los acepten.',
    );
  });
});
