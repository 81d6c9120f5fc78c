import {
  DIRECCION_PEDIDO_MAX,
  NOMBRE_COMPLETO_MAX,
  NOTA_PEDIDO_MAX,
  pedidoWireMessages,
  REFERENCIAS_MAX,
  type PedidoConSeguimiento,
  type PedidoInvitadoBody,
  type ProcesarCarritoBody,
} from '@tianguis/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { pedidoVista } from '#test/pedidos/fixtures';
import type { CheckoutEnvio } from '../api/place-pedido';
import { canastaCheckout } from '#test/checkout/fixtures';
import type { CanastaCheckout } from '../logic/checkout-values';
import { CheckoutForm, type PedidoHecho } from './checkout-form';

function canasta(over: Partial<CanastaCheckout> = {}): CanastaCheckout {
  return canastaCheckout({
    lineas: [
      { productoId: 11, cantidad: 3, opciones: [1, 2], nota: 'Sin cebolla', precio: 33.33 },
      { productoId: 12, cantidad: 1, opciones: [], nota: null, precio: 20 },
    ],
    montoMinimo: 50,
    costoDeEnvio: 15.5,
    entrega: { recoger: true, domicilio: true },
    pagos: { efectivo: true, terminal: true, transferencia: { banco: 'Banamex' } },
    ...over,
  });
}

type Respuesta<T> = () => Promise<T>;

/** Records every call with its body and key; each answers what the test queued. */
function fakeEnvio(
  cuenta: Respuesta<{ pedidoId?: number }>[] = [],
  invitado: Respuesta<PedidoConSeguimiento>[] = [],
) {
  const calls: { tipo: 'cuenta' | 'invitado'; body: unknown; key: string }[] = [];
  const envio: CheckoutEnvio = {
    conCuenta: (body: ProcesarCarritoBody, key) => {
      calls.push({ tipo: 'cuenta', body, key });
      return cuenta.shift()?.() ?? Promise.resolve({ pedidoId: 55 });
    },
    invitado: (body: PedidoInvitadoBody, key) => {
      calls.push({ tipo: 'invitado', body, key });
      return (
        invitado.shift()?.() ??
        Promise.resolve({ pedido: pedidoVista({ id: 56, invitado: true }), seguimiento: 's3cr3t' })
      );
    },
  };
  return { envio, calls };
}

function Ubicacion() {
  const { pathname, search } = useLocation();
  return <p>en {pathname + search}</p>;
}

function renderForm(props: {
  canasta?: CanastaCheckout;
  conSesion?: boolean;
  envio: CheckoutEnvio;
  datos?: Parameters<typeof CheckoutForm>[0]['datos'];
}) {
  const hechos: PedidoHecho[] = [];
  const { unmount } = render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route
          path="/checkout"
          element={
            <CheckoutForm
              canasta={props.canasta ?? canasta()}
              conSesion={props.conSesion ?? false}
              datos={props.datos}
              envio={props.envio}
              onPedido={(h) => hechos.push(h)}
            />
          }
        />
        <Route path="*" element={<Ubicacion />} />
      </Routes>
    </MemoryRouter>,
  );
  return { hechos, unmount, user: userEvent.setup() };
}

const boton = (name: string | RegExp) => screen.getByRole('button', { name });

async function llenarInvitado(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana López');
  await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
  await user.type(screen.getByLabelText('Dirección de entrega'), 'Calle Pino 12, Centro');
}

// Lines: 3 × 33.33 + 20 = 119.99; shipping 15.50 → 135.49.

