import type { PedidoVista } from '@tianguis/domain';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MisPedidos from '../../../app/routes/mis-pedidos';
import Seguimiento from '../../../app/routes/seguimiento';
import type { EventStreamHandlers } from '../../../lib/event-stream';
import { clearQueryCache } from '../../../lib/query';
import { clearSession } from '../../../lib/session-store';
import {
  ENTREGA_RECOGER,
  pagoEnEfectivo,
  pagoPorTransferencia,
  pedidoVista,
} from '#test/pedidos/fixtures';
import { signInAs } from '#test/session';
import { saveSeguimiento, listSeguimientos } from '../seguimientos-guardados';

// The live stream, replaced: each test plays the server's events through the handlers.
const stream = vi.hoisted(() => ({
  urls: [] as string[],
  tokens: [] as string[],
  handlers: undefined as EventStreamHandlers | undefined,
}));
vi.mock('../../../lib/event-stream', () => ({
  isEventStreamSupported: () => true,
  openEventStream: (url: string, options: { token: string }, handlers: EventStreamHandlers) => {
    stream.urls.push(url);
    stream.tokens.push(options.token);
    stream.handlers = handlers;
    return () => undefined;
  },
}));

const SECRETO = 'a1B2c3D4e5F6g7H8i9J0kLmN';
const URL_PEDIDO = `/api/pedido/seguimiento/${SECRETO}`;

let respuestas: Record<string, () => Response>;
const pedidas: string[] = [];

beforeEach(() => {
  respuestas = {};
  pedidas.length = 0;
  stream.urls.length = 0;
  stream.tokens.length = 0;
  stream.handlers = undefined;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    pedidas.push(url);
    const respuesta = respuestas[url];
    if (respuesta) return respuesta();
    return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
      status: 404,
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
});

function responder(pedido: PedidoVista) {
  respuestas[URL_PEDIDO] = () => new Response(JSON.stringify(pedido), { status: 200 });
}

