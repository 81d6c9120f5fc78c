import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addUnits,
  call,
  CART,
  centavos,
  countPedidos,
  createPublicShop,
  createShopperWithBasket,
  expectPedidoShape,
  expectTotalsExact,
  listCart,
  shopperPedidos,
  tiendaPedidos,
  type CarritoGrupo,
  type PublicShop,
  type Shopper,
} from '../../../test/pedido-factories.js';

// Real HTTP calls against the listening server, fired together: checkout must stay one order
// per basket, complete and exact under load, on SQLite and on PostgreSQL alike.

const SHOPPERS = 50;
const BATCH = 5;

interface Basket {
  shopper: Shopper;
  shop: PublicShop;
  lines: { productoId: number; cantidad: number }[];
}

describe('checkout under concurrency', () => {
  const { server, shops } = useAdminServer(async (server, adminToken) => ({
    shops: [
      await createPublicShop(server, adminToken, {
        nombre: 'Panadería La Espiga',
        costoDeEnvio: 15.5,
        montoMinimo: 20,
        productos: { 'Concha de vainilla': 12.99, Bolillo: 2.3, Cuernito: 9.1 },
      }),
      await createPublicShop(server, adminToken, {
        nombre: 'Cafetería El Portal',
        costoDeEnvio: 0.1,
        productos: { 'Café americano': 33.33, 'Galleta de avena': 0.29 },
      }),
    ] as [PublicShop, PublicShop],
  }));

  const proccess = (token: string, tiendaId: number, headers: Record<string, string> = {}) =>
    call<CarritoGrupo[]>(server, CART.proccesscart, token, { tiendaId }, { headers });

  it(`${SHOPPERS} shoppers in two shops check out at once: ${SHOPPERS} complete, exact orders`, async () => {
    const baskets: Basket[] = [];
    // argon2 makes registration slow on purpose: a few at a time.
    for (let start = 0; start < SHOPPERS; start += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(BATCH, SHOPPERS - start) }, async (_, k) => {
          const i = start + k;
          const shop = shops[i % 2]!;
          // Different baskets: one to three products, one to four units each.
          const lines = shop.productos
            .slice(0, 1 + (i % shop.productos.length))
            .map((p, j) => ({ productoId: p.id, cantidad: 1 + ((i + j) % 4) }));
          // Keep every basket at or above the bakery's minimum of 20.
          if (i % 2 === 0) lines[0]!.cantidad += 1;
          const shopper = await createShopperWithBasket(server, lines);
          return { shopper, shop, lines };
        }),
      );
      baskets.push(...batch);
    }
    expect(await countPedidos(server)).toBe(0);

    const started = Date.now();
    const answers = await Promise.all(
      baskets.map((b) => proccess(b.shopper.token, b.shop.tiendaId)),
    );
    const elapsed = Date.now() - started;

    expect(answers.map((a) => a.status)).toEqual(baskets.map(() => 200));
    const ids = answers.map((a) => Number(a.headers.get('x-pedido-id')));
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(SHOPPERS);
    for (const a of answers) expect(a.body).toEqual([]);

    // Exactly one order per basket, each with all its lines, every total exact.
    expect(await countPedidos(server)).toBe(SHOPPERS);
    const db = server.app.database.db;
    expect(await db.selectFrom('carrito_linea').select('id').execute()).toEqual([]);
    const detalleRows = await db
      .selectFrom('pedido_detalle')
      .select(['pedido_id', 'producto_id', 'cantidad', 'precio', 'tienda_id'])
      .execute();
    const pedidoRows = await db.selectFrom('pedido').selectAll().execute();
    for (const [index, basket] of baskets.entries()) {
      const pedidoId = ids[index]!;
      const row = pedidoRows.find((r) => r.id === pedidoId)!;
      expect(row).toMatchObject({
        account_id: basket.shopper.id,
        tienda_id: basket.shop.tiendaId,
        status: 'NUEVO',
      });
      const lines = detalleRows
        .filter((d) => d.pedido_id === pedidoId)
        .map((d) => ({ productoId: d.producto_id, cantidad: d.cantidad }))
        .sort((a, b) => a.productoId - b.productoId);
      expect(lines).toEqual([...basket.lines].sort((a, b) => a.productoId - b.productoId));
      const subtotal = detalleRows
        .filter((d) => d.pedido_id === pedidoId)
        .reduce((sum, d) => sum + d.precio * d.cantidad, 0);
      expect(row.subtotal).toBe(subtotal);
      expect(row.monto_total).toBe(subtotal + row.costo_de_envio);
      expect(row.costo_de_envio).toBe(centavos(basket.shop === shops[0] ? 15.5 : 0.1));
      expect(row.cantidad_de_articulos).toBe(basket.lines.reduce((s, l) => s + l.cantidad, 0));
    }

    // Through the API: each owner sees its 25 orders, complete and exact, newest first.
    for (const shop of shops) {
      const list = await tiendaPedidos(server, shop.owner.token);
      expect(list).toHaveLength(SHOPPERS / 2);
      const listIds = list.map((p) => p.id);
      expect(listIds).toEqual([...listIds].sort((a, b) => b - a));
      for (const pedido of list) {
        expectPedidoShape(pedido);
        expect(pedido.pedidoDetalles.length).toBeGreaterThan(0);
        expectTotalsExact(pedido);
      }
    }
    // And each shopper sees exactly one order.
    for (const basket of baskets.slice(0, 10)) {
      const mine = await shopperPedidos(server, basket.shopper.token);
      expect(mine.map((p) => p.id)).toEqual([ids[baskets.indexOf(basket)]]);
    }
    // Informational: the burst's wall time.
    expect(elapsed).toBeLessThan(20_000);
  });

  it('one shopper firing 10 simultaneous proccesscart for one basket (no key): exactly one order', async () => {
    const shop = shops[1];
    const shopper = await createShopperWithBasket(server, [
      { productoId: shop.productos[0]!.id, cantidad: 2 },
      { productoId: shop.productos[1]!.id, cantidad: 5 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => proccess(shopper.token, shop.tiendaId)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are told there is nothing (left) to order, never a server error.
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBeLessThan(500);
      expect(a.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await countPedidos(server, { accountId: shopper.id })).toBe(1);
    const [pedido] = await shopperPedidos(server, shopper.token);
    expect(pedido).toMatchObject({ cantidadDeArticulos: 7, montoTotal: 68.21 });
    expectTotalsExact(pedido!);
    expect(await listCart(server, shopper.token)).toEqual([]);
  });

  it('the refused simultaneous calls (no key) answer 400 "Tu carrito esta vacio"', async () => {
    const shop = shops[0];
    const shopper = await createShopperWithBasket(server, [
      { productoId: shop.productos[0]!.id, cantidad: 2 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => proccess(shopper.token, shop.tiendaId)),
    );
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(9);
    for (const a of refused) {
      expect({ status: a.status, body: a.body }).toEqual({
        status: 400,
        body: { code: 'VALIDACION', message: 'Tu carrito esta vacio' },
      });
    }
    expect(await countPedidos(server, { accountId: shopper.id })).toBe(1);
  });

  it('one shopper firing 10 simultaneous proccesscart with the same Idempotency-Key: all answer the one order', async () => {
    const shop = shops[0];
    const shopper = await createShopperWithBasket(server, [
      { productoId: shop.productos[0]!.id, cantidad: 1 },
      { productoId: shop.productos[2]!.id, cantidad: 1 },
    ]);
    const headers = { 'Idempotency-Key': `doble-clic-${shopper.id}` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => proccess(shopper.token, shop.tiendaId, headers)),
    );
    expect(await countPedidos(server, { accountId: shopper.id })).toBe(1);
    const [pedido] = await shopperPedidos(server, shopper.token);
    expect(pedido).toMatchObject({ cantidadDeArticulos: 2, montoTotal: 37.59 });
    expect(
      answers.map((a) => ({ status: a.status, pedidoId: a.headers.get('x-pedido-id') })),
    ).toEqual(answers.map(() => ({ status: 200, pedidoId: String(pedido!.id) })));
  });

  it('10 simultaneous addItem make cantidad 10; 12 simultaneous removeItem never go below zero', async () => {
    const shop = shops[0];
    const productoId = shop.productos[1]!.id;
    const shopper = await createShopperWithBasket(server, []);
    const added = await Promise.all(
      Array.from({ length: 10 }, () => call(server, CART.addItem, shopper.token, { productoId })),
    );
    expect(added.map((a) => a.status)).toEqual(added.map(() => 200));
    const cart = await listCart(server, shopper.token);
    const line = cart[0]!.listOfShoppingCartMarketStore[0]!;
    expect(line).toMatchObject({ productoId, cantidad: 10 });

    const removed = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(server, CART.removeItem, shopper.token, { shoppingCartId: line.shoppingCartId }),
      ),
    );
    expect(removed.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), 404, 404]);
    expect(await listCart(server, shopper.token)).toEqual([]);
    const rows = await server.app.database.db
      .selectFrom('carrito_linea')
      .select('cantidad')
      .where('account_id', '=', shopper.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('one shopper checking out both shops at once gets two orders', async () => {
    const shopper = await createShopperWithBasket(server, [
      { productoId: shops[0].productos[0]!.id, cantidad: 2 },
      { productoId: shops[1].productos[0]!.id, cantidad: 1 },
    ]);
    await addUnits(server, shopper.token, shops[1].productos[1]!.id, 3);
    const answers = await Promise.all(shops.map((s) => proccess(shopper.token, s.tiendaId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const mine = await shopperPedidos(server, shopper.token);
    expect(mine.map((p) => p.tiendaId).sort()).toEqual(shops.map((s) => s.tiendaId).sort());
    for (const p of mine) expectTotalsExact(p);
    expect(await listCart(server, shopper.token)).toEqual([]);
  });
});
