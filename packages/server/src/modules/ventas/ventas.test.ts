import { describe, expect, it } from 'vitest';
import {
  COLUMNAS_EXPORTACION,
  parseCsv,
  ventasMessages,
  type Corte,
  type Ventas,
} from '@tianguis/domain';
import { startTestServer, type TestServer, useTestServer } from '../../../test/build-test-app.js';
import {
  addProducto,
  createShop,
  expectValidation,
  ok,
  post,
} from '../../../test/catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import {
  createPublicShop,
  guestBody,
  nowInZone,
  PEDIDO,
  placeGuest,
} from '../../../test/pedido-factories.js';

// docs/sales.md on both databases: hand-computed figures from orders written with chosen
// instants (the API stamps the clock's), one order placed and completed through the API, the
// time-zone edge (23:30 on the 1st in Mexico City is 05:30Z on the 2nd), only COMPLETADO
// counted, another shop never seen, the range rules' 400s and the CSV export.

interface Linea {
  productoId: number;
  nombre: string;
  cantidad: number;
  /** Centavos. */
  precio: number;
  opciones?: unknown[];
}

interface Orden {
  fecha: string;
  status?: string;
  metodo?: 'EFECTIVO' | 'TRANSFERENCIA' | 'TERMINAL';
  pagado?: boolean;
  envio?: number;
  cliente?: string;
  celular?: string;
  lineas: Linea[];
}