function abrir(seguimiento = SECRETO) {
  render(
    <MemoryRouter initialEntries={[`/pedido/seguimiento/${seguimiento}`]}>
      <Routes>
        <Route path="/pedido/seguimiento/:seguimiento" element={<Seguimiento />} />
        <Route path="/register" element={<p>registro</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function emitir(pedido: PedidoVista) {
  act(() =>
    stream.handlers?.onEvent('pedido', JSON.stringify({ tipo: pedido.status, pedido }), '1'),
  );
}

const invitado = (over: Partial<PedidoVista> = {}) =>
  pedidoVista({
    id: 56,
    usuarioId: null,
    invitado: true,
    pedidoDetalles: [
      {
        productoId: 11,
        nombreProducto: 'Taco al pastor',
        imagenProducto: 'N/A',
        cantidad: 3,
        precio: 38.33,
        opciones: [{ id: 2, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 }],
        nota: 'Sin cebolla',
      },
    ],
    // The server's figures: what was charged, whatever the lines add up to here.
    montoTotal: 130.49,
    costoDeEnvio: 15.5,
    ...over,
  });

const estado = () => within(screen.getByRole('region', { name: 'Estado del pedido' }));

describe('Seguimiento (tracking page)', { timeout: 30_000 }, () => {
  it('loads a new order and shows its lines, delivery, payment and the account offer', async () => {
    responder(invitado());
    abrir();
    expect(screen.getByText('Cargando tu pedido…')).toBeTruthy();
    expect(await screen.findByText('Nuevo · esperando a que la tienda lo acepte')).toBeTruthy();
    expect(pedidas).toContain(URL_PEDIDO);
    expect(stream.urls).toEqual([`${URL_PEDIDO}/eventos`]);
    const pasos = screen.getByRole('list', { name: 'Avance del pedido' });
    expect(within(pasos).getByText('Recibido').getAttribute('aria-current')).toBe('step');

    expect(screen.getByText('Tortilla: Harina')).toBeTruthy();
    expect(screen.getByText('Nota: Sin cebolla')).toBeTruthy();
    expect(screen.getByText('Envío a domicilio')).toBeTruthy();
    expect(screen.getByText('Subtotal').closest('dl')?.textContent).toBe(
      'Subtotal$ 114.99Envío$ 15.50Total$ 130.49',
    );
    const cuenta = screen.getByRole('link', { name: 'Crear cuenta' });
    expect(cuenta.getAttribute('href')).toBe('/register');
  });

  it('follows the order live: accepted with its ready time, then completed', async () => {
    const pedido = invitado();
    responder(pedido);
    abrir();
    await screen.findByText('Nuevo · esperando a que la tienda lo acepte');
    act(() => stream.handlers?.onOpen?.());
    expect(await screen.findByText('Se actualiza solo')).toBeTruthy();

    const listo = new Date(2025, 2, 5, 14, 35).toISOString();
    emitir({ ...pedido, status: 'ACEPTADO', aceptadoEn: listo, listoEstimado: listo });
    expect(estado().getByText('Aceptado · listo aprox. a las 14:35')).toBeTruthy();
    expect(screen.getByText('Aceptado').closest('li')?.getAttribute('aria-current')).toBe('step');

    emitir({ ...pedido, status: 'COMPLETADO', listoEstimado: listo });
    expect(estado().getByRole('status').textContent).toBe('Completado');
    // A finished order is not sent to the shop again.
    expect(screen.queryByRole('link', { name: 'Enviar pedido por WhatsApp' })).toBeNull();
  });

  it('shows a cancelled order with its reason', async () => {
    responder(invitado({ status: 'CANCELADO', motivoCancelacion: 'Se nos acabó el pastor' }));
    abrir();
    expect(await screen.findByText('Pedido cancelado')).toBeTruthy();
    expect(screen.getByText('Motivo: Se nos acabó el pastor')).toBeTruthy();
  });

  it('says it is reconnecting while the live stream is down', async () => {
    responder(invitado());
    abrir();
    await screen.findByText('Nuevo · esperando a que la tienda lo acepte');
    act(() => stream.handlers?.onError?.());
    expect(screen.getByText('Reconectando… el estado puede tardar en actualizarse')).toBeTruthy();
  });

  it('an unknown link says the order was not found; a failure offers a retry', async () => {
    abrir('zzzzzzzzzzzzzzzzzzzzzzzz');
    expect(await screen.findByText('No encontramos ese pedido')).toBeTruthy();
    cleanupAndClear();
    // Cut short, the secret fails the server's format check (400 VALIDACION): the same answer.
    respuestas['/api/pedido/seguimiento/corto'] = () =>
      new Response(
        JSON.stringify({ code: 'VALIDACION', message: 'La clave de seguimiento no es válida' }),
        { status: 400 },
      );
    abrir('corto');
    expect(await screen.findByText('No encontramos ese pedido')).toBeTruthy();
    cleanupAndClear();
    respuestas[URL_PEDIDO] = () =>
      new Response(JSON.stringify({ code: 'ERROR_INTERNO', message: 'Algo salió mal' }), {
        status: 500,
      });
    abrir();
    expect(await screen.findByText('Algo salió mal')).toBeTruthy();
    responder(invitado());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Nuevo · esperando a que la tienda lo acepte')).toBeTruthy();
  });

  it('a transfer shows the CLABE with a copy button, the bank, the holder and the concept', async () => {
    const user = userEvent.setup();
    responder(
      invitado({
        pago: pagoPorTransferencia('PEDIDO-56', {
          clabe: '002010077777777771',
          banco: 'Banamex',
          titular: 'Guadalupe Hernández',
        }),
      }),
    );
    abrir();
    expect(await screen.findByText('002010077777777771')).toBeTruthy();
    expect(screen.getByText('Banco: Banamex')).toBeTruthy();
    expect(screen.getByText('Titular: Guadalupe Hernández')).toBeTruthy();
    expect(screen.getByText('PEDIDO-56')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copiar CLABE' }));
    expect(await navigator.clipboard.readText()).toBe('002010077777777771');
    expect(screen.getByText('Copiada')).toBeTruthy();
  });

  it('a pickup order says where: the shop, its address, Cómo llegar and Llamar', async () => {
    const direccion = 'Avenida Insurgentes Sur 1234, Colonia Del Valle Centro, Benito Juárez';
    const mapa = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`Taquería Lupe, ${direccion}`)}`;
    responder(
      invitado({
        costoDeEnvio: 0,
        entrega: ENTREGA_RECOGER,
        recogerEn: { nombre: 'Taquería Lupe', direccion, telefono: '5512349876', mapa },
      }),
    );
    abrir();
    expect(await screen.findByText('Recoger en Taquería Lupe')).toBeTruthy();
    expect(screen.getByText(direccion)).toBeTruthy();
    const llegar = screen.getByRole('link', { name: 'Cómo llegar' });
    expect(llegar.getAttribute('href')).toBe(mapa);
    expect(llegar.getAttribute('target')).toBe('_blank');
    expect(llegar.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe(
      'tel:+525512349876',
    );

    // A live change that carries it keeps it; a shop without a phone shows no Llamar.
    emitir(
      invitado({
        status: 'ACEPTADO',
        entrega: ENTREGA_RECOGER,
        recogerEn: { nombre: 'Taquería Lupe', direccion, telefono: null, mapa },
      }),
    );
    expect(screen.getByRole('link', { name: 'Cómo llegar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Llamar' })).toBeNull();
  });

  it('a delivery order shows no pickup place', async () => {
    responder(invitado({ recogerEn: null }));
    abrir();
    expect(await screen.findByText('Envío a domicilio')).toBeTruthy();
    expect(screen.queryByText(/Recoger en/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cómo llegar' })).toBeNull();
  });

  it('cash shows what the shopper pays with and the change', async () => {
    responder(
      invitado({
        pago: pagoEnEfectivo(500, 369.51),
      }),
    );
    abrir();
    expect(await screen.findByText('Paga con $ 500.00 · cambio $ 369.51')).toBeTruthy();
  });

  it("the WhatsApp message carries the server's lines, options, notes and total", async () => {
    responder(
      invitado({
        nota: 'Tocar el timbre',
        pago: pagoEnEfectivo(500, 369.51),
      }),
    );
    abrir();
    const link = await screen.findByRole('link', { name: 'Enviar pedido por WhatsApp' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/525512345678?text=')).toBe(true);
    const texto = new URL(href).searchParams.get('text') ?? '';
    expect(texto.split('\n').slice(0, 9)).toEqual([
      'Hola, acabo de hacer el pedido #56 en Taquería Lupe:',
      '3 x Taco al pastor (Tortilla: Harina) — $ 114.99',
      '   Nota: Sin cebolla',
      'Subtotal: $ 114.99',
      'Envío: $ 15.50',
      'Total: $ 130.49',
      'Entrega a domicilio: Calle Pino 12, Col. Centro',
      'Pago: Efectivo, pago con $ 500.00 (cambio $ 369.51)',
      'Nota: Tocar el timbre',
    ]);
    expect(texto).toContain('A nombre de: Ana López, 5588776655');
    expect(texto).toMatch(/Seguimiento: .+/);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('lists the other orders placed on this phone', async () => {
    saveSeguimiento('otro-secreto', invitado({ id: 40, nombreTienda: 'Panadería Sol' }));
    saveSeguimiento(SECRETO, invitado());
    expect(listSeguimientos().map((s) => s.pedidoId)).toEqual([56, 40]);
    responder(invitado());
    abrir();
    const otros = await screen.findByRole('region', { name: 'Otros pedidos en este teléfono' });
    const link = within(otros).getByRole('link');
    expect(link.textContent).toContain('Panadería Sol');
    expect(link.getAttribute('href')).toBe('/pedido/seguimiento/otro-secreto');
  });
});

function Atras() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Atrás
    </button>
  );
}

/** The tracking page opened from the checkout (or from `antes`), with a Back button. */
function abrirDespuesDe(antes: string) {
  render(
    <MemoryRouter
      initialEntries={['/tienda/taqueria-lupe', antes, `/pedido/seguimiento/${SECRETO}`]}
    >
      <Atras />
      <Routes>
        <Route path="/pedido/seguimiento/:seguimiento" element={<Seguimiento />} />
        <Route path="/mispedidos" element={<p>Lista de mis pedidos</p>} />
        <Route path="/checkout" element={<p>Tu carrito esta vacio</p>} />
        <Route path="*" element={<p>Otra pantalla</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Back from the tracking page', { timeout: 30_000 }, () => {
  it('right after ordering leads to the order list, not to the emptied checkout', async () => {
    const user = userEvent.setup();
    responder(invitado());
    saveSeguimiento(SECRETO, invitado()); // What the checkout does as the order is placed.
    abrirDespuesDe('/checkout');
    await screen.findByText('Nuevo · esperando a que la tienda lo acepte');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByText('Lista de mis pedidos')).toBeTruthy();
    expect(screen.queryByText('Tu carrito esta vacio')).toBeNull();
  });

  it('opened again later (a saved link), Back goes where the shopper came from', async () => {
    const user = userEvent.setup();
    responder(invitado());
    saveSeguimiento(SECRETO, invitado());
    abrirDespuesDe('/checkout');
    await screen.findByText('Nuevo · esperando a que la tienda lo acepte');
    cleanupAndClear();
    responder(invitado());
    abrirDespuesDe('/tienda/taqueria-lupe/tacos');
    await screen.findByText('Nuevo · esperando a que la tienda lo acepte');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByText('Otra pantalla')).toBeTruthy();
  });
});

describe('Mis Pedidos without an account', { timeout: 30_000 }, () => {
  it('lists the orders placed on this phone by their tracking links', () => {
    saveSeguimiento('otro-secreto', invitado({ id: 40, nombreTienda: 'Panadería Sol' }));
    render(
      <MemoryRouter>
        <MisPedidos />
      </MemoryRouter>,
    );
    const lista = screen.getByRole('region', {
      name: 'Pedidos hechos en este teléfono sin cuenta',
    });
    expect(within(lista).getByRole('link').getAttribute('href')).toBe(
      '/pedido/seguimiento/otro-secreto',
    );
    // No account: the account's list is never asked for.
    expect(pedidas).toEqual([]);
  });

  it('says there are no orders yet when none were placed here', () => {
    render(
      <MemoryRouter>
        <MisPedidos />
      </MemoryRouter>,
    );
    expect(screen.getByText('No tienes pedidos aún')).toBeTruthy();
  });
});

describe(
  'Mis Pedidos with an account and orders placed here without one',
  { timeout: 30_000 },
  () => {
    afterEach(() => clearSession());

    function abrirConCuenta(pedidos: PedidoVista[]) {
      signInAs('USUARIO');
      respuestas['/api/pedido/listarpedidosbyid'] = () =>
        new Response(JSON.stringify(pedidos), { status: 200 });
      saveSeguimiento('otro-secreto', invitado({ id: 40, nombreTienda: 'Panadería Sol' }));
      render(
        <MemoryRouter>
          <MisPedidos />
        </MemoryRouter>,
      );
    }

    it("an account without orders says so of the account only, above this phone's orders", async () => {
      abrirConCuenta([]);
      const cuenta = await screen.findByRole('region', { name: 'Pedidos con tu cuenta' });
      expect(cuenta.textContent).toContain('Aún no tienes pedidos con tu cuenta.');
      expect(screen.queryByText('No tienes pedidos aún')).toBeNull();
      const aqui = screen.getByRole('region', {
        name: 'Pedidos hechos en este teléfono sin cuenta',
      });
      expect(within(aqui).getByRole('heading', { level: 2 }).textContent).toBe(
        'Pedidos hechos en este teléfono sin cuenta',
      );
      expect(within(aqui).getByRole('link').textContent).toContain('Panadería Sol');
      // The account's section comes first.
      expect(cuenta.compareDocumentPosition(aqui) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it("the account's orders under their own heading, this phone's under theirs", async () => {
      abrirConCuenta([
        invitado({ id: 70, usuarioId: 7, invitado: false, nombreTienda: 'Tacos Don Beto' }),
      ]);
      const cuenta = await screen.findByRole('region', { name: 'Pedidos con tu cuenta' });
      expect(
        await within(cuenta).findByRole('heading', { level: 3, name: 'Tacos Don Beto' }),
      ).toBeTruthy();
      screen.getByRole('region', { name: 'Pedidos hechos en este teléfono sin cuenta' });
    });
  },
);

function cleanupAndClear() {
  // A second page in the same test: forget the first one's screen and answers.
  cleanup();
  clearQueryCache();
}
