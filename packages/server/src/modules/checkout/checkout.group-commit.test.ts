import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useAdminServer, type ApiResponse } from '../../../test/build-test-app.js';
import { ok } from '../../../test/catalogo-factories.js';
import {
  call,
  CART,
  centavos,
  createPublicShop,
  createShopperWithBasket,
  nowInZone,
  setProductoActivo,
  type CarritoGrupo,
  type PublicShop,
  type Shopper,
} from '../../../test/pedido-factories.js';
import type { Session } from '../../http/auth.js';
import type { AppError } from '../../http/app-error.js';
import { createLocalEventBus, type PedidoEvento } from '../pedidos/pedido-eventos.js';
import { placePedido } from './checkout.service.js';

// On SQLite, checkouts that arrive together share one transaction (group commit), each in its
// own savepoint. These tests fire accepted and refused checkouts at once and check every
// answer, that a refusal changes nothing, and that every accepted order is whole and exact.
// On PostgreSQL the same calls run as separate transactions: the answers must be the same.

const MINIMO = 20;
const ENVIO = 15.5;

type Expected =
  { status: 200; grupos?: number[] } | { status: 400; code: string; message?: string | RegExp };

interface Case {
  label: string;
  shopper: Shopper;
  tiendaId: number;
  expected: Expected;
  headers?: Record<string, string>;
  /** Units in the order when accepted, by product id. */
  lines?: Record<number, number>;
}