async function insertOrden(server: TestServer, tiendaId: number, o: Orden): Promise<number> {
  const subtotal = o.lineas.reduce((s, l) => s + l.precio * l.cantidad, 0);
  const envio = o.envio ?? 0;
  const { db } = server.app.database;
  const { id } = await db
    .insertInto('pedido')
    .values({
      tienda_id: tiendaId,
      account_id: null,
      status: o.status ?? 'COMPLETADO',
      fecha: o.fecha,
      cantidad_de_articulos: o.lineas.reduce((s, l) => s + l.cantidad, 0),
      subtotal,
      costo_de_envio: envio,
      monto_total: subtotal + envio,
      nombre_tienda: 'Tienda',
      usuario_tienda: 'tienda',
      tienda_image_url: '/images/x.png',
      celular_tienda: '5500000000',
      nombre_completo: o.cliente ?? 'Cliente de prueba',
      celular: o.celular ?? '5512345678',
      direccion_entrega: 'Calle 1',
      idempotency_key: null,
      updated_at: o.fecha,
      entrega_tipo: 'DOMICILIO',
      pago_metodo: o.metodo ?? 'EFECTIVO',
      pagado: o.pagado ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of o.lineas) {
    await db
      .insertInto('pedido_detalle')
      .values({
        pedido_id: id,
        tienda_id: tiendaId,
        producto_id: l.productoId,
        nombre_producto: l.nombre,
        imagen_producto: '/images/x.png',
        cantidad: l.cantidad,
        precio: l.precio,
        opciones: JSON.stringify(l.opciones ?? []),
      })
      .execute();
  }
  return id;
}

function ventas(server: TestServer, token: string, desde: string, hasta: string) {
  return server.call<Ventas>(`/api/tienda/ventas?desde=${desde}&hasta=${hasta}`, { token });
}

function corte(server: TestServer, token: string, fecha: string) {
  return server.call<Corte>(`/api/tienda/corte?fecha=${fecha}`, { token });
}

/** The export's raw bytes (fetch's text() would drop the BOM). */
async function exportar(server: TestServer, token: string, desde: string, hasta: string) {
  const res = await fetch(`${server.baseUrl}/api/pedido/exportar?desde=${desde}&hasta=${hasta}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

describe('ventas, corte de caja y exportación', () => {
  const { server, owner, other, ids } = useTestServer({}, async (server) => {
    const shop = await createShop(server, { producto: { name: 'Taco de pastor', price: 0.1 } });
    const owner = shop.owner;
    const pastor = shop.producto.id;
    const horchata = (
      await addProducto(server, owner, shop.categoria.id, { name: 'Agua de horchata', price: 0.2 })
    ).id;
    const otra = await createShop(server, { producto: { name: 'Pan de elote', price: 999.99 } });
    const other = otra.owner;

    const t = owner.tiendaId;
    const P1 = (cantidad: number, precio: number, nombre = 'Taco de pastor') => ({
      productoId: pastor,
      nombre,
      cantidad,
      precio,
    });
    const P2 = (cantidad: number, precio: number, opciones?: unknown[]) => ({
      productoId: horchata,
      nombre: 'Agua de horchata',
      cantidad,
      precio,
      opciones,
    });
    // Mexico City is UTC-6 all year: the 1st runs from 2026-11-01T06:00Z to 2026-11-02T06:00Z.
    // 09:00 local, cash 0.10.
    await insertOrden(server, t, { fecha: '2026-11-01T15:00:00.000Z', lineas: [P1(1, 10)] });
    // 12:30 local, transfer marked paid 0.20.
    await insertOrden(server, t, {
      fecha: '2026-11-01T18:30:00.000Z',
      metodo: 'TRANSFERENCIA',
      pagado: true,
      lineas: [P2(1, 20)],
    });
    // 13:00 local, cash 0.20 (0.10 + 0.20 in the drawer: exactly 0.30).
    await insertOrden(server, t, {
      fecha: '2026-11-01T19:00:00.000Z',
      cliente: 'Pérez, "El Güero"\nMostrador',
      celular: '+525512345678',
      lineas: [P2(1, 20)],
    });
    // Cancelled and still new: never sales, but exported.
    await insertOrden(server, t, {
      fecha: '2026-11-01T20:00:00.000Z',
      status: 'CANCELADO',
      lineas: [P1(5, 10_000)],
    });
    await insertOrden(server, t, {
      fecha: '2026-11-01T21:00:00.000Z',
      status: 'NUEVO',
      cliente: '=HYPERLINK("http://malo.example")',
      lineas: [P1(1, 10)],
    });
    // 23:30 local on the 1st = 05:30Z on the 2nd; terminal, 2 × 19.99 + 25.50 shipping = 65.48,
    // sold under the product's new name.
    await insertOrden(server, t, {
      fecha: '2026-11-02T05:30:00.000Z',
      metodo: 'TERMINAL',
      envio: 2550,
      lineas: [P1(2, 1999, 'Taco al pastor')],
    });
    // 00:00 local on the 2nd, transfer not yet paid: 3 × 0.33 with options.
    await insertOrden(server, t, {
      fecha: '2026-11-02T06:00:00.000Z',
      metodo: 'TRANSFERENCIA',
      lineas: [
        P2(3, 33, [
          { id: 1, grupo: 'Tamaño', nombre: 'Grande', precioExtra: 0 },
          { id: 2, grupo: 'Extras', nombre: 'Canela, hielo', precioExtra: 0 },
        ]),
      ],
    });
    // 23:59:59 local on 31 October.
    await insertOrden(server, t, { fecha: '2026-11-01T05:59:59.000Z', lineas: [P1(70, 10)] });
    // Another shop's sale in the same hour.
    await insertOrden(server, other.tiendaId, {
      fecha: '2026-11-01T16:00:00.000Z',
      cliente: 'Cliente de la otra tienda',
      lineas: [
        { productoId: otra.producto.id, nombre: 'Pan de elote', cantidad: 1, precio: 99_999 },
      ],
    });
    return { owner, other, ids: { pastor, horchata } };
  });

  it('one day: totals, hours, products and methods to the centavo, in the shop zone', async () => {
    const res = await ventas(server, owner.token, '2026-11-01', '2026-11-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 65.98,
      pedidos: 4,
      // 65.98 / 4 = 16.495 → 16.50 (half up, in centavos: 6598 / 4 = 1649.5 → 1650).
      ticketPromedio: 16.5,
      porDia: [{ fecha: '2026-11-01', total: 65.98, pedidos: 4 }],
      porHora: [
        { hora: 9, pedidos: 1 },
        { hora: 12, pedidos: 1 },
        { hora: 13, pedidos: 1 },
        { hora: 23, pedidos: 1 },
      ],
      porProducto: [
        { productoId: ids.pastor, nombre: 'Taco al pastor', cantidad: 3, total: 40.08 },
        { productoId: ids.horchata, nombre: 'Agua de horchata', cantidad: 2, total: 0.4 },
      ],
      porMetodo: [
        { metodo: 'TERMINAL', total: 65.48, pedidos: 1 },
        { metodo: 'EFECTIVO', total: 0.3, pedidos: 2 },
        { metodo: 'TRANSFERENCIA', total: 0.2, pedidos: 1 },
      ],
    });
  });

  it('two days: the midnight order is the 2nd, the 23:30 one stays on the 1st', async () => {
    const res = await ventas(server, owner.token, '2026-11-01', '2026-11-02');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(66.97);
    expect(res.body.pedidos).toBe(5);
    // 6697 / 5 = 1339.4 centavos.
    expect(res.body.ticketPromedio).toBe(13.39);
    expect(res.body.porDia).toEqual([
      { fecha: '2026-11-01', total: 65.98, pedidos: 4 },
      { fecha: '2026-11-02', total: 0.99, pedidos: 1 },
    ]);
    expect(res.body.porHora[0]).toEqual({ hora: 0, pedidos: 1 });
    expect(res.body.porMetodo).toEqual([
      { metodo: 'TERMINAL', total: 65.48, pedidos: 1 },
      { metodo: 'TRANSFERENCIA', total: 1.19, pedidos: 2 },
      { metodo: 'EFECTIVO', total: 0.3, pedidos: 2 },
    ]);
    expect(res.body.porProducto[1]).toEqual({
      productoId: ids.horchata,
      nombre: 'Agua de horchata',
      cantidad: 5,
      total: 1.39,
    });
  });

  it('a day without sales answers zeros and empty lists', async () => {
    const res = await ventas(server, owner.token, '2026-11-05', '2026-11-05');
    expect(res.body).toEqual({
      total: 0,
      pedidos: 0,
      ticketPromedio: 0,
      porDia: [],
      porHora: [],
      porProducto: [],
      porMetodo: [],
    });
  });

  it("another shop's owner sees only its own sale", async () => {
    const res = await ventas(server, other.token, '2026-10-31', '2026-11-02');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(999.99);
    expect(res.body.pedidos).toBe(1);
    expect(JSON.stringify(res.body)).not.toContain('pastor');
    const mine = await ventas(server, owner.token, '2026-10-31', '2026-11-02');
    expect(JSON.stringify(mine.body)).not.toContain('elote');
  });

  it('corte de caja: cash in the drawer, terminal, transfers paid and pending', async () => {
    expect((await corte(server, owner.token, '2026-11-01')).body).toEqual({
      fecha: '2026-11-01',
      efectivo: { pedidos: 2, total: 0.3 },
      terminal: { pedidos: 1, total: 65.48 },
      transferencia: { pagados: { pedidos: 1, total: 0.2 }, pendientes: { pedidos: 0, total: 0 } },
    });
    expect((await corte(server, owner.token, '2026-11-02')).body).toEqual({
      fecha: '2026-11-02',
      efectivo: { pedidos: 0, total: 0 },
      terminal: { pedidos: 0, total: 0 },
      transferencia: { pagados: { pedidos: 0, total: 0 }, pendientes: { pedidos: 1, total: 0.99 } },
    });
    expect((await corte(server, owner.token, '2026-10-31')).body.efectivo).toEqual({
      pedidos: 1,
      total: 7,
    });
  });

  it('refuses bad ranges with 400 and a Spanish message', async () => {
    const t = owner.token;
    expectValidation(
      await ventas(server, t, '2025-01-01', '2026-01-02'),
      ventasMessages.rangoLargo,
    );
    expectValidation(
      await ventas(server, t, '2026-11-30', '2026-11-01'),
      ventasMessages.rangoInvertido,
    );
    expectValidation(
      await ventas(server, t, '2026-02-30', '2026-03-01'),
      ventasMessages.desdeInvalida,
    );
    expectValidation(await ventas(server, t, '2026-11-01', 'ayer'), ventasMessages.hastaInvalida);
    expectValidation(
      await server.call('/api/tienda/ventas?desde=2026-11-01', { token: t }),
      ventasMessages.hastaInvalida,
    );
    expectValidation(await corte(server, t, '2026-11-31'), ventasMessages.fechaInvalida);
    const largo = await exportar(server, t, '2024-01-01', '2025-01-01');
    expect(largo.res.status).toBe(400);
    expect(JSON.parse(largo.text)).toMatchObject({
      code: 'VALIDACION',
      message: ventasMessages.rangoLargo,
    });
    // 2024 is a leap year: its 366 days are one valid range.
    expect((await ventas(server, t, '2024-01-01', '2024-12-31')).status).toBe(200);
  });

  it('exports every order of the range, one row per line, as RFC 4180 with a BOM', async () => {
    const { res, bytes, text } = await exportar(server, owner.token, '2026-11-01', '2026-11-01');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="ventas-2026-11-01-a-2026-11-01.csv"',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1).split('\r\n')[0]).toBe(COLUMNAS_EXPORTACION.join(','));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...COLUMNAS_EXPORTACION]);
    // Orders of the 1st in time order, every status; never the other shop's.
    expect(rows.map((r) => [r[1], r[2], r[7], r[9], r[10], r[11], r[12]])).toEqual([
      ['2026-11-01 09:00', 'COMPLETADO', 'Taco de pastor', '1', '0.10', '0.10', '0.10'],
      ['2026-11-01 12:30', 'COMPLETADO', 'Agua de horchata', '1', '0.20', '0.20', '0.20'],
      ['2026-11-01 13:00', 'COMPLETADO', 'Agua de horchata', '1', '0.20', '0.20', '0.20'],
      ['2026-11-01 14:00', 'CANCELADO', 'Taco de pastor', '5', '100.00', '500.00', '500.00'],
      ['2026-11-01 15:00', 'NUEVO', 'Taco de pastor', '1', '0.10', '0.10', '0.10'],
      ['2026-11-01 23:30', 'COMPLETADO', 'Taco al pastor', '2', '19.99', '39.98', '65.48'],
    ]);
    expect(text).not.toContain('otra tienda');
    // Quotes, commas and line breaks survive; formulas and + phones are defused.
    expect(rows[2]![3]).toBe('Pérez, "El Güero"\nMostrador');
    expect(rows[2]![4]).toBe("'+525512345678");
    expect(rows[4]![3]).toBe(`'=HYPERLINK("http://malo.example")`);
    expect(text).toContain(`"'=HYPERLINK(""http://malo.example"")"`);
    expect(rows.every((r) => r.length === COLUMNAS_EXPORTACION.length)).toBe(true);
  });

  it('exports options as ordered, and nothing but the header for an empty range', async () => {
    const dos = parseCsv((await exportar(server, owner.token, '2026-11-02', '2026-11-02')).text);
    expect(dos).toHaveLength(2);
    expect(dos[1]![8]).toBe('Tamaño: Grande; Extras: Canela, hielo');
    expect(dos[1]![6]).toBe('TRANSFERENCIA');
    const vacio = await exportar(server, owner.token, '2026-12-01', '2026-12-31');
    expect(vacio.text).toBe(`\uFEFF${COLUMNAS_EXPORTACION.join(',')}\r\n`);
  });

  it('counts an order placed and completed through the API, on today in the shop zone', async () => {
    const adminServer = await startTestServer({ config: TEST_ADMIN });
    try {
      const admin = await signInAdmin(adminServer);
      const shop = await createPublicShop(adminServer, admin, {
        productos: [{ name: 'Tamal verde', price: 18.5 }],
        costoDeEnvio: 0,
      });
      const body = guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id, cantidad: 2 }]);
      const hecho = await placeGuest(adminServer, body);
      const hoy = nowInZone().fecha;
      const antes = await ventas(adminServer, shop.owner.token, hoy, hoy);
      expect(antes.body.pedidos).toBe(0);
      ok(
        await post(adminServer, PEDIDO.completar, shop.owner.token, {
          pedidoId: hecho.pedido.id,
        }),
        'completar',
      );
      const despues = await ventas(adminServer, shop.owner.token, hoy, hoy);
      expect(despues.body).toMatchObject({ total: 37, pedidos: 1, ticketPromedio: 37 });
      expect(despues.body.porProducto).toEqual([
        { productoId: shop.productos[0]!.id, nombre: 'Tamal verde', cantidad: 2, total: 37 },
      ]);
    } finally {
      await adminServer.destroy();
    }
  });
});