describe('CheckoutForm', { timeout: 30_000 }, () => {
  it("a guest's empty or wrong fields get the server's Spanish messages, one at a time", async () => {
    const { envio, calls } = fakeEnvio();
    const { user } = renderForm({ envio });
    await user.click(screen.getByLabelText('Envío a domicilio'));
    await user.click(boton('Hacer pedido · $ 135.49'));
    expect(screen.getByRole('alert').textContent).toBe(pedidoWireMessages.nombreCompletoMin);
    expect(screen.getByLabelText('Nombre')).toBe(document.activeElement);

    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '55887');
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByLabelText('Celular (10 dígitos)').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '76655');
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByRole('alert').textContent).toBe(pedidoWireMessages.direccionRequerida);

    await user.type(screen.getByLabelText('Dirección de entrega'), 'Cll');
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByRole('alert').textContent).toBe(pedidoWireMessages.direccionRequerida);

    await user.type(screen.getByLabelText('Dirección de entrega'), ' Pino 12');
    expect(calls).toEqual([]);
  });

  it('each text field stops at the server’s limit, from the domain (docs/api.md)', async () => {
    const { envio } = fakeEnvio();
    const { user } = renderForm({ envio });
    await user.click(screen.getByLabelText('Envío a domicilio'));
    const limites: [string, number][] = [
      ['Nombre', NOMBRE_COMPLETO_MAX],
      ['Dirección de entrega', DIRECCION_PEDIDO_MAX],
      ['Referencias (opcional)', REFERENCIAS_MAX],
      ['Nota para la tienda (opcional)', NOTA_PEDIDO_MAX],
    ];
    for (const [label, max] of limites) {
      const campo = screen.getByLabelText(label);
      expect({ label, maxLength: campo.getAttribute('maxlength') }).toEqual({
        label,
        maxLength: String(max),
      });
    }
    // A pasted note longer than the limit is cut at it.
    await user.click(screen.getByLabelText('Nota para la tienda (opcional)'));
    await user.paste('x'.repeat(NOTA_PEDIDO_MAX + 1));
    expect(screen.getByLabelText('Nota para la tienda (opcional)')).toHaveProperty(
      'value',
      'x'.repeat(NOTA_PEDIDO_MAX),
    );
  });

  it('pickup hides the address and the shipping; only the types the shop offers show', async () => {
    const { envio } = fakeEnvio();
    const { user } = renderForm({ envio });
    const totales = () => screen.getByText('Subtotal').closest('dl');
    // Pickup is offered first: it costs nothing.
    expect(screen.getByLabelText('Recoger en la tienda')).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Dirección de entrega')).toBeNull();
    expect(totales()?.textContent).toBe('Subtotal$ 119.99Total$ 119.99');
    expect(boton('Hacer pedido · $ 119.99')).toBeTruthy();

    await user.click(screen.getByLabelText('Envío a domicilio'));
    expect(screen.getByLabelText('Dirección de entrega')).toBeTruthy();
    expect(screen.getByLabelText('Referencias (opcional)')).toBeTruthy();
    expect(totales()?.textContent).toBe('Subtotal$ 119.99Envío$ 15.50Total$ 135.49');
    expect(boton('Hacer pedido · $ 135.49')).toBeTruthy();
  });

  it('a shop with delivery only shows no choice and no pickup', () => {
    const { envio } = fakeEnvio();
    renderForm({ envio, canasta: canasta({ entrega: { recoger: false, domicilio: true } }) });
    expect(screen.queryByLabelText('Recoger en la tienda')).toBeNull();
    expect(screen.getByText('Envío a domicilio')).toBeTruthy();
    expect(screen.getByLabelText('Dirección de entrega')).toBeTruthy();
  });

  it('cash asks with how much and shows the change; less than the total is refused', async () => {
    const { envio, calls } = fakeEnvio();
    const { user } = renderForm({
      envio,
      canasta: canasta({ pagos: { efectivo: true, terminal: false, transferencia: null } }),
    });
    await user.click(screen.getByLabelText('Envío a domicilio'));
    await llenarInvitado(user);
    // One method: no choice to make.
    expect(screen.queryByRole('radio', { name: 'Efectivo' })).toBeNull();
    const pagaCon = screen.getByLabelText('¿Con cuánto pagas? (opcional)');
    await user.type(pagaCon, '500');
    // Information, not a warning: neutral, and read with the field.
    const cambio = screen.getByText('Tu cambio: $ 364.51');
    expect(cambio.className).not.toMatch(/red|amber/);
    expect(cambio.className).toContain('text-stone-700');
    expect(pagaCon.getAttribute('aria-describedby')).toBe(cambio.id);

    await user.clear(pagaCon);
    await user.type(pagaCon, '100');
    expect(screen.queryByText(/Tu cambio/)).toBeNull();
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByRole('alert').textContent).toBe(
      'Con cuánto pagas debe ser igual o mayor al total ($ 135.49)',
    );
    expect(pagaCon.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    await user.clear(pagaCon);
    await user.type(pagaCon, 'mucho');
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByRole('alert').textContent).toBe(pedidoWireMessages.pagaConInvalido);
    expect(calls).toEqual([]);
  });

  it('transfer says the CLABE comes after ordering; the terminal says when', async () => {
    const { envio } = fakeEnvio();
    const { user } = renderForm({ envio });
    await user.click(screen.getByLabelText('Transferencia'));
    expect(
      screen.getByText('Te mostraremos la CLABE para transferir después de hacer tu pedido.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('¿Con cuánto pagas? (opcional)')).toBeNull();
    await user.click(screen.getByLabelText('Tarjeta (terminal)'));
    expect(screen.getByText(/Paga con tarjeta en la terminal al recoger tu pedido/)).toBeTruthy();
  });

  it("a guest's order sends its lines and data with a key, and opens its tracking page", async () => {
    const { envio, calls } = fakeEnvio();
    const { user, hechos } = renderForm({ envio });
    await user.click(screen.getByLabelText('Envío a domicilio'));
    await llenarInvitado(user);
    await user.type(screen.getByLabelText('Referencias (opcional)'), 'Portón verde');
    await user.type(screen.getByLabelText('¿Con cuánto pagas? (opcional)'), '$500');
    await user.type(screen.getByLabelText('Nota para la tienda (opcional)'), 'Tocar el timbre');
    await user.click(boton('Hacer pedido · $ 135.49'));

    expect(await screen.findByText('en /pedido/seguimiento/s3cr3t')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.tipo).toBe('invitado');
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[0]?.body).toEqual({
      tiendaId: 7,
      lineas: [
        { productoId: 11, cantidad: 3, opciones: [1, 2], nota: 'Sin cebolla' },
        { productoId: 12, cantidad: 1 },
      ],
      cliente: { nombreCompleto: 'Ana López', celular: '5588776655' },
      entrega: {
        tipo: 'DOMICILIO',
        direccion: 'Calle Pino 12, Centro',
        referencias: 'Portón verde',
      },
      pago: { metodo: 'EFECTIVO', pagaCon: 500 },
      nota: 'Tocar el timbre',
      totalEsperado: 135.49,
    });
    expect(hechos).toEqual([expect.objectContaining({ tipo: 'invitado', seguimiento: 's3cr3t' })]);
  });

  it.each(['55 8877 6655', '+52 1 55 8877 6655', '(55) 8877-6655', '55.8877.6655'])(
    "a guest's phone typed %j is sent as its 10 digits",
    async (typed) => {
      const { envio, calls } = fakeEnvio();
      const { user } = renderForm({ envio });
      const celular = screen.getByLabelText('Celular (10 dígitos)');
      expect(celular.getAttribute('inputmode')).toBe('tel');
      await user.type(screen.getByLabelText('Nombre'), 'Ana López');
      await user.type(celular, typed);
      await user.click(boton(/Hacer pedido/));
      expect(await screen.findByText('en /pedido/seguimiento/s3cr3t')).toBeTruthy();
      expect(calls[0]?.body).toMatchObject({
        cliente: { nombreCompleto: 'Ana López', celular: '5588776655' },
      });
    },
  );

  it("a guest's phone of another shape is refused with the registration message", async () => {
    const { envio, calls } = fakeEnvio();
    const { user } = renderForm({ envio });
    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '55 8877 665');
    await user.click(boton(/Hacer pedido/));
    expect(screen.getByRole('alert').textContent).toBe('El celular debe contener 10 números');
    expect(calls).toEqual([]);
  });

  it("a guest's data is offered again on this phone next time", async () => {
    const { envio } = fakeEnvio();
    const { user } = renderForm({ envio });
    await user.click(screen.getByLabelText('Envío a domicilio'));
    await llenarInvitado(user);
    await user.click(boton(/Hacer pedido/));
    await screen.findByText(/en \/pedido\/seguimiento/);
    renderForm({ envio });
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Ana López');
    expect(screen.getByLabelText('Celular (10 dígitos)')).toHaveProperty('value', '5588776655');
  });

  it("a signed-in shopper's order goes as proccesscart with the account's data left to it", async () => {
    const { envio, calls } = fakeEnvio();
    const { user, hechos } = renderForm({
      envio,
      conSesion: true,
      datos: { celular: '5512345678' },
    });
    expect(screen.getByLabelText('Celular (10 dígitos)')).toHaveProperty('value', '5512345678');
    await user.click(screen.getByLabelText('Envío a domicilio'));
    await user.click(boton('Hacer pedido · $ 135.49'));
    expect(await screen.findByText('en /mispedidosdetalle?id=55')).toBeTruthy();
    expect(calls.map((c) => [c.tipo, c.body])).toEqual([
      [
        'cuenta',
        {
          tiendaId: 7,
          entrega: { tipo: 'DOMICILIO' },
          pago: { metodo: 'EFECTIVO' },
          totalEsperado: 135.49,
        },
      ],
    ]);
    expect(hechos).toEqual([{ tipo: 'cuenta', pedidoId: 55 }]);
  });

  it('a signed-in shopper who types a name orders under that name and phone', async () => {
    const { envio, calls } = fakeEnvio();
    const { user } = renderForm({ envio, conSesion: true, datos: { celular: '5512345678' } });
    await user.type(screen.getByLabelText('Nombre (opcional)'), 'Luis Pérez');
    await user.click(boton(/Hacer pedido/));
    await screen.findByText(/en \/mispedidosdetalle/);
    expect(calls[0]?.body).toMatchObject({
      cliente: { nombreCompleto: 'Luis Pérez', celular: '5512345678' },
      entrega: { tipo: 'RECOGER' },
      totalEsperado: 119.99,
    });
  });

  it('a retry after a lost answer sends the same Idempotency-Key; a refusal starts a new one', async () => {
    const sinConexion = () => Promise.reject(new ApiError(0, 'SIN_CONEXION', 'No hay conexión'));
    const pausada = () =>
      Promise.reject(
        new ApiError(400, 'TIENDA_PAUSADA', 'La tienda pausó los pedidos hasta las 14:30'),
      );
    const { envio, calls } = fakeEnvio([sinConexion, pausada, sinConexion]);
    const { user } = renderForm({ envio, conSesion: true, datos: { celular: '5512345678' } });

    await user.click(boton(/Hacer pedido/));
    expect((await screen.findByRole('alert')).textContent).toBe('No hay conexión');
    await user.click(boton(/Hacer pedido/));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La tienda pausó los pedidos hasta las 14:30',
    );
    await user.click(boton(/Hacer pedido/));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[2]?.key).not.toBe(calls[1]?.key);
  });

  it('a double tap sends one order', async () => {
    let responder: (v: { pedidoId?: number }) => void = () => undefined;
    const { envio, calls } = fakeEnvio([() => new Promise((resolve) => (responder = resolve))]);
    const { user } = renderForm({ envio, conSesion: true, datos: { celular: '5512345678' } });
    await user.dblClick(boton(/Hacer pedido/));
    expect(boton('Enviando tu pedido…')).toHaveProperty('disabled', true);
    responder({ pedidoId: 60 });
    expect(await screen.findByText('en /mispedidosdetalle?id=60')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('a changed price is shown and asked again; the confirmation sends the new total', async () => {
    const cambio = () =>
      Promise.reject(
        new ApiError(409, 'PRECIO_CAMBIO', 'El total de tu pedido cambió', {
          code: 'PRECIO_CAMBIO',
          message: 'El total de tu pedido cambió',
          montoTotal: 141.5,
        }),
      );
    const { envio, calls } = fakeEnvio([], [cambio]);
    const { user, hechos } = renderForm({ envio });
    await user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
    await user.click(boton('Hacer pedido · $ 119.99'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'El precio cambió: el nuevo total es $ 141.50',
    );
    // Nothing ordered yet, nothing moved.
    expect(hechos).toEqual([]);
    await user.click(boton('Confirmar pedido por $ 141.50'));
    await screen.findByText('en /pedido/seguimiento/s3cr3t');
    expect(calls.map((c) => (c.body as { totalEsperado: number }).totalEsperado)).toEqual([
      119.99, 141.5,
    ]);
  });

  it('a closed shop or a basket under the minimum cannot order, and says why', () => {
    const { envio } = fakeEnvio();
    renderForm({
      envio,
      canasta: canasta({ abierta: false, mensajeCerrada: 'Abrimos mañana a las 9:00' }),
    });
    expect(screen.getByRole('alert').textContent).toBe('Abrimos mañana a las 9:00');
    expect(boton(/Hacer pedido/)).toHaveProperty('disabled', true);
  });

  it('under the minimum the button is off and the minimum is named', () => {
    const { envio } = fakeEnvio();
    renderForm({ envio, canasta: canasta({ montoMinimo: 200 }) });
    const form = screen.getByRole('form');
    expect(within(form).getByRole('alert').textContent).toContain('($ 200.00)');
    expect(boton(/Hacer pedido/)).toHaveProperty('disabled', true);
  });
});

// What was typed is kept on the phone until the order is placed (borrador.ts).
describe('CheckoutForm: lo escrito se queda', { timeout: 30_000 }, () => {
  const valor = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
  const marcado = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

  it('everything typed is there again when the form opens again (Back, Forward, a reload)', async () => {
    const { envio, calls } = fakeEnvio();
    const primero = renderForm({ envio });
    await primero.user.click(screen.getByLabelText('Envío a domicilio'));
    await llenarInvitado(primero.user);
    await primero.user.type(screen.getByLabelText('Referencias (opcional)'), 'Portón verde');
    await primero.user.type(screen.getByLabelText('¿Con cuánto pagas? (opcional)'), '500');
    await primero.user.type(
      screen.getByLabelText('Nota para la tienda (opcional)'),
      'Tocar el timbre',
    );
    primero.unmount();

    renderForm({ envio });
    expect(valor('Nombre')).toBe('Ana López');
    expect(valor('Celular (10 dígitos)')).toBe('5588776655');
    expect(marcado('Envío a domicilio')).toBe(true);
    expect(valor('Dirección de entrega')).toBe('Calle Pino 12, Centro');
    expect(valor('Referencias (opcional)')).toBe('Portón verde');
    expect(marcado('Efectivo')).toBe(true);
    expect(valor('¿Con cuánto pagas? (opcional)')).toBe('500');
    expect(screen.getByText('Tu cambio: $ 364.51')).toBeTruthy();
    expect(valor('Nota para la tienda (opcional)')).toBe('Tocar el timbre');
    expect(boton('Hacer pedido · $ 135.49')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('the payment choice and a field emptied on purpose stay as left', async () => {
    const { envio } = fakeEnvio();
    const primero = renderForm({ envio, datos: { nombreCompleto: 'Ana López' } });
    await primero.user.clear(screen.getByLabelText('Nombre'));
    await primero.user.click(screen.getByLabelText('Tarjeta (terminal)'));
    primero.unmount();

    renderForm({ envio, datos: { nombreCompleto: 'Ana López' } });
    expect(valor('Nombre')).toBe('');
    expect(marcado('Tarjeta (terminal)')).toBe(true);
  });

  it("another shop's form starts afresh", async () => {
    const { envio } = fakeEnvio();
    const primero = renderForm({ envio });
    await primero.user.type(screen.getByLabelText('Nombre'), 'Ana López');
    primero.unmount();

    renderForm({ envio, canasta: canasta({ tiendaId: 8 }) });
    expect(valor('Nombre')).toBe('');
  });

  it("a visitor's draft is there after signing in; the account's phone where none was typed", async () => {
    const { envio } = fakeEnvio();
    const primero = renderForm({ envio });
    await primero.user.type(screen.getByLabelText('Nombre'), 'Ana López');
    await primero.user.click(screen.getByLabelText('Envío a domicilio'));
    primero.unmount();

    renderForm({ envio, conSesion: true, datos: { celular: '5512345678' } });
    expect(valor('Nombre (opcional)')).toBe('Ana López');
    expect(valor('Celular (10 dígitos)')).toBe('5512345678');
    expect(marcado('Envío a domicilio')).toBe(true);
  });

  it('once ordered the next checkout is empty, bar the data a guest is offered again', async () => {
    const { envio } = fakeEnvio();
    const primero = renderForm({ envio });
    await primero.user.click(screen.getByLabelText('Envío a domicilio'));
    await llenarInvitado(primero.user);
    await primero.user.type(screen.getByLabelText('¿Con cuánto pagas? (opcional)'), '500');
    await primero.user.type(
      screen.getByLabelText('Nota para la tienda (opcional)'),
      'Tocar el timbre',
    );
    await primero.user.click(boton('Hacer pedido · $ 135.49'));
    await screen.findByText('en /pedido/seguimiento/s3cr3t');
    primero.unmount();

    const segundo = renderForm({ envio });
    expect(valor('Nombre')).toBe('Ana López');
    expect(valor('Celular (10 dígitos)')).toBe('5588776655');
    expect(marcado('Recoger en la tienda')).toBe(true);
    expect(valor('¿Con cuánto pagas? (opcional)')).toBe('');
    expect(valor('Nota para la tienda (opcional)')).toBe('');
    await segundo.user.click(screen.getByLabelText('Envío a domicilio'));
    expect(valor('Dirección de entrega')).toBe('Calle Pino 12, Centro');
  });
});
