import { afterEach, describe, expect, it, vi } from 'vitest';
import { ajustesMessages, estadoMessages, finDelDia, horaLocal } from '@tianguis/domain';
import { useAdminServer, type ApiResponse } from '../../../test/build-test-app.js';
import {
  allProductos,
  CLABE_VALIDA,
  createShop,
  expectError,
  expectListShape,
  expectUnchanged,
  expectValidation,
  findTienda,
  getPublica,
  listFor,
  ok,
  ownView,
  post,
  setShopTimeZone,
  tiendaPayload,
  type TiendaView,
  transferenciaPayload,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import { readWholeTiendaRow, setFakeNow } from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Shop settings": delivery and payment choices (the transfer details
// only for the owner and the admin), the pause and the sold-out marks, and the rule that
// time-dependent state is right in every answer, also one that comes from a cache.

const PAGOS_CON_TRANSFERENCIA = {
  efectivo: true,
  terminal: false,
  transferencia: transferenciaPayload(),
};

describe('shop settings, pause and sold-out marks', () => {
  const { server, adminToken, shopper, shop, other } = useAdminServer(
    async (server, adminToken) => ({
      shopper: await createShopper(server),
      shop: await createShop(server, { adminToken, tienda: { nombre: 'Tacos Ajustes' } }),
      other: await createShop(server, { adminToken, tienda: { nombre: 'Fonda Vecina' } }),
    }),
  );
  afterEach(() => {
    vi.useRealTimers();
  });

  const publica = (usuario: string, etag?: string) => getPublica(server, usuario, etag);
  const tiendaRow = (id: number) => readWholeTiendaRow(server, id);
  const productoRow = (id: number) =>
    server.app.database.db
      .selectFrom('producto')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const etagOf = (res: ApiResponse) => res.headers.get('etag')!;

  describe('updatetienda: entrega and pagos', () => {
    it('stores both, answers them to the owner whole, and keeps them when left out', async () => {
      const entrega = { recoger: true, domicilio: false };
      const list = ok(
        await post(server, TIENDA.update, shop.owner.token, {
          ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
          entrega,
          pagos: { ...PAGOS_CON_TRANSFERENCIA, terminal: true },
        }),
        'updatetienda',
      );
      expectListShape(list);
      expect(list[0]).toMatchObject({
        tiendaId: shop.owner.tiendaId,
        entrega,
        pagos: { efectivo: true, terminal: true, transferencia: transferenciaPayload() },
        pausadoHasta: null,
      });
      expect(await tiendaRow(shop.owner.tiendaId)).toMatchObject({
        entrega_recoger: 1,
        entrega_domicilio: 0,
        pago_efectivo: 1,
        pago_terminal: 1,
        transferencia_clabe: CLABE_VALIDA,
        transferencia_banco: 'BBVA',
        transferencia_titular: 'Guadalupe Ramírez',
      });

      // The first edition's body alone changes the rest and keeps these.
      const again = ok(
        await post(
          server,
          TIENDA.update,
          shop.owner.token,
          tiendaPayload({ nombre: 'Tacos Ajustes' }),
        ),
        'updatetienda',
      );
      expect(again[0]).toMatchObject({ entrega, pagos: { terminal: true } });

      // Only one of them: the other stays.
      const soloEntrega = ok(
        await post(server, TIENDA.update, shop.owner.token, {
          ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
          entrega: { recoger: true, domicilio: true },
        }),
        'updatetienda',
      );
      expect(soloEntrega[0]).toMatchObject({
        entrega: { recoger: true, domicilio: true },
        pagos: { efectivo: true, terminal: true, transferencia: transferenciaPayload() },
      });

      // A CLABE typed with spaces and dashes is stored as its digits; null removes it.
      const conEspacios = ok(
        await post(server, TIENDA.update, shop.owner.token, {
          ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
          pagos: {
            ...PAGOS_CON_TRANSFERENCIA,
            transferencia: transferenciaPayload({ clabe: '012 180 0012 3456 789-9' }),
          },
        }),
        'updatetienda',
      );
      expect(conEspacios[0]!.pagos.transferencia).toEqual(transferenciaPayload());
      const sinTransferencia = ok(
        await post(server, TIENDA.update, shop.owner.token, {
          ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
          pagos: { efectivo: true, terminal: false, transferencia: null },
        }),
        'updatetienda',
      );
      expect(sinTransferencia[0]!.pagos).toEqual({
        efectivo: true,
        terminal: false,
        transferencia: null,
      });
      expect(await tiendaRow(shop.owner.tiendaId)).toMatchObject({
        transferencia_clabe: null,
        transferencia_banco: null,
        transferencia_titular: null,
      });
      // Back to the settings the other tests read.
      ok(
        await post(server, TIENDA.update, shop.owner.token, {
          ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
          pagos: PAGOS_CON_TRANSFERENCIA,
        }),
        'updatetienda',
      );
    });

    it.each<[string, Record<string, unknown>, string]>([
      [
        'a CLABE with a wrong check digit',
        {
          pagos: {
            ...PAGOS_CON_TRANSFERENCIA,
            transferencia: transferenciaPayload({ clabe: '012180001234567890' }),
          },
        },
        'La CLABE no es válida: su último dígito no corresponde a los otros 17; revisa que esté bien copiada',
      ],
      [
        'a CLABE of 17 digits',
        {
          pagos: {
            ...PAGOS_CON_TRANSFERENCIA,
            transferencia: transferenciaPayload({ clabe: '01218000123456789' }),
          },
        },
        ajustesMessages.clabeLongitud,
      ],
      [
        'no way to deliver',
        { entrega: { recoger: false, domicilio: false } },
        ajustesMessages.entregaVacia,
      ],
      [
        'no way to pay',
        { pagos: { efectivo: false, terminal: false, transferencia: null } },
        ajustesMessages.pagosVacios,
      ],
      [
        'a one-letter bank',
        {
          pagos: {
            ...PAGOS_CON_TRANSFERENCIA,
            transferencia: transferenciaPayload({ banco: 'B' }),
          },
        },
        ajustesMessages.bancoLongitud,
      ],
      [
        'an 81-letter holder',
        {
          pagos: {
            ...PAGOS_CON_TRANSFERENCIA,
            transferencia: transferenciaPayload({ titular: 'T'.repeat(81) }),
          },
        },
        ajustesMessages.titularLongitud,
      ],
      ['entrega that is not an object', { entrega: 'recoger' }, ajustesMessages.entregaVacia],
    ])('refuses %s with its message, changing nothing', async (_label, extra, message) => {
      const res = await expectUnchanged(
        server,
        () =>
          post(server, TIENDA.update, shop.owner.token, {
            ...tiendaPayload({ nombre: 'Tacos Ajustes' }),
            ...extra,
          }),
        shop.owner,
      );
      expectValidation(res, message);
    });

    it('the first edition’s rules still come first', async () => {
      const res = await post(server, TIENDA.update, shop.owner.token, {
        ...tiendaPayload({ nombre: 'ab' }),
        entrega: { recoger: false, domicilio: false },
      });
      expectValidation(
        res,
        'El campo nombre debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
      );
    });
  });

  describe('the transfer details: whole only for the owner and the admin', () => {
    const whole = { efectivo: true, terminal: false, transferencia: transferenciaPayload() };
    const redacted = { efectivo: true, terminal: false, transferencia: { banco: 'BBVA' } };

    const expectHidden = (res: ApiResponse) => {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(CLABE_VALIDA);
      expect(text).not.toContain('Guadalupe Ramírez');
    };

    it('owner: listartiendas and mitienda', async () => {
      expect((await ownView(server, shop.owner)).pagos).toEqual(whole);
      const mitienda = await server.call<TiendaView>('/api/tienda/mitienda', {
        token: shop.owner.token,
      });
      expect(mitienda.body.pagos).toEqual(whole);
    });

    it('admin: listartiendas', async () => {
      const list = await listFor(server, adminToken());
      expect(findTienda(list, shop.owner.tiendaId)!.pagos).toEqual(whole);
    });

    it('anonymous: listartiendas and the public page (both cached), twice', async () => {
      for (let i = 0; i < 2; i++) {
        const list = await server.call<TiendaView[]>('/api/tienda/listartiendas');
        expectHidden(list);
        expect(findTienda(list.body, shop.owner.tiendaId)!.pagos).toEqual(redacted);
        const page = await publica(shop.owner.usuario);
        expectHidden(page);
        expect(page.body.tienda.pagos).toEqual(redacted);
      }
    });

    it('shopper: listartiendas', async () => {
      const list = await server.call<TiendaView[]>('/api/tienda/listartiendas', {
        token: shopper.token,
      });
      expectHidden(list);
      expect(findTienda(list.body, shop.owner.tiendaId)!.pagos).toEqual(redacted);
    });

    it('another owner: listartiendas, after its own shop', async () => {
      const list = await server.call<TiendaView[]>('/api/tienda/listartiendas', {
        token: other.owner.token,
      });
      expectHidden(list);
      expect(list.body[0]!.tiendaId).toBe(other.owner.tiendaId);
      expect(findTienda(list.body, shop.owner.tiendaId)!.pagos).toEqual(redacted);
    });

    it('a shop without transfer answers null to everyone', async () => {
      const list = await server.call<TiendaView[]>('/api/tienda/listartiendas');
      expect(findTienda(list.body, other.owner.tiendaId)!.pagos).toEqual({
        efectivo: true,
        terminal: false,
        transferencia: null,
      });
    });
  });

  describe('POST /api/tienda/pausar', () => {
    it('pauses for the minutes asked: every answer says until when; 0 resumes', async () => {
      const before = await publica(shop.owner.usuario);
      expect(before.body).toMatchObject({ abierta: true, mensajeCerrada: null });
      expect(before.body.tienda.pausadoHasta).toBeNull();

      const start = Date.now();
      const list = ok(
        await post(server, TIENDA.pausar, shop.owner.token, { minutos: 30 }),
        'pausar',
      );
      expectListShape(list);
      const hasta = list[0]!.pausadoHasta!;
      expect(list[0]!.tiendaId).toBe(shop.owner.tiendaId);
      expect(Date.parse(hasta) - start).toBeGreaterThanOrEqual(30 * 60_000 - 50);
      expect(Date.parse(hasta) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      expect((await tiendaRow(shop.owner.tiendaId)).pausado_hasta).toBe(hasta);

      // The cached public page and list show it at once.
      const paused = await publica(shop.owner.usuario, etagOf(before));
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({
        abierta: false,
        mensajeCerrada: estadoMessages.pausada(horaLocal(new Date(hasta), 'America/Mexico_City')),
      });
      expect(paused.body.tienda.pausadoHasta).toBe(hasta);
      const anon = await listFor(server);
      expect(findTienda(anon, shop.owner.tiendaId)!.pausadoHasta).toBe(hasta);

      const resumed = ok(
        await post(server, TIENDA.pausar, shop.owner.token, { minutos: 0 }),
        'pausar',
      );
      expect(resumed[0]!.pausadoHasta).toBeNull();
      expect((await tiendaRow(shop.owner.tiendaId)).pausado_hasta).toBeNull();
      const open = await publica(shop.owner.usuario, etagOf(paused));
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ abierta: true, mensajeCerrada: null });
    });

    it('a cached public page opens again by itself when the pause ends', async () => {
      ok(await post(server, TIENDA.pausar, shop.owner.token, { minutos: 15 }), 'pausar');
      const paused = await publica(shop.owner.usuario);
      expect(paused.body.abierta).toBe(false);
      // Served again from the cache: the same answer and ETag.
      const again = await publica(shop.owner.usuario);
      expect(etagOf(again)).toBe(etagOf(paused));
      expect((await publica(shop.owner.usuario, etagOf(paused))).status).toBe(304);

      const hasta = Date.parse(paused.body.tienda.pausadoHasta!);
      setFakeNow(hasta + 1000);
      const later = await publica(shop.owner.usuario, etagOf(paused));
      expect(later.status).toBe(200);
      expect(later.body).toMatchObject({ abierta: true, mensajeCerrada: null });
      expect(etagOf(later)).not.toBe(etagOf(paused));
      vi.useRealTimers();
      ok(await post(server, TIENDA.pausar, shop.owner.token, { minutos: 0 }), 'pausar');
    });

    it.each([1, 14, 241, 30.5, -15, '30'])('refuses %j minutes, changing nothing', async (m) => {
      const res = await expectUnchanged(
        server,
        () => post(server, TIENDA.pausar, shop.owner.token, { minutos: m }),
        shop.owner,
      );
      expectValidation(res, ajustesMessages.pausaMinutos);
    });

    it('only a shop owner, on its own shop', async () => {
      await expectUnchanged(server, async () => {
        expectError(
          await post(server, TIENDA.pausar, undefined, { minutos: 30 }),
          401,
          'NO_AUTENTICADO',
        );
        expectError(
          await post(server, TIENDA.pausar, shopper.token, { minutos: 30 }),
          403,
          'PROHIBIDO',
        );
        expectError(
          await post(server, TIENDA.pausar, adminToken(), { minutos: 30 }),
          403,
          'PROHIBIDO',
        );
      });
      // Another owner pauses its own shop, never this one.
      const list = ok(
        await post(server, TIENDA.pausar, other.owner.token, { minutos: 60 }),
        'pausar',
      );
      expect(list[0]!.tiendaId).toBe(other.owner.tiendaId);
      expect((await tiendaRow(shop.owner.tiendaId)).pausado_hasta).toBeNull();
      ok(await post(server, TIENDA.pausar, other.owner.token, { minutos: 0 }), 'pausar');
    });
  });

  describe('POST /api/tienda/agotarproducto', () => {
    const productoEn = (list: TiendaView[], id: number) =>
      list.flatMap((t) => t.categorias.flatMap((c) => c.productos)).find((p) => p.id === id);

    it('sold out until the end of the shop’s day; every answer says so; false undoes it', async () => {
      const id = shop.producto.id;
      const before = await publica(shop.owner.usuario);
      expect(productoEn([before.body.tienda], id)!.agotado).toBe(false);
      await listFor(server); // the anonymous list is cached now

      const list = ok(
        await post(server, TIENDA.agotar, shop.owner.token, { productoId: id, agotado: true }),
        'agotarproducto',
      );
      expectListShape(list);
      expect(productoEn(list, id)!.agotado).toBe(true);
      const row = await productoRow(id);
      expect(row.agotado_hasta).toBe(
        finDelDia(new Date(row.updated_at), 'America/Mexico_City').toISOString(),
      );
      expect(Date.parse(row.agotado_hasta!)).toBeGreaterThan(Date.now());

      // Public answers from the caches show it at once.
      const page = await publica(shop.owner.usuario, etagOf(before));
      expect(page.status).toBe(200);
      expect(productoEn([page.body.tienda], id)!.agotado).toBe(true);
      expect(productoEn(await listFor(server), id)!.agotado).toBe(true);
      expect(productoEn(await listFor(server, shopper.token), id)!.agotado).toBe(true);
      expect(productoEn(await listFor(server, adminToken()), id)!.agotado).toBe(true);

      const undone = ok(
        await post(server, TIENDA.agotar, shop.owner.token, { productoId: id, agotado: false }),
        'agotarproducto',
      );
      expect(productoEn(undone, id)!.agotado).toBe(false);
      expect((await productoRow(id)).agotado_hasta).toBeNull();
      const onSale = await publica(shop.owner.usuario);
      expect(productoEn([onSale.body.tienda], id)!.agotado).toBe(false);
      expect(productoEn(await listFor(server), id)!.agotado).toBe(false);
    });

    it('comes back by itself the next local day, in cached answers too', async () => {
      const id = shop.producto.id;
      ok(
        await post(server, TIENDA.agotar, shop.owner.token, { productoId: id, agotado: true }),
        'agotarproducto',
      );
      const page = await publica(shop.owner.usuario);
      const list = await server.call<TiendaView[]>('/api/tienda/listartiendas');
      expect(productoEn([page.body.tienda], id)!.agotado).toBe(true);
      expect(productoEn(list.body, id)!.agotado).toBe(true);
      // Both are served from the cache while the day lasts.
      expect((await publica(shop.owner.usuario, etagOf(page))).status).toBe(304);
      const listAgain = await server.call('/api/tienda/listartiendas', {
        headers: { 'if-none-match': etagOf(list) },
      });
      expect(listAgain.status).toBe(304);

      const hasta = Date.parse((await productoRow(id)).agotado_hasta!);
      setFakeNow(hasta - 1000);
      expect((await publica(shop.owner.usuario, etagOf(page))).status).toBe(304);
      setFakeNow(hasta);
      const nextDay = await publica(shop.owner.usuario, etagOf(page));
      expect(nextDay.status).toBe(200);
      expect(productoEn([nextDay.body.tienda], id)!.agotado).toBe(false);
      const nextList = await server.call<TiendaView[]>('/api/tienda/listartiendas', {
        headers: { 'if-none-match': etagOf(list) },
      });
      expect(nextList.status).toBe(200);
      expect(productoEn(nextList.body, id)!.agotado).toBe(false);
      // Nothing was written: the version is the same; the clock alone moved.
      expect((await productoRow(id)).agotado_hasta).not.toBeNull();
      vi.useRealTimers();
      ok(
        await post(server, TIENDA.agotar, shop.owner.token, { productoId: id, agotado: false }),
        'agotarproducto',
      );
    });

    it('uses the shop’s own time zone', async () => {
      await setShopTimeZone(server, other.owner.tiendaId, 'America/New_York');
      try {
        ok(
          await post(server, TIENDA.agotar, other.owner.token, {
            productoId: other.producto.id,
            agotado: true,
          }),
          'agotarproducto',
        );
        const row = await productoRow(other.producto.id);
        expect(row.agotado_hasta).toBe(
          finDelDia(new Date(row.updated_at), 'America/New_York').toISOString(),
        );
      } finally {
        await setShopTimeZone(server, other.owner.tiendaId, 'America/Mexico_City');
        ok(
          await post(server, TIENDA.agotar, other.owner.token, {
            productoId: other.producto.id,
            agotado: false,
          }),
          'agotarproducto',
        );
      }
    });

    it('another shop’s product, or one that does not exist, is 404 and nothing changes', async () => {
      for (const productoId of [other.producto.id, 2_000_000_000]) {
        const res = await expectUnchanged(
          server,
          () => post(server, TIENDA.agotar, shop.owner.token, { productoId, agotado: true }),
          other.owner,
        );
        expectError(res, 404, 'NO_ENCONTRADO', 'El producto no existe');
      }
      const allOf = allProductos(await listFor(server, other.owner.token), other.owner.tiendaId);
      expect(allOf.every((p) => !p.agotado)).toBe(true);
    });

    it('anonymous is 401, a shopper and the admin 403; bad bodies 400', async () => {
      const body = { productoId: shop.producto.id, agotado: true };
      await expectUnchanged(server, async () => {
        expectError(await post(server, TIENDA.agotar, undefined, body), 401, 'NO_AUTENTICADO');
        expectError(await post(server, TIENDA.agotar, shopper.token, body), 403, 'PROHIBIDO');
        expectError(await post(server, TIENDA.agotar, adminToken(), body), 403, 'PROHIBIDO');
        expectValidation(
          await post(server, TIENDA.agotar, shop.owner.token, { ...body, agotado: 'si' }),
          ajustesMessages.agotadoBooleano,
        );
      });
    });
  });
});