describe('checkout with group commit: accepted and refused orders at once', () => {
  const { server, abierta, otra, cerrada } = useAdminServer(async (server, adminToken) => ({
    abierta: await createPublicShop(server, adminToken, {
      nombre: 'Panadería del Lote',
      montoMinimo: MINIMO,
      costoDeEnvio: ENVIO,
      productos: { Concha: 12.99, Bolillo: 2.3, Rosca: 30.01 },
    }),
    otra: await createPublicShop(server, adminToken, {
      nombre: 'Frutería Vecina',
      productos: { Mango: 7.5 },
    }),
    cerrada: await createPublicShop(server, adminToken, {
      nombre: 'Cocina en Descanso',
      productos: { Pozole: 95 },
    }),
  }));

  const db = () => server.app.database.db;

  /** Registers shoppers a few at a time (argon2 is slow on purpose). */
  async function shoppersWith(
    baskets: { productoId: number; cantidad: number }[][],
  ): Promise<Shopper[]> {
    const made: Shopper[] = [];
    for (let start = 0; start < baskets.length; start += 5) {
      made.push(
        ...(await Promise.all(
          baskets.slice(start, start + 5).map((lines) => createShopperWithBasket(server, lines)),
        )),
      );
    }
    return made;
  }

  async function closeToday(shop: PublicShop) {
    ok(
      await call(server, '/api/horariosdias/add', shop.owner.token, {
        fecha: nowInZone().fecha,
        recurrenteCadaAnio: false,
      }),
      'horariosdias/add',
    );
  }

  async function cartRowsOf(accountIds: number[]) {
    return db()
      .selectFrom('carrito_linea')
      .select(['id', 'account_id', 'producto_id', 'cantidad', 'tienda_id'])
      .where('account_id', 'in', accountIds)
      .orderBy('id')
      .execute();
  }

  /** The shop's newest event id: the owner's list version (findPedidosVersion). */
  async function versionOf(tiendaId: number) {
    const row = await db()
      .selectFrom('pedido_evento')
      .select((eb) => eb.fn.max('id').as('v'))
      .where('tienda_id', '=', tiendaId)
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  }

  function expectAnswer(c: Case, res: ApiResponse<unknown>) {
    const { expected } = c;
    if (expected.status === 200) {
      expect({ label: c.label, status: res.status }).toEqual({ label: c.label, status: 200 });
      expect(Number(res.headers.get('x-pedido-id'))).toBeGreaterThan(0);
      // The answer is the cart as the order leaves it: the shopper's other shops only.
      const cart = res.body as CarritoGrupo[];
      expect(cart.map((g) => g.tiendaId)).toEqual(expected.grupos ?? []);
    } else {
      expect({
        label: c.label,
        status: res.status,
        code: (res.body as { code: string }).code,
      }).toEqual({ label: c.label, status: expected.status, code: expected.code });
      expect(res.headers.get('x-pedido-id')).toBeNull();
      if (expected.message) {
        expect((res.body as { message: string }).message).toMatch(expected.message);
      }
    }
  }

  it('over HTTP: every answer is right, refusals change nothing, accepted orders are whole and exact', async () => {
    const [concha, bolillo, rosca] = abierta.productos as [
      (typeof abierta.productos)[0],
      (typeof abierta.productos)[0],
      (typeof abierta.productos)[0],
    ];
    const mango = otra.productos[0]!;
    const pozole = cerrada.productos[0]!;

    const okBaskets = Array.from({ length: 14 }, (_, i) => [
      { productoId: concha.id, cantidad: 2 + (i % 3) },
      ...(i % 2 === 0 ? [{ productoId: bolillo.id, cantidad: 1 + (i % 4) }] : []),
    ]);
    const okShoppers = await shoppersWith(okBaskets);
    // Accepted, and the basket of another shop stays in the cart (and in the answer).
    const [withOtherShop] = await shoppersWith([
      [
        { productoId: concha.id, cantidad: 2 },
        { productoId: mango.id, cantidad: 3 },
      ],
    ]);
    const belowMinimum = await shoppersWith(
      Array.from({ length: 4 }, (_, i) => [{ productoId: bolillo.id, cantidad: 1 + i }]),
    );
    const atClosedShop = await shoppersWith(
      Array.from({ length: 4 }, () => [{ productoId: pozole.id, cantidad: 1 }]),
    );
    // Empty basket for this shop: nothing at all, or only lines of another shop.
    const emptyBasket = await shoppersWith([[], [], [{ productoId: mango.id, cantidad: 1 }]]);
    const withUnavailable = await shoppersWith(
      Array.from({ length: 3 }, () => [
        { productoId: concha.id, cantidad: 2 },
        { productoId: rosca.id, cantidad: 1 },
      ]),
    );
    // Double clicks: the same Idempotency-Key twice at once, and twice without a key.
    const [sameKey, sameKeyToo, noKey] = await shoppersWith([
      [{ productoId: concha.id, cantidad: 3 }],
      [{ productoId: rosca.id, cantidad: 1 }],
      [{ productoId: concha.id, cantidad: 2 }],
    ]);

    await closeToday(cerrada);
    await setProductoActivo(server, abierta, rosca.id, false);

    const accepted = (
      shopper: Shopper,
      lines: Record<number, number>,
      grupos?: number[],
    ): Case => ({
      label: `acepta ${shopper.id}`,
      shopper,
      tiendaId: abierta.tiendaId,
      expected: { status: 200, grupos },
      lines,
    });
    const cases: Case[] = [
      ...okShoppers.map((shopper, i) =>
        accepted(shopper, Object.fromEntries(okBaskets[i]!.map((l) => [l.productoId, l.cantidad]))),
      ),
      accepted(withOtherShop!, { [concha.id]: 2 }, [otra.tiendaId]),
      ...belowMinimum.map((shopper) => ({
        label: `mínimo ${shopper.id}`,
        shopper,
        tiendaId: abierta.tiendaId,
        expected: { status: 400 as const, code: 'MONTO_MINIMO' },
      })),
      ...atClosedShop.map((shopper) => ({
        label: `cerrada ${shopper.id}`,
        shopper,
        tiendaId: cerrada.tiendaId,
        expected: { status: 400 as const, code: 'TIENDA_CERRADA', message: /está cerrada/ },
      })),
      ...emptyBasket.map((shopper) => ({
        label: `vacía ${shopper.id}`,
        shopper,
        tiendaId: abierta.tiendaId,
        expected: { status: 400 as const, code: 'VALIDACION', message: 'Tu carrito esta vacio' },
      })),
      ...withUnavailable.map((shopper) => ({
        label: `agotado ${shopper.id}`,
        shopper,
        tiendaId: abierta.tiendaId,
        expected: { status: 400 as const, code: 'PRODUCTO_NO_DISPONIBLE', message: /Rosca/ },
      })),
    ];
    const refusedShoppers = [...belowMinimum, ...atClosedShop, ...emptyBasket, ...withUnavailable];
    const cartBefore = await cartRowsOf(refusedShoppers.map((s) => s.id));
    const pedidosBefore = await db().selectFrom('pedido').select('id').execute();
    const eventosBefore = await db().selectFrom('pedido_evento').select('id').execute();
    const versions = {
      abierta: await versionOf(abierta.tiendaId),
      cerrada: await versionOf(cerrada.tiendaId),
      otra: await versionOf(otra.tiendaId),
    };
    expect(pedidosBefore).toEqual([]);
    expect(eventosBefore).toEqual([]);

    const proccess = (c: {
      shopper: Shopper;
      tiendaId: number;
      headers?: Record<string, string>;
    }) =>
      call<unknown>(
        server,
        CART.proccesscart,
        c.shopper.token,
        { tiendaId: c.tiendaId },
        {
          headers: c.headers ?? {},
        },
      );
    const key = { 'Idempotency-Key': `lote-${sameKey!.id}` };
    const keyToo = { 'Idempotency-Key': `lote-${sameKeyToo!.id}` };
    // Everything at once, the double clicks interleaved with the rest.
    const [answers, doubleKey, doubleKeyToo, doubleNoKey] = await Promise.all([
      Promise.all(cases.map(proccess)),
      Promise.all([
        proccess({ shopper: sameKey!, tiendaId: abierta.tiendaId, headers: key }),
        proccess({ shopper: sameKey!, tiendaId: abierta.tiendaId, headers: key }),
      ]),
      // Refused twice with the same key: an unavailable product; neither makes an order.
      Promise.all([
        proccess({ shopper: sameKeyToo!, tiendaId: abierta.tiendaId, headers: keyToo }),
        proccess({ shopper: sameKeyToo!, tiendaId: abierta.tiendaId, headers: keyToo }),
      ]),
      Promise.all([
        proccess({ shopper: noKey!, tiendaId: abierta.tiendaId }),
        proccess({ shopper: noKey!, tiendaId: abierta.tiendaId }),
      ]),
    ]);

    cases.forEach((c, i) => expectAnswer(c, answers[i]!));

    // The same key twice at once: one order, both answers name it.
    expect(doubleKey.map((a) => a.status)).toEqual([200, 200]);
    const keyIds = doubleKey.map((a) => a.headers.get('x-pedido-id'));
    expect(keyIds[0]).toBe(keyIds[1]);
    for (const a of doubleKeyToo) {
      expect({ status: a.status, code: (a.body as { code: string }).code }).toEqual({
        status: 400,
        code: 'PRODUCTO_NO_DISPONIBLE',
      });
    }
    // Twice without a key: one order, the other finds the basket already taken.
    expect(doubleNoKey.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(doubleNoKey.find((a) => a.status === 400)!.body).toEqual({
      code: 'VALIDACION',
      message: 'Tu carrito esta vacio',
    });

    // Refusals changed nothing: their cart lines are exactly as before, no order, no event.
    expect(await cartRowsOf(refusedShoppers.map((s) => s.id))).toEqual(cartBefore);
    const refusedIds = [...refusedShoppers, sameKeyToo!].map((s) => s.id);
    expect(
      await db().selectFrom('pedido').select('id').where('account_id', 'in', refusedIds).execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('pedido_evento')
        .select('id')
        .where('account_id', 'in', refusedIds)
        .execute(),
    ).toEqual([]);
    expect(await cartRowsOf([sameKeyToo!.id])).toHaveLength(1);

    // Accepted: one order each, with exactly its lines, today's prices and exact totals.
    const acceptedCases = cases.filter((c) => c.expected.status === 200);
    const acceptedIds = [
      ...acceptedCases.map((c) => Number(answers[cases.indexOf(c)]!.headers.get('x-pedido-id'))),
      Number(keyIds[0]),
      Number(doubleNoKey.find((a) => a.status === 200)!.headers.get('x-pedido-id')),
    ];
    expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
    const pedidos = await db().selectFrom('pedido').selectAll().orderBy('id').execute();
    expect(pedidos.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [...acceptedIds].sort((a, b) => a - b),
    );
    const detalles = await db().selectFrom('pedido_detalle').selectAll().execute();
    const precio = new Map(abierta.productos.map((p) => [p.id, centavos(p.price)]));
    const expectations = [
      ...acceptedCases.map((c) => ({ shopper: c.shopper, lines: c.lines! })),
      { shopper: sameKey!, lines: { [concha.id]: 3 } },
      { shopper: noKey!, lines: { [concha.id]: 2 } },
    ];
    expectations.forEach(({ shopper, lines }, i) => {
      const pedido = pedidos.find((p) => p.id === acceptedIds[i])!;
      expect(pedido).toMatchObject({
        account_id: shopper.id,
        tienda_id: abierta.tiendaId,
        status: 'NUEVO',
        nombre_completo: shopper.nombreCompleto,
        direccion_entrega: shopper.direccionEntrega,
        costo_de_envio: centavos(ENVIO),
      });
      const mine = detalles.filter((d) => d.pedido_id === pedido.id);
      expect(Object.fromEntries(mine.map((d) => [d.producto_id, d.cantidad]))).toEqual(lines);
      for (const d of mine) expect(d.precio).toBe(precio.get(d.producto_id));
      const subtotal = mine.reduce((sum, d) => sum + d.precio * d.cantidad, 0);
      expect(subtotal).toBeGreaterThanOrEqual(centavos(MINIMO));
      expect(pedido.subtotal).toBe(subtotal);
      expect(pedido.monto_total).toBe(subtotal + centavos(ENVIO));
      expect(pedido.cantidad_de_articulos).toBe(mine.reduce((sum, d) => sum + d.cantidad, 0));
    });
    // Their baskets for this shop are gone; the other shop's basket stays.
    const leftover = await cartRowsOf(expectations.map((e) => e.shopper.id));
    expect(leftover.map((l) => ({ account: l.account_id, tienda: l.tienda_id }))).toEqual([
      { account: withOtherShop!.id, tienda: otra.tiendaId },
    ]);

    // One NUEVO event per accepted order; the owner's version is the newest of them, and the
    // refused checkouts moved no other shop's.
    const eventos = await db().selectFrom('pedido_evento').selectAll().execute();
    expect(eventos.map((e) => e.pedido_id).sort((a, b) => a - b)).toEqual(
      [...acceptedIds].sort((a, b) => a - b),
    );
    expect(eventos.every((e) => e.tipo === 'NUEVO' && e.tienda_id === abierta.tiendaId)).toBe(true);
    expect(await versionOf(abierta.tiendaId)).toBe(Math.max(...eventos.map((e) => e.id)));
    expect(versions.abierta).toBeLessThan(await versionOf(abierta.tiendaId));
    expect(await versionOf(cerrada.tiendaId)).toBe(versions.cerrada);
    expect(await versionOf(otra.tiendaId)).toBe(versions.otra);
  });

  it('in one batch (same tick): the same Idempotency-Key twice makes one order; refusals roll back alone; events follow the commit', async () => {
    const concha = abierta.productos[0]!;
    const bolillo = abierta.productos[1]!;
    const [doble, bajo, bueno] = await shoppersWith([
      [{ productoId: concha.id, cantidad: 2 }],
      [{ productoId: bolillo.id, cantidad: 1 }],
      [
        { productoId: concha.id, cantidad: 1 },
        { productoId: bolillo.id, cantidad: 4 },
      ],
    ]);
    const bus = createLocalEventBus();
    // On SQLite a second connection, read at the moment of publishing, tells whether the order
    // is committed (the server's own connection would wait for the batch and always see it).
    const file = server.app.database.sqliteFile;
    const reader = file ? new SqliteDatabase(file, { readonly: true }) : undefined;
    const published: { evento: PedidoEvento; committed: boolean }[] = [];
    bus.subscribe((evento) => {
      const row = reader?.prepare('select id from pedido where id = ?').get(evento.pedidoId);
      published.push({ evento, committed: reader ? row !== undefined : true });
    });
    const session = (s: Shopper): Session => ({
      accountId: s.id,
      usuario: 'N/A',
      tiendaId: 0,
      role: 'USUARIO',
      celular: s.celular,
      jti: `prueba-${s.id}`,
      exp: Math.floor(Date.now() / 1000) + 60,
      tokenVersion: 0,
      actor: null,
      nombreCompleto: '',
    });
    const place = (s: Shopper, key?: string) =>
      placePedido(db(), bus, session(s), { tiendaId: abierta.tiendaId }, key).then(
        (r) => ({ ok: true as const, pedidoId: r.pedidoId }),
        (error: unknown) => ({ ok: false as const, code: (error as AppError).code }),
      );
    // All started in the same tick: on SQLite they are one group commit.
    const results = await Promise.all([
      place(doble!, 'clave-doble'),
      place(bajo!),
      place(doble!, 'clave-doble'),
      place(bueno!),
      place(doble!, 'clave-doble'),
    ]);
    reader?.close();

    const [first, refused, second, good, third] = results;
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(refused).toEqual({ ok: false, code: 'MONTO_MINIMO' });
    expect(good).toMatchObject({ ok: true });
    const ids = [first, good].map((r) => (r as { pedidoId: number }).pedidoId);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(
      await db()
        .selectFrom('pedido')
        .select(['id', 'account_id', 'monto_total'])
        .where('account_id', 'in', [doble!.id, bajo!.id, bueno!.id])
        .orderBy('id')
        .execute(),
    ).toEqual(
      [
        { id: ids[0]!, account_id: doble!.id, monto_total: 2 * 1299 + 1550 },
        { id: ids[1]!, account_id: bueno!.id, monto_total: 1299 + 4 * 230 + 1550 },
      ].sort(byId),
    );
    expect(await cartRowsOf([bajo!.id])).toHaveLength(1);
    // One event per new order (not per answer), each published after its commit.
    expect(published.map((p) => p.evento.pedidoId).sort()).toEqual([...ids].sort());
    expect(published.every((p) => p.committed)).toBe(true);
    // On SQLite, in the order of their event ids, as a live stream expects them (PostgreSQL's
    // separate transactions may commit in another order).
    if (reader) {
      const eventIds = published.map((p) => p.evento.id);
      expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
    }
  });
});
