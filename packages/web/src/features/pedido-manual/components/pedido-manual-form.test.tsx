import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DIRECCION_PEDIDO_MAX,
  NOMBRE_COMPLETO_MAX,
  NOTA_LINEA_MAX,
  NOTA_PEDIDO_MAX,
  REFERENCIAS_MAX,
} from '@tianguis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import type { MiTienda } from '../../mi-tienda/api/get-mi-tienda';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { abrirPedidoNuevo, servidorDePedidoManual } from '#test/pedido-manual/pantalla';
import { pedidoVista } from '#test/pedidos/fixtures';
import { grupoTortilla } from '#test/tienda-publica/fixtures';

// Unmounted first: a screen still mounted would refill the cache it is emptied of.
afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
});

function taqueria(over: Partial<MiTienda> = {}): MiTienda {
  return tiendaDePrueba({
    nombre: 'Taquería Lupe',
    costoDeEnvio: 20,
    entrega: { recoger: true, domicilio: true },
    pagos: { efectivo: true, terminal: true, transferencia: null },
    categorias: [
      categoriaDePrueba({
        productos: [
          productoDePrueba({
            id: 1,
            name: 'Taco de suadero',
            price: 25,
            grupos: [grupoTortilla()],
          }),
          productoDePrueba({ id: 2, name: 'Agua de jamaica', price: 20 }),
          productoDePrueba({ id: 3, name: 'Gringa', price: 45, agotado: true }),
        ],
      }),
    ],
    ...over,
  });
}

const hecho = {
  status: 201,
  body: {
    pedido: pedidoVista({
      id: 41,
      nombreCompleto: 'Rosa Martínez',
      celular: '5512345678',
      montoTotal: 50,
      origen: 'MANUAL',
      invitado: true,
      usuarioId: null,
    }),
    seguimiento: 'Seg_uimiento-0123456789',
  },
};

/** The owner types Rosa's order: a taco with flour tortilla and a note, and a drink. */
async function escribirPedido(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Nombre'), 'Rosa Martínez');
  await user.type(screen.getByLabelText('Celular (opcional)'), '+52 1 55 1234 5678');
  await user.tab();
  await user.click(screen.getByRole('button', { name: 'Agregar Taco de suadero' }));
  const sheet = await screen.findByRole('dialog', { name: 'Taco de suadero' });
  await user.click(within(sheet).getByRole('radio', { name: /^Harina/ }));
  await user.type(within(sheet).getByLabelText('Nota para la tienda (opcional)'), 'sin cebolla');
  await user.click(within(sheet).getByRole('button', { name: /^Agregar \$/ }));
  await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
  await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
}

/** "Copiar enlace de seguimiento" puts the tracking link on the clipboard and says so. */
async function copiaElEnlace(user: ReturnType<typeof userEvent.setup>, enlace: string) {
  const copiar = vi.fn(async (_texto: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: copiar },
    configurable: true,
  });
  await user.click(screen.getByRole('button', { name: 'Copiar enlace de seguimiento' }));
  expect(copiar).toHaveBeenCalledWith(enlace);
  expect(await screen.findByText('Enlace copiado')).toBeTruthy();
}

