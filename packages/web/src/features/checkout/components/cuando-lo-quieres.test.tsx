import {
  programacionMessages,
  type Franja,
  type Franjas,
  type PedidoConSeguimiento,
  type PedidoInvitadoBody,
} from '@tianguis/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { clearQueryCache } from '../../../lib/query';
import { pedidoVista } from '#test/pedidos/fixtures';
import type { CheckoutEnvio } from '../api/place-pedido';
import { canastaCheckout } from '#test/checkout/fixtures';
import type { CanastaCheckout } from '../logic/checkout-values';
import { CheckoutForm } from './checkout-form';
import { cuandoMessages } from './cuando-lo-quieres';

// Orders for later at checkout (docs/api.md, "Orders for later"): the shop's slots come from
// GET /api/tienda/franjas/{usuario} (the browser's fetch, answered here as the server would);
// the order goes through the form's envio, recorded.

const URL_FRANJAS = '/api/tienda/franjas/taqueria-lupe';
// Thursday 2026-12-03, 12:00 in Mexico City (UTC-6).
const AHORA = new Date('2026-12-03T18:00:00.000Z');

function franja(inicio: string, restantes: number | null = null): Franja {
  const fin = new Date(Date.parse(inicio) + 30 * 60_000).toISOString();
  return { inicio, fin, disponible: restantes === null || restantes > 0, restantes };
}

const HOY_13 = '2026-12-03T19:00:00.000Z';
const HOY_13_30 = '2026-12-03T19:30:00.000Z';
const MANANA_8 = '2026-12-04T14:00:00.000Z';
const MANANA_8_30 = '2026-12-04T14:30:00.000Z';
const SABADO_9 = '2026-12-05T15:00:00.000Z';

function franjasAbierta(over: Partial<Franjas> = {}): Franjas {
  return {
    ahoraMin: 25,
    franjas: [
      franja(HOY_13, 2),
      franja(HOY_13_30, 0),
      franja(MANANA_8),
      franja(MANANA_8_30),
      franja(SABADO_9),
    ],
    ...over,
  };
}

let respuestas: (() => Response | Promise<Response>)[];
let pedidasFranjas: number;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AHORA);
  respuestas = [];
  pedidasFranjas = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) !== URL_FRANJAS) {
      return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
        status: 404,
      });
    }
    pedidasFranjas += 1;
    const siguiente = respuestas.length > 1 ? respuestas.shift() : respuestas[0];
    if (!siguiente) throw new Error('sin respuesta preparada');
    return siguiente();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearQueryCache();
});

function responder(franjas: Franjas) {
  respuestas.push(() => new Response(JSON.stringify(franjas), { status: 200 }));
}

/** The basket of a shop that takes orders for later. */
function canasta(over: Partial<CanastaCheckout> = {}): CanastaCheckout {
  return canastaCheckout({
    programar: { usuario: 'taqueria-lupe', timeZone: 'America/Mexico_City' },
    ...over,
  });
}

function fakeEnvio(invitado: (() => Promise<PedidoConSeguimiento>)[] = []) {
  const bodies: PedidoInvitadoBody[] = [];
  const envio: CheckoutEnvio = {
    conCuenta: () => Promise.reject(new Error('no se usa')),
    invitado: (body) => {
      bodies.push(body);
      return (
        invitado.shift()?.() ??
        Promise.resolve({ pedido: pedidoVista({ id: 56, invitado: true }), seguimiento: 's3cr3t' })
      );
    },
  };
  return { envio, bodies };
}

