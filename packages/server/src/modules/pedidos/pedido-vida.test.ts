import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import { expectError, expectValidation } from '../../../test/catalogo-factories.js';
import { createTwoPublicShops } from '../../../test/tienda-factories.js';
import {
  call,
  comoDelDueno,
  createPublicShop,
  expectNothingChanged,
  expectPedidoShape,
  pedidoOfShopper,
  PEDIDO,
  PEDIDO2,
  placeOrderOfNewShopper,
  placeOrdersOfNewShoppers,
  tiendaPedidos,
  type Pedido,
} from '../../../test/pedido-factories.js';

// docs/api.md, "Order life": accept with a ready time, complete or cancel from NUEVO or
// ACEPTADO (cancel with a reason the shopper sees), mark paid, mark seen, and the owner's
// filters for the active tab and the orders left unattended. LISTO and who acted:
// pedido-listo.test.ts.

describe('order life: accept, complete, cancel, paid, seen', () => {
  const { server, adminToken, shop, other } = useAdminServer((server, adminToken) =>
    createTwoPublicShops(server, adminToken, 'Fonda Vida'),
  );

  /** A NUEVO order of a new shopper (one phone holds at most 3 NUEVO orders per shop). */
  const nuevo = () => placeOrderOfNewShopper(server, shop);
  const owner = () => shop.owner.token;
  const act = (path: string, body: Record<string, unknown>, token = owner()) =>
    call<Pedido>(server, path, token, body);

  describe('aceptarpedido', () => {
    it('NUEVO → ACEPTADO, aceptadoEn now and listoEstimado now + minutos; the shopper sees it', async () => {
      const { shopper, pedidoId } = await nuevo();
      const before = Date.now();
      const res = await act(PEDIDO2.aceptar, { pedidoId, minutos: 25 });
      const after = Date.now();
      expect(res.status).toBe(200);
      expectPedidoShape(res.body);
      expect(res.body.status).toBe('ACEPTADO');
      const aceptadoEn = Date.parse(res.body.aceptadoEn!);
      expect(aceptadoEn).toBeGreaterThanOrEqual(before - 1000);
      expect(aceptadoEn).toBeLessThanOrEqual(after + 1000);
      expect(Date.parse(res.body.listoEstimado!) - aceptadoEn).toBe(25 * 60_000);
      expect(comoDelDueno(await pedidoOfShopper(server, shopper.token, pedidoId))).toEqual(
        res.body,
      );
    });

    it('minutos 5–180 only', async () => {
      const { pedidoId } = await nuevo();
      for (const minutos of [4, 181, 0, 12.5, '20', null]) {
        const res = await expectNothingChanged(server, () =>
          act(PEDIDO2.aceptar, { pedidoId, minutos }),
        );
        expectValidation(res, 'El tiempo estimado debe ser de 5 a 180 minutos');
      }
      for (const minutos of [5, 180]) {
        const { pedidoId: id } = await nuevo();
        expect((await act(PEDIDO2.aceptar, { pedidoId: id, minutos })).status).toBe(200);
      }
    });

    it('from any other state: 409 ESTADO_INVALIDO, nothing changed', async () => {
      const aceptado = (await nuevo()).pedidoId;
      await act(PEDIDO2.aceptar, { pedidoId: aceptado, minutos: 10 });
      const completado = (await nuevo()).pedidoId;
      await act(PEDIDO.completar, { pedidoId: completado });
      const cancelado = (await nuevo()).pedidoId;
      await act(PEDIDO.cancelar, { pedidoId: cancelado });
      for (const [pedidoId, status] of [
        [aceptado, 'ACEPTADO'],
        [completado, 'COMPLETADO'],
        [cancelado, 'CANCELADO'],
      ] as const) {
        const res = await expectNothingChanged(server, () =>
          act(PEDIDO2.aceptar, { pedidoId, minutos: 10 }),
        );
        expectError(res, 409, 'ESTADO_INVALIDO', `El pedido ya está ${status}`);
      }
    });

    it('another shop’s order: 404 and unchanged; a shopper: 403', async () => {
      const { shopper, pedidoId } = await nuevo();
      for (const path of [PEDIDO2.aceptar, PEDIDO2.marcarpagado, PEDIDO2.visto]) {
        const res = await expectNothingChanged(server, () =>
          act(path, { pedidoId, minutos: 10 }, other.owner.token),
        );
        expectError(res, 404, 'NO_ENCONTRADO', 'El pedido no existe');
        const byShopper = await act(path, { pedidoId, minutos: 10 }, shopper.token);
        expect(byShopper.status).toBe(403);
      }
      expect((await pedidoOfShopper(server, shopper.token, pedidoId)).status).toBe('NUEVO');
    });
  });

  describe('complete and cancel from ACEPTADO', () => {
    it('an accepted order completes', async () => {
      const { shopper, pedidoId } = await nuevo();
      await act(PEDIDO2.aceptar, { pedidoId, minutos: 15 });
      const res = await act(PEDIDO.completar, { pedidoId });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'COMPLETADO', listoEstimado: expect.any(String) });
      expect((await pedidoOfShopper(server, shopper.token, pedidoId)).status).toBe('COMPLETADO');
      expectError(
        await act(PEDIDO.cancelar, { pedidoId }),
        409,
        'ESTADO_INVALIDO',
        'El pedido ya está COMPLETADO',
      );
    });

    it('an accepted order cancels with a reason the shopper sees; none is null', async () => {
      const { shopper, pedidoId } = await nuevo();
      await act(PEDIDO2.aceptar, { pedidoId, minutos: 15 });
      const res = await act(PEDIDO.cancelar, { pedidoId, motivo: '  Se nos acabó el pastor ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'CANCELADO',
        motivoCancelacion: 'Se nos acabó el pastor',
      });
      expect(await pedidoOfShopper(server, shopper.token, pedidoId)).toMatchObject({
        status: 'CANCELADO',
        motivoCancelacion: 'Se nos acabó el pastor',
      });
      const sinMotivo = (await nuevo()).pedidoId;
      expect(
        (await act(PEDIDO.cancelar, { pedidoId: sinMotivo })).body.motivoCancelacion,
      ).toBeNull();
    });

    it('a reason over 140 characters is refused', async () => {
      const { pedidoId } = await nuevo();
      const res = await expectNothingChanged(server, () =>
        act(PEDIDO.cancelar, { pedidoId, motivo: 'm'.repeat(141) }),
      );
      expectValidation(res, 'El motivo debe tener máximo 140 caracteres');
    });
  });

  describe('marcarpagado and visto', () => {
    it('marcarpagado sets pago.pagado; twice changes nothing more', async () => {
      const { shopper, pedidoId } = await nuevo();
      const res = await act(PEDIDO2.marcarpagado, { pedidoId });
      expect(res.status).toBe(200);
      expect(res.body.pago.pagado).toBe(true);
      expect(res.body.status).toBe('NUEVO');
      const again = await expectNothingChanged(server, () =>
        act(PEDIDO2.marcarpagado, { pedidoId }),
      );
      expect(again.body).toEqual(res.body);
      expect((await pedidoOfShopper(server, shopper.token, pedidoId)).pago.pagado).toBe(true);
    });

    it('visto records the first time only', async () => {
      const { pedidoId } = await nuevo();
      const first = await act(PEDIDO2.visto, { pedidoId });
      expect(first.status).toBe(200);
      expect(first.body.vistoEn).not.toBeNull();
      await new Promise((r) => setTimeout(r, 20));
      const second = await expectNothingChanged(server, () => act(PEDIDO2.visto, { pedidoId }));
      expect(second.body.vistoEn).toBe(first.body.vistoEn);
    });
  });

  describe('listarpedidosbytiendaid filters', () => {
    it('{activos: true}: NUEVO, ACEPTADO and LISTO; {sinAtender: true}: escalated or cancelled unseen', async () => {
      const board = await createPublicShop(server, adminToken(), { nombre: 'Fonda Tablero' });
      const token = board.owner.token;
      const [n, a, c, x, xv, esc, l] = await placeOrdersOfNewShoppers(server, board, 7);
      await act(PEDIDO2.aceptar, { pedidoId: a, minutos: 10 }, token);
      await act(PEDIDO2.aceptar, { pedidoId: l, minutos: 10 }, token);
      expect((await act('/api/pedido/listo', { pedidoId: l }, token)).body.status).toBe('LISTO');
      await act(PEDIDO.completar, { pedidoId: c }, token);
      await act(PEDIDO.cancelar, { pedidoId: x }, token);
      await act(PEDIDO2.visto, { pedidoId: xv }, token);
      await act(PEDIDO.cancelar, { pedidoId: xv }, token);
      // Escalation is the alerts' work (not here): its mark, set in the database.
      await server.app.database.db
        .updateTable('pedido')
        .set({ escalado: 1 })
        .where('id', '=', esc!)
        .execute();
      const ids = (list: Pedido[]) => list.map((p) => p.id);
      expect(ids(await tiendaPedidos(server, token, { activos: true }))).toEqual([l, esc, a, n]);
      expect(ids(await tiendaPedidos(server, token, { sinAtender: true }))).toEqual([esc, x]);
      expect(ids(await tiendaPedidos(server, token, { status: 'ACEPTADO' }))).toEqual([a]);
      expect(ids(await tiendaPedidos(server, token))).toEqual([l, esc, xv, x, c, a, n]);
      const escalado = (await tiendaPedidos(server, token, { sinAtender: true }))[0]!;
      expect(escalado.escalado).toBe(true);
      const bad = await call(server, PEDIDO.byTienda, token, { activos: 'si' });
      expectValidation(bad, 'activos debe ser true o false');
    });
  });
});