describe('the owner types a phone order', { timeout: 30_000 }, () => {
  it('with options, a note, pickup and cash, and gets the tracking link to send', async () => {
    const user = userEvent.setup();
    const llamadas = servidorDePedidoManual(taqueria(), [hecho]);
    abrirPedidoNuevo();
    await escribirPedido(user);

    const lineas = screen.getByRole('list', { name: 'Productos del pedido' });
    expect(within(lineas).getAllByRole('listitem')).toHaveLength(2);
    expect(lineas.textContent).toContain('Tortilla: Harina');
    expect(screen.getByLabelText('Celular (opcional)')).toHaveProperty('value', '55-1234-5678');
    // Pickup is the first choice: no shipping in the total.
    expect(screen.getByLabelText('Totales').textContent).toBe('Total$ 50.00');
    await user.type(screen.getByLabelText('Paga con (opcional)'), '500');
    expect(screen.getByText('Cambio: $ 450.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido #41 guardado' })).toBeTruthy();
    expect(llamadas).toHaveLength(1);
    expect(llamadas[0]?.clave).toMatch(/.{16,}/);
    expect(llamadas[0]?.body).toEqual({
      lineas: [
        { productoId: 1, cantidad: 1, opciones: [12], nota: 'sin cebolla' },
        { productoId: 2, cantidad: 1 },
      ],
      cliente: { nombreCompleto: 'Rosa Martínez', celular: '5512345678' },
      entrega: { tipo: 'RECOGER' },
      pago: { metodo: 'EFECTIVO', pagaCon: 500 },
      totalEsperado: 50,
    });

    const enlace = `${window.location.origin}/pedido/seguimiento/Seg_uimiento-0123456789`;
    const whatsapp = screen.getByRole('link', { name: 'Enviar por WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/525512345678');
    expect(href.searchParams.get('text')).toContain(enlace);
    expect(screen.getByRole('link', { name: 'Ver en pedidos' }).getAttribute('href')).toBe(
      '/pedidos',
    );
    await copiaElEnlace(user, enlace);
  });

  it('with the name alone: no phone sent, and the done screen offers the link to copy', async () => {
    const user = userEvent.setup();
    const sinCelular = {
      status: 201,
      body: { ...hecho.body, pedido: { ...hecho.body.pedido, celular: '' } },
    };
    const llamadas = servidorDePedidoManual(taqueria(), [sinCelular]);
    abrirPedidoNuevo();
    await user.type(await screen.findByLabelText('Nombre'), 'Rosa Martínez');
    // The field says it can stay empty, and what happens then.
    const celular = screen.getByLabelText('Celular (opcional)');
    expect(celular.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Sin celular, el pedido se guarda igual y copias el enlace de seguimiento.'),
    ).toBeTruthy();
    await user.click(celular);
    await user.tab();
    expect(celular).toHaveProperty('value', '');
    expect(celular.getAttribute('aria-invalid')).not.toBe('true');
    await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
    await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
    await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));

    expect(await screen.findByRole('heading', { name: 'Pedido #41 guardado' })).toBeTruthy();
    expect(llamadas[0]?.body.cliente).toEqual({ nombreCompleto: 'Rosa Martínez' });
    const enlace = `${window.location.origin}/pedido/seguimiento/Seg_uimiento-0123456789`;
    expect(
      screen.getByText('Sin celular: copia el enlace de seguimiento y compártelo con tu cliente.'),
    ).toBeTruthy();
    expect(screen.getByText(enlace)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Enviar por WhatsApp' })).toBeNull();
    await copiaElEnlace(user, enlace);
  });

  it("reads the cash field as the owner's: 'Paga con', never the shopper's question", async () => {
    const user = userEvent.setup();
    const llamadas = servidorDePedidoManual(taqueria(), []);
    abrirPedidoNuevo();
    await user.type(await screen.findByLabelText('Nombre'), 'Rosa Martínez');
    await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
    await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
    expect(screen.queryByLabelText(/Con cuánto pagas/)).toBeNull();
    await user.type(screen.getByLabelText('Paga con (opcional)'), '10');
    await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));
    expect(llamadas).toHaveLength(0);
    expect(screen.getByText('Paga con debe ser igual o mayor al total ($ 20.00)')).toBeTruthy();
  });

  it('checks the fields before sending, with the domain messages next to each', async () => {
    const user = userEvent.setup();
    const llamadas = servidorDePedidoManual(taqueria(), []);
    abrirPedidoNuevo();
    await user.click(await screen.findByRole('radio', { name: 'Envío a domicilio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar pedido' }));
    expect(llamadas).toHaveLength(0);
    const nombre = screen.getByLabelText('Nombre');
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nombre);
    expect(screen.getByText('Tu pedido no tiene productos')).toBeTruthy();
    expect(
      screen.getByText('Escribe la dirección de entrega (al menos 5 caracteres)'),
    ).toBeTruthy();
  });

  it('a retry after a lost answer goes with the same key; a refusal beside its line', async () => {
    const user = userEvent.setup();
    const agotado = {
      status: 409,
      body: { code: 'PRODUCTO_AGOTADO', message: 'Agua de jamaica está agotado por hoy' },
    };
    const llamadas = servidorDePedidoManual(taqueria(), ['sin-red', agotado, hecho]);
    abrirPedidoNuevo();
    await escribirPedido(user);
    const guardar = screen.getByRole('button', { name: 'Guardar pedido' });

    await user.click(guardar);
    expect((await screen.findByRole('alert')).textContent).toContain('No hay conexión');
    await user.click(guardar);
    const nota = await screen.findByLabelText('Nota para Agua de jamaica');
    expect(nota.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Agua de jamaica está agotado por hoy')).toBeTruthy();
    // The same fill after a lost answer: the same key, so the server makes one order.
    expect(llamadas[1]?.clave).toBe(llamadas[0]?.clave);

    // The drink taken off, saved: the refusal meant nothing was saved, so a new key.
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Agua de jamaica' }));
    await user.click(guardar);
    expect(await screen.findByRole('heading', { name: 'Pedido #41 guardado' })).toBeTruthy();
    expect(llamadas[2]?.clave).not.toBe(llamadas[1]?.clave);
    expect(llamadas[2]?.body.lineas).toHaveLength(1);
  });

  it('a sold-out product cannot be tapped', async () => {
    servidorDePedidoManual(taqueria(), []);
    abrirPedidoNuevo();
    const gringa = await screen.findByRole('button', { name: 'Agregar Gringa (Agotado hoy)' });
    expect(gringa).toHaveProperty('disabled', true);
  });

  it('without products, says so and links to add one', async () => {
    servidorDePedidoManual(taqueria({ categorias: [] }), []);
    abrirPedidoNuevo();
    expect(await screen.findByText('Aún no tienes productos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agregar un producto' }).getAttribute('href')).toBe(
      '/mitienda',
    );
  });

  it('tells the owner a shop not approved yet cannot take the order', async () => {
    servidorDePedidoManual(taqueria({ approved: false }), []);
    abrirPedidoNuevo();
    expect((await screen.findByText(/Pendiente de aprobación/)).textContent).toContain(
      'cuando esté en línea',
    );
  });

  it('each text field stops at the server’s limit, from the domain (docs/api.md)', async () => {
    const user = userEvent.setup();
    servidorDePedidoManual(taqueria(), []);
    abrirPedidoNuevo();
    await user.click(await screen.findByLabelText('Envío a domicilio'));
    await user.type(screen.getByLabelText('Buscar producto'), 'jamaica');
    await user.click(screen.getByRole('button', { name: 'Agregar Agua de jamaica' }));
    const limites: [string | RegExp, number][] = [
      ['Nombre', NOMBRE_COMPLETO_MAX],
      ['Dirección de entrega', DIRECCION_PEDIDO_MAX],
      ['Referencias (opcional)', REFERENCIAS_MAX],
      ['Nota del pedido (opcional)', NOTA_PEDIDO_MAX],
      [/^Nota para Agua de jamaica/, NOTA_LINEA_MAX],
    ];
    for (const [label, max] of limites) {
      const campo = screen.getByLabelText(label);
      expect({ label: String(label), maxLength: campo.getAttribute('maxlength') }).toEqual({
        label: String(label),
        maxLength: String(max),
      });
    }
  });
});
