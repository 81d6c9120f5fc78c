import { act, renderHook, waitFor } from '@testing-library/react';
import { getEstadoPedidos } from '@tianguis/domain';
import { describe, expect, it, vi } from 'vitest';
import { setQueryData } from '../../../lib/query';
import { tiendaPublicaKey } from '../../../lib/tienda-publica/get-tienda-publica';
import { categoria, grupoTortilla, producto, taqueria } from '#test/tienda-publica/fixtures';
import { signInAs } from '#test/session';
import { fakeFetch, setupTaqueriaAbierta } from '#test/tienda-publica/session';
import { addLocal, CANASTA_KEY, getCanastasLocales } from './canasta-local';
import { avisoDeTienda } from '../../../lib/tienda-publica/estado-pedidos';
import { mensajeDeAviso, useCanasta, useCanastas } from './use-canasta';

const grupos = [grupoTortilla()];

function publica() {
  return taqueria({
    entrega: { recoger: true, domicilio: false },
    pagos: { efectivo: true, terminal: false, transferencia: null },
    pausadoHasta: null,
    categorias: [
      categoria('Tacos', [
        producto('Gringa', 45.5, { id: 12, grupos }),
        producto('Costra', 30, { id: 13, agotado: true }),
      ]),
    ],
  });
}

setupTaqueriaAbierta();

const TIENDA = { tiendaId: 1, usuario: 'taqueria-lupe', nombre: 'Taquería Lupe' };

/** A browser basket line of the costra, without options or a note. */
const COSTRA = { productoId: 13, opciones: [], nota: null, nombre: 'Costra', opcionesVista: [] };

describe("a visitor's basket (kept in this browser)", () => {
  it('keys lines by product, sorted options and note, and prices them from the public page', async () => {
    setQueryData(tiendaPublicaKey('taqueria-lupe'), publica());
    const { result } = renderHook(() => useCanasta(1, 'taqueria-lupe'));
    expect(result.current.origen).toBe('local');
    await act(() => result.current.add({ productoId: 12, opciones: [12], nota: ' sin cebolla ' }));
    await act(() => result.current.add({ productoId: 12, opciones: [12], nota: 'sin cebolla' }, 2));
    await act(() => result.current.add({ productoId: 12, opciones: [11] }));
    const [harina, maiz] = result.current.lineas;
    expect(harina).toMatchObject({
      clave: '12|12|sin cebolla',
      cantidad: 3,
      precio: 50.5,
      nota: 'sin cebolla',
      opciones: [{ id: 12, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 }],
      disponible: true,
    });
    expect(maiz).toMatchObject({ clave: '12|11|', cantidad: 1, precio: 45.5 });
    // 3 × 50.50 + 45.50; the shop only offers pickup but its shipping is what it charges.
    expect(result.current.totales.subtotal).toBe(19_700);
    expect(result.current.tienda).toMatchObject({ abierta: true, mensajeCerrada: null });
    expect(result.current.paraCheckout?.lineas).toEqual([
      { productoId: 12, cantidad: 3, opciones: [12], nota: 'sin cebolla', precio: 50.5 },
      { productoId: 12, cantidad: 1, opciones: [11], nota: null, precio: 45.5 },
    ]);

    // Kept across reloads: another render reads the same from localStorage.
    expect(JSON.parse(localStorage.getItem(CANASTA_KEY) ?? '[]')[0].lineas).toHaveLength(2);
    const otra = renderHook(() => useCanastas());
    expect(otra.result.current.tiendas).toEqual([{ tiendaId: 1, usuario: 'taqueria-lupe' }]);

    await act(() => result.current.setCantidad('12|11|', 0));
    expect(result.current.lineas).toHaveLength(1);
    await act(() => result.current.clear());
    expect(localStorage.getItem(CANASTA_KEY)).toBeNull();
  });

  it('refuses a choice that breaks a group and a sold-out product', async () => {
    setQueryData(tiendaPublicaKey('taqueria-lupe'), publica());
    const { result } = renderHook(() => useCanasta(1, 'taqueria-lupe'));
    await expect(result.current.add({ productoId: 12 })).rejects.toThrow(
      'Elige al menos 1 opción en Tortilla',
    );
    await expect(result.current.add({ productoId: 13 })).rejects.toThrow(
      'Este producto ya no está disponible',
    );
  });

  it('marks a line whose product is now sold out and leaves it out of the subtotal', () => {
    addLocal(TIENDA, COSTRA);
    setQueryData(tiendaPublicaKey('taqueria-lupe'), publica());
    const { result } = renderHook(() => useCanasta(1));
    expect(result.current.lineas[0]).toMatchObject({ nombre: 'Costra', disponible: false });
    expect(result.current.totales.subtotal).toBe(0);
    expect(result.current.paraCheckout?.lineas).toEqual([]);
  });
});

describe('signing in merges the browser basket into the account cart', () => {
  it('adds each line (then its quantity) and clears the browser basket', async () => {
    addLocal(
      TIENDA,
      { productoId: 12, opciones: [12], nota: 'sin cebolla', nombre: 'Gringa', opcionesVista: [] },
      3,
    );
    addLocal(TIENDA, COSTRA);
    const cart = (cantidad: number) => [
      {
        tiendaId: 1,
        listOfShoppingCartMarketStore: [
          {
            productoId: 12,
            shoppingCartId: 900,
            cantidad,
            opciones: [{ id: 12, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 }],
            nota: 'sin cebolla',
          },
        ],
      },
    ];
    const { fetch, calls } = fakeFetch({
      '/api/shoppingcartmarket/addItem': { body: cart(1) },
      '/api/shoppingcartmarket/cantidad': { body: cart(3) },
    });
    // The sold-out product is refused for good: dropped, not retried.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      if (body.productoId === 13) {
        calls.push({ url: String(input), method: 'POST', body });
        return new Response(
          JSON.stringify({ code: 'PRODUCTO_AGOTADO', message: 'Costra está agotado por hoy' }),
          { status: 409 },
        );
      }
      return fetch(input, init);
    });
    // The basket module is loaded (as on any shop page): it listens for sign-ins.
    renderHook(() => useCanastas());
    act(() => signInAs('USUARIO'));
    await waitFor(() => expect(getCanastasLocales()).toEqual([]));
    expect(
      calls.filter((c) => !c.url.endsWith('listarcarrito')).map((c) => [c.url, c.body]),
    ).toEqual([
      ['/api/shoppingcartmarket/addItem', { productoId: 12, opciones: [12], nota: 'sin cebolla' }],
      ['/api/shoppingcartmarket/cantidad', { shoppingCartId: 900, cantidad: 3 }],
      ['/api/shoppingcartmarket/addItem', { productoId: 13 }],
    ]);
  });
});

describe("the cart's closed notice", () => {
  it('reads word for word as the server’s mensajeCerrada (docs/api.md, "Hours and special days")', () => {
    const { tienda, horarios } = taqueria();
    const now = new Date('2025-09-01T18:00:00Z'); // Monday 12:00 in Mexico City: closed
    const delServidor = getEstadoPedidos(
      { nombre: tienda.nombre, timeZone: tienda.timeZone, pausadoHasta: null },
      horarios,
      [],
      now,
    );
    expect(delServidor.abierta).toBe(false);
    expect(mensajeDeAviso(avisoDeTienda(tienda, horarios, [], now))).toBe(delServidor.mensaje);
    expect(delServidor.mensaje).toBe(
      'Taquería Lupe está cerrada. Fuera del horario de atención (18:00 - 02:00). ' +
        'Próxima apertura: Hoy a las 18:00. Te esperamos pronto para atenderte mejor',
    );
  });
});
