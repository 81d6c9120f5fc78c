import { pedidoListaSchema } from '@tianguis/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import { createOwner, expectError, ok } from '../../../test/catalogo-factories.js';
import {
  addUnits,
  call,
  comoDelDueno,
  checkout,
  createPublicShop,
  createShopper,
  expectNothingChanged,
  expectPedidoShape,
  expectTotalsExact,
  PEDIDO,
  postWithoutBody,
  shopperPedidos,
  tiendaPedidos,
  type Pedido,
  type PublicShop,
  type Shopper,
} from '../../../test/pedido-factories.js';

const PEDIDO_NO_EXISTE = 'El pedido no existe';

describe('orders', () => {
  const { server, adminToken, mercado, jugos, ana, beto } = useAdminServer(
    async (server, adminToken) => ({
      /** A second shop with orders of its own. */
      jugos: await createPublicShop(server, adminToken, {
        nombre: 'Jugos La Naranja',
        productos: { 'Jugo verde': 35 },
      }),
      mercado: await createPublicShop(server, adminToken, {
        nombre: 'Mercado San Juan',
        costoDeEnvio: 30,
        productos: { 'Kilo de aguacate': 64.9 },
      }),
      ana: await createShopper(server),
      beto: await createShopper(server),
    }),
  );
  /** Ana's orders at the mercado, oldest first. */
  let anaIds: number[];
  let betoId: number;
  let anaJugosId: number;

  async function order(shopper: Shopper, shop: PublicShop, cantidad: number) {
    await addUnits(server, shopper.token, shop.productos[0]!.id, cantidad);
    return (await checkout(server, shopper.token, shop.tiendaId)).pedidoId;
  }

  beforeAll(async () => {
    anaIds = [];
    anaIds.push(await order(ana, mercado, 1));
    anaIds.push(await order(ana, mercado, 2));
    betoId = await order(beto, mercado, 1);
    anaIds.push(await order(ana, mercado, 3));
    anaJugosId = await order(ana, jugos, 1);
  });

  const allMercadoIds = () => [anaIds[0]!, anaIds[1]!, betoId, anaIds[2]!];

  describe('listarpedidosbyid (the shopper’s own orders)', () => {
    it('answers only the caller’s orders, in the documented shape', async () => {
      const list = await shopperPedidos(server, ana.token);
      for (const p of list) {
        expectPedidoShape(p);
        expectTotalsExact(p);
        expect(p.usuarioId).toBe(ana.id);
        expect(p.nombreCompleto).toBe(ana.nombreCompleto);
      }
      expect(list.map((p) => p.id).sort((a, b) => a - b)).toEqual(
        [...anaIds, anaJugosId].sort((a, b) => a - b),
      );
      expect(list.map((p) => p.id)).not.toContain(betoId);
      const betoList = await shopperPedidos(server, beto.token);
      expect(betoList.map((p) => p.id)).toEqual([betoId]);
      expect(betoList[0]).toMatchObject({
        tiendaId: mercado.tiendaId,
        cantidadDeArticulos: 1,
        montoTotal: 94.9,
        costoDeEnvio: 30,
        pedidoDetalles: [
          {
            nombreProducto: 'Kilo de aguacate',
            cantidad: 1,
            precio: 64.9,
            imagenProducto: mercado.productos[0]!.imageUrl,
          },
        ],
      });
    });

    it('answers the same list with the token in the header and no body', async () => {
      const list = await shopperPedidos(server, ana.token);
      const bare = await postWithoutBody<Pedido[]>(server, PEDIDO.byShopper, ana.token);
      expect({ status: bare.status, body: bare.body }).toEqual({ status: 200, body: list });
    });

    it('answers [] for a shopper without orders', async () => {
      const nadie = await createShopper(server);
      expect(await shopperPedidos(server, nadie.token)).toEqual([]);
    });
  });

  describe('listarpedidosbytiendaid (the shop’s orders)', () => {
    it('answers the shop’s orders only, newest first', async () => {
      const list = await tiendaPedidos(server, mercado.owner.token);
      for (const p of list) {
        expectPedidoShape(p);
        expectTotalsExact(p);
        expect(p.tiendaId).toBe(mercado.tiendaId);
      }
      expect(list.map((p) => p.id)).toEqual([...allMercadoIds()].reverse());
      expect(list.map((p) => p.id)).not.toContain(anaJugosId);
    });

    it('answers the same list with the token in the header and no body, or an empty JSON body', async () => {
      const list = await tiendaPedidos(server, mercado.owner.token);
      const token = mercado.owner.token;
      const bare = await postWithoutBody<Pedido[]>(server, PEDIDO.byTienda, token);
      expect({ status: bare.status, body: bare.body }).toEqual({ status: 200, body: list });
      const empty = await postWithoutBody<Pedido[]>(server, PEDIDO.byTienda, token, true);
      expect({ status: empty.status, body: empty.body }).toEqual({ status: 200, body: list });
    });

    it('answers [] for a shop without orders', async () => {
      const owner = await createOwner(server);
      expect(await tiendaPedidos(server, owner.token)).toEqual([]);
    });

    it('desde answers only newer ids; antes only older; limite caps the count', async () => {
      const ids = allMercadoIds();
      const desde = await tiendaPedidos(server, mercado.owner.token, { desde: ids[1] });
      expect(desde.map((p) => p.id)).toEqual([ids[3], ids[2]]);
      const none = await tiendaPedidos(server, mercado.owner.token, { desde: ids[3] });
      expect(none).toEqual([]);
      const antes = await tiendaPedidos(server, mercado.owner.token, { antes: ids[2] });
      expect(antes.map((p) => p.id)).toEqual([ids[1], ids[0]]);
      const limite = await tiendaPedidos(server, mercado.owner.token, { limite: 2 });
      expect(limite.map((p) => p.id)).toEqual([ids[3], ids[2]]);
    });

    it.each([
      ['an unknown status', { status: 'PAGADO' }, 'Estado inválido'],
      ['limite 0', { limite: 0 }, undefined],
      ['a text desde', { desde: 'ayer' }, undefined],
    ])('400 VALIDACION for %s', async (_label, body, message) => {
      const res = await call(server, PEDIDO.byTienda, mercado.owner.token, body);
      expect(res.status).toBe(400);
      expect((res.body as { code: string }).code).toBe('VALIDACION');
      if (message) expect((res.body as { message: string }).message).toBe(message);
    });
  });

  describe('completar / cancelar', () => {
    it('completes a NUEVO order: answers it COMPLETADO; the shopper sees it so', async () => {
      const id = anaIds[0]!;
      const res = await call<Pedido>(server, PEDIDO.completar, mercado.owner.token, {
        pedidoId: id,
      });
      expect(res.status).toBe(200);
      expectPedidoShape(res.body);
      const before = (await shopperPedidos(server, ana.token)).find((p) => p.id === id)!;
      expect(res.body).toEqual({ ...comoDelDueno(before), status: 'COMPLETADO' });
      expect(before.status).toBe('COMPLETADO');
      const row = await server.app.database.db
        .selectFrom('pedido')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('COMPLETADO');
    });

    it('cancels a NUEVO order: answers it CANCELADO', async () => {
      const id = anaIds[1]!;
      const res = await call<Pedido>(server, PEDIDO.cancelar, mercado.owner.token, {
        pedidoId: id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'CANCELADO', tiendaId: mercado.tiendaId });
      const seen = (await tiendaPedidos(server, mercado.owner.token)).find((p) => p.id === id);
      expect(seen?.status).toBe('CANCELADO');
    });

    it.each([
      ['completing', PEDIDO.completar, 0, 'COMPLETADO'],
      ['cancelling', PEDIDO.cancelar, 0, 'COMPLETADO'],
      ['completing', PEDIDO.completar, 1, 'CANCELADO'],
      ['cancelling', PEDIDO.cancelar, 1, 'CANCELADO'],
    ] as const)(
      '%s an order already %s: 409 ESTADO_INVALIDO, nothing changed',
      async (_label, path, index, status) => {
        const pedidoId = anaIds[index]!;
        const res = await expectNothingChanged(server, () =>
          call(server, path, mercado.owner.token, { pedidoId }),
        );
        expectError(res, 409, 'ESTADO_INVALIDO', `El pedido ya está ${status}`);
      },
    );

    it('the status filter answers only orders in that state', async () => {
      const byStatus = async (status: string) =>
        (await tiendaPedidos(server, mercado.owner.token, { status })).map((p) => p.id);
      expect(await byStatus('COMPLETADO')).toEqual([anaIds[0]]);
      expect(await byStatus('CANCELADO')).toEqual([anaIds[1]]);
      expect(await byStatus('NUEVO')).toEqual([anaIds[2], betoId]);
    });

    it.each([PEDIDO.completar, PEDIDO.cancelar])(
      '%s of an unknown order: 404 NO_ENCONTRADO, nothing changed',
      async (path) => {
        const res = await expectNothingChanged(server, () =>
          call(server, path, mercado.owner.token, { pedidoId: 999_999 }),
        );
        expectError(res, 404, 'NO_ENCONTRADO', PEDIDO_NO_EXISTE);
      },
    );

    it.each([PEDIDO.completar, PEDIDO.cancelar])(
      '%s of another shop’s order: 404 NO_ENCONTRADO, nothing changed',
      async (path) => {
        const res = await expectNothingChanged(server, () =>
          call(server, path, jugos.owner.token, { pedidoId: betoId }),
        );
        expectError(res, 404, 'NO_ENCONTRADO', PEDIDO_NO_EXISTE);
        const seen = (await tiendaPedidos(server, mercado.owner.token)).find(
          (p) => p.id === betoId,
        );
        expect(seen?.status).toBe('NUEVO');
        // Nor does the other owner see it.
        const theirs = await tiendaPedidos(server, jugos.owner.token);
        expect(theirs.map((p) => p.id)).not.toContain(betoId);
      },
    );

    it.each([
      [PEDIDO.completar, { pedidoId: 'x' }],
      [PEDIDO.cancelar, {}],
    ])('%s with %j: 400 VALIDACION, nothing changed', async (path, body) => {
      const res = await expectNothingChanged(server, () =>
        call(server, path, mercado.owner.token, body),
      );
      expectError(res, 400, 'VALIDACION', 'Identificador inválido');
    });
  });

  describe('ETag and If-None-Match', () => {
    const list = (headers: Record<string, string> = {}, body: Record<string, unknown> = {}) =>
      call<Pedido[]>(server, PEDIDO.byTienda, mercado.owner.token, body, { headers });

    it('304 with no body while nothing changed; a new order or a status change changes the ETag', async () => {
      const first = await list();
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();

      const again = await list({ 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeUndefined();
      expect(again.headers.get('etag')).toBe(etag);
      // Another ETag in the list matches as well.
      expect((await list({ 'If-None-Match': `W/"otro", ${etag}` })).status).toBe(304);

      // An order in another shop changes nothing here.
      await order(beto, jugos, 1);
      expect((await list({ 'If-None-Match': etag })).status).toBe(304);

      // A new order of this shop.
      const nuevo = await order(beto, mercado, 2);
      const afterOrder = await list({ 'If-None-Match': etag });
      expect(afterOrder.status).toBe(200);
      expect(afterOrder.body[0]?.id).toBe(nuevo);
      const etag2 = afterOrder.headers.get('etag')!;
      expect(etag2).not.toBe(etag);
      expect((await list({ 'If-None-Match': etag2 })).status).toBe(304);

      // A status change.
      ok(await call(server, PEDIDO.cancelar, mercado.owner.token, { pedidoId: nuevo }), 'cancel');
      const afterCancel = await list({ 'If-None-Match': etag2 });
      expect(afterCancel.status).toBe(200);
      expect(afterCancel.body.find((p) => p.id === nuevo)?.status).toBe('CANCELADO');
      const etag3 = afterCancel.headers.get('etag')!;
      expect(etag3).not.toBe(etag2);

      // A refused status change (409) does not change it.
      await call(server, PEDIDO.completar, mercado.owner.token, { pedidoId: nuevo });
      expect((await list({ 'If-None-Match': etag3 })).status).toBe(304);
    });

    it('the list, sent as the bytes kept under its ETag, is exactly the answer schema of packages/domain', async () => {
      const first = await list();
      expect(first.status).toBe(200);
      expect(first.body.length).toBeGreaterThan(0);
      // parse keeps only the schema's fields: equal means none missing, none extra.
      expect(pedidoListaSchema.parse(first.body)).toEqual(first.body);
      // The shopper's list goes through the serializer: the same shape.
      const mine = await shopperPedidos(server, beto.token);
      expect(pedidoListaSchema.parse(mine)).toEqual(mine);
    });

    it('a filtered list has its own ETag', async () => {
      const all = await list();
      const nuevos = await list({}, { status: 'NUEVO' });
      expect(nuevos.headers.get('etag')).not.toBe(all.headers.get('etag'));
      expect(
        (await list({ 'If-None-Match': all.headers.get('etag')! }, { status: 'NUEVO' })).status,
      ).toBe(200);
    });
  });

  describe('roles', () => {
    it('listarpedidosbyid: anonymous 401, TIENDA and ADMIN 403', async () => {
      expectError(await call(server, PEDIDO.byShopper, undefined, {}), 401, 'NO_AUTENTICADO');
      expectError(await call(server, PEDIDO.byShopper, mercado.owner.token, {}), 403, 'PROHIBIDO');
      expectError(await call(server, PEDIDO.byShopper, adminToken(), {}), 403, 'PROHIBIDO');
    });

    it('owner calls: anonymous 401, USUARIO and ADMIN 403, nothing changed', async () => {
      const pedidoId = anaIds[2]!;
      for (const [path, body] of [
        [PEDIDO.byTienda, {}],
        [PEDIDO.completar, { pedidoId }],
        [PEDIDO.cancelar, { pedidoId }],
      ] as const) {
        const anon = await expectNothingChanged(server, () => call(server, path, undefined, body));
        expectError(anon, 401, 'NO_AUTENTICADO');
        for (const token of [ana.token, adminToken()]) {
          const res = await expectNothingChanged(server, () => call(server, path, token, body));
          expectError(res, 403, 'PROHIBIDO');
        }
      }
    });
  });
});