function abrir(envio: CheckoutEnvio, c: CanastaCheckout = canasta()) {
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route
          path="/checkout"
          element={<CheckoutForm canasta={c} conSesion={false} envio={envio} />}
        />
        <Route path="*" element={<p>pedido hecho</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function llenar(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana López');
  await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
}

const cuando = () => screen.getByRole('group', { name: cuandoMessages.legend });
const hacerPedido = () => screen.getByRole('button', { name: /^Hacer pedido/ });

describe('¿Cuándo lo quieres? (orders for later at checkout)', { timeout: 30_000 }, () => {
  it('offers "Lo antes posible" with the estimate, then the slots by day; a full one is disabled, and the chosen slot is sent', async () => {
    responder(franjasAbierta());
    const { envio, bodies } = fakeEnvio();
    const user = abrir(envio);
    await llenar(user);
    const ahora = await within(cuando()).findByRole('radio', {
      name: 'Lo antes posible (≈ 25 min)',
    });
    expect(ahora).toHaveProperty('checked', true);
    // No slot list until "Programar" is chosen.
    expect(within(cuando()).queryByRole('group', { name: 'Día' })).toBeNull();

    await user.click(within(cuando()).getByRole('radio', { name: 'Programar' }));
    const dias = within(cuando()).getByRole('group', { name: 'Día' });
    expect(
      within(dias)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Hoy', 'Mañana', 'Sáb 5']);
    // Today first: 13:00 with room, 13:30 full.
    const horario = () => within(cuando()).getByRole('group', { name: 'Horario' });
    expect(within(dias).getByRole('radio', { name: 'Hoy' })).toHaveProperty('checked', true);
    const libre = within(horario()).getByRole('radio', { name: '13:00 – 13:30' });
    const lleno = within(horario()).getByRole('radio', { name: '13:30 – 14:00 Lleno' });
    expect(libre).toHaveProperty('disabled', false);
    expect(lleno).toHaveProperty('disabled', true);

    await user.click(within(dias).getByRole('radio', { name: 'Mañana' }));
    expect(
      within(horario())
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['8:00 – 8:30', '8:30 – 9:00']);
    await user.click(within(horario()).getByRole('radio', { name: '8:30 – 9:00' }));
    expect(within(cuando()).getByText('Tu pedido: Para mañana a las 08:30')).toBeTruthy();

    await user.click(hacerPedido());
    await screen.findByText('pedido hecho');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.programadoPara).toBe(MANANA_8_30);
  });

  it('"Lo antes posible" sends no programadoPara', async () => {
    responder(franjasAbierta());
    const { envio, bodies } = fakeEnvio();
    const user = abrir(envio);
    await llenar(user);
    await within(cuando()).findByRole('radio', { name: 'Lo antes posible (≈ 25 min)' });
    await user.click(hacerPedido());
    await screen.findByText('pedido hecho');
    expect(bodies[0]).not.toHaveProperty('programadoPara');
  });

  it('a closed shop offers only "Programar", preselected, and asks for a slot before sending', async () => {
    responder(franjasAbierta({ ahoraMin: null, franjas: [franja(MANANA_8), franja(MANANA_8_30)] }));
    const { envio, bodies } = fakeEnvio();
    const user = abrir(
      envio,
      canasta({ abierta: false, mensajeCerrada: 'Taquería Lupe está cerrada' }),
    );
    await llenar(user);
    const programar = await within(cuando()).findByRole('radio', { name: 'Programar' });
    expect(programar).toHaveProperty('checked', true);
    expect(within(cuando()).queryByRole('radio', { name: /Lo antes posible/ })).toBeNull();
    // One day only: no day to choose, the slot list names it.
    expect(within(cuando()).queryByRole('group', { name: 'Día' })).toBeNull();
    const horario = within(cuando()).getByRole('group', { name: 'Horario · Mañana' });
    // The closed notice does not stop the order: it goes for later.
    expect(screen.queryByText('Taquería Lupe está cerrada')).toBeNull();
    expect(hacerPedido()).toHaveProperty('disabled', false);

    await user.click(hacerPedido());
    const error = within(cuando()).getByRole('alert');
    expect(error.textContent).toBe(cuandoMessages.elegir);
    expect(cuando().getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(
      within(horario).getByRole('radio', { name: '8:00 – 8:30' }),
    );
    expect(bodies).toEqual([]);

    await user.click(within(horario).getByRole('radio', { name: '8:00 – 8:30' }));
    expect(within(cuando()).queryByRole('alert')).toBeNull();
    await user.click(hacerPedido());
    await screen.findByText('pedido hecho');
    expect(bodies[0]?.programadoPara).toBe(MANANA_8);
  });

  it('a 409 HORARIO_NO_DISPONIBLE shows the server’s reason at the choice, reads the slots again and keeps what was typed', async () => {
    responder(franjasAbierta({ ahoraMin: null }));
    // Read again after the refusal: 8:00 filled up meanwhile.
    responder(
      franjasAbierta({
        ahoraMin: null,
        franjas: [franja(MANANA_8, 0), franja(MANANA_8_30, 1)],
      }),
    );
    const { envio, bodies } = fakeEnvio([
      () =>
        Promise.reject(
          new ApiError(409, 'HORARIO_NO_DISPONIBLE', programacionMessages.lleno, {
            code: 'HORARIO_NO_DISPONIBLE',
            message: programacionMessages.lleno,
          }),
        ),
    ]);
    const user = abrir(envio, canasta({ abierta: false, mensajeCerrada: 'Cerrada' }));
    await llenar(user);
    await user.type(screen.getByLabelText('Nota para la tienda (opcional)'), 'Sin cebolla');
    await user.click(await within(cuando()).findByRole('radio', { name: 'Mañana' }));
    await user.click(within(cuando()).getByRole('radio', { name: '8:00 – 8:30' }));
    expect(pedidasFranjas).toBe(1);
    await user.click(hacerPedido());

    const error = await within(cuando()).findByRole('alert');
    expect(error.textContent).toBe(programacionMessages.lleno);
    await waitFor(() => expect(pedidasFranjas).toBe(2));
    const lleno = await within(cuando()).findByRole('radio', { name: '8:00 – 8:30 Lleno' });
    expect(lleno).toHaveProperty('disabled', true);
    expect(lleno).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Ana López');
    expect(screen.getByLabelText('Nota para la tienda (opcional)')).toHaveProperty(
      'value',
      'Sin cebolla',
    );

    await user.click(within(cuando()).getByRole('radio', { name: '8:30 – 9:00' }));
    expect(within(cuando()).queryByRole('alert')).toBeNull();
    await user.click(hacerPedido());
    await screen.findByText('pedido hecho');
    expect(bodies.map((b) => b.programadoPara)).toEqual([MANANA_8, MANANA_8_30]);
  });

  it('says while the slots load, a failed read with "Reintentar", and a shop without any slot', async () => {
    let soltar: (r: Response) => void = () => undefined;
    respuestas.push(() => new Promise<Response>((resolve) => (soltar = resolve)));
    respuestas.push(() => new Response(JSON.stringify({ ahoraMin: null, franjas: [] })));
    const { envio } = fakeEnvio();
    const user = abrir(
      envio,
      canasta({ abierta: false, mensajeCerrada: 'Taquería Lupe está cerrada' }),
    );
    expect(within(cuando()).getByRole('status').textContent).toBe(cuandoMessages.cargando);
    soltar(new Response(JSON.stringify({ code: 'ERROR', message: 'Falló' }), { status: 500 }));
    const alerta = await within(cuando()).findByRole('alert');
    expect(alerta.textContent).toContain(cuandoMessages.error);

    await user.click(within(alerta).getByRole('button', { name: 'Reintentar' }));
    expect(await within(cuando()).findByText(cuandoMessages.sinHorarios)).toBeTruthy();
    // Closed, and nothing to schedule: the shop's closed notice, and nothing to send.
    expect(screen.getByText('Taquería Lupe está cerrada')).toBeTruthy();
    expect(hacerPedido()).toHaveProperty('disabled', true);
  });

  it('a shop that takes no orders for later asks nothing and sends no programadoPara', async () => {
    const { envio, bodies } = fakeEnvio();
    const user = abrir(envio, canasta({ programar: undefined }));
    await llenar(user);
    expect(screen.queryByRole('group', { name: cuandoMessages.legend })).toBeNull();
    await user.click(hacerPedido());
    await screen.findByText('pedido hecho');
    expect(bodies[0]).not.toHaveProperty('programadoPara');
    expect(pedidasFranjas).toBe(0);
  });
});
