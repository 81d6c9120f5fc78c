import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  finDelDia,
  PAUSA_AUTOMATICA_POR_OMISION,
  PROGRAMACION_POR_OMISION,
  programacionMessages,
  type Franjas,
} from '@tianguis/domain';
import type { ApiResponse } from '../../../test/build-test-app.js';
import {
  expectError,
  expectValidation,
  findTienda,
  getPublica,
  listFor,
  ok,
  setShopTimeZone,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { call, createShopper, ownTienda, type PublicShop } from '../../../test/pedido-factories.js';
import {
  readWholeTiendaRow,
  setFakeNow,
  useTwoPublicShops,
} from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Orders for later, kitchen pace and busy mode": updatetienda's `programacion` and
// `pausaAutomatica` (defaults, limits with messages naming the field, left out keeps them, only
// the owner changes its own, the automatic pause seen only by the owner and the admin), and
// the busy delay (`POST /api/tienda/demora`: owner only, 0–90, in every shop answer's
// `demoraMin` and in the slot listing's `ahoraMin`, 0 clears it, over at the end of the shop's
// day, also in answers that come from a cache).

const m = programacionMessages;

const PROGRAMACION = {
  activa: true,
  diasAdelante: 3,
  intervaloMin: 15,
  pedidosPorIntervalo: 4,
  preparacionMin: 35,
};
const PAUSA = { activa: true, pedidosSinAceptar: 5 };

describe('orders-for-later settings and the busy delay', () => {
  const { server, adminToken, shopper, shop, other, update } = useTwoPublicShops({
    nombre: 'Tacos Programados',
    prepare: async (server) => ({ shopper: await createShopper(server) }),
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const demora = (minutos: unknown, token: string | undefined = shop.owner.token) =>
    call<TiendaView[]>(server, TIENDA.demora, token, { minutos });
  const publica = (target: PublicShop, etag?: string) =>
    getPublica(server, target.owner.usuario, etag);
  const franjas = (target: PublicShop) =>
    server.call<Franjas>(`/api/tienda/franjas/${target.owner.usuario}`);
  const tiendaRow = (tiendaId: number) => readWholeTiendaRow(server, tiendaId);
  const etagOf = (res: ApiResponse) => res.headers.get('etag')!;

  describe('updatetienda: programacion and pausaAutomatica', () => {
    it('a new shop starts with scheduling off, no automatic pause and no delay', async () => {
      const own = await ownTienda(server, other);
      expect(own.programacion).toEqual(PROGRAMACION_POR_OMISION);
      expect(own.pausaAutomatica).toEqual(PAUSA_AUTOMATICA_POR_OMISION);
      expect(own.demoraMin).toBe(0);
      const page = ok(await publica(other), 'publica').tienda;
      expect(page.programacion).toEqual(PROGRAMACION_POR_OMISION);
      expect(page.demoraMin).toBe(0);
      expect(ok(await franjas(other), 'franjas')).toEqual({
        ahoraMin: PROGRAMACION_POR_OMISION.preparacionMin,
        franjas: [],
      });
    });

    it('saves both, answers them, raises the version, and keeps them when left out', async () => {
      const before = await tiendaRow(shop.tiendaId);
      const list = ok(
        await update(shop, { programacion: PROGRAMACION, pausaAutomatica: PAUSA }),
        'updatetienda',
      );
      expect(list[0]).toMatchObject({
        tiendaId: shop.tiendaId,
        programacion: PROGRAMACION,
        pausaAutomatica: PAUSA,
        demoraMin: 0,
      });
      const row = await tiendaRow(shop.tiendaId);
      expect(row).toMatchObject({
        programacion_activa: 1,
        programacion_dias_adelante: 3,
        programacion_intervalo_min: 15,
        programacion_pedidos_por_intervalo: 4,
        programacion_preparacion_min: 35,
        pausa_automatica_activa: 1,
        pausa_automatica_pedidos: 5,
      });
      expect(Number(row.version)).toBeGreaterThan(Number(before.version));
      expect(ok(await publica(shop), 'publica').tienda.programacion).toEqual(PROGRAMACION);

      // The first edition's fields alone (and the other optional settings) keep both.
      ok(await update(shop, { entrega: { recoger: true, domicilio: true } }), 'updatetienda');
      expect(await ownTienda(server, shop)).toMatchObject({
        programacion: PROGRAMACION,
        pausaAutomatica: PAUSA,
      });
      // One of them sent: the other stays.
      const sinLimite = { ...PROGRAMACION, pedidosPorIntervalo: null, intervaloMin: 60 };
      ok(await update(shop, { programacion: sinLimite }), 'updatetienda');
      expect(await ownTienda(server, shop)).toMatchObject({
        programacion: sinLimite,
        pausaAutomatica: PAUSA,
      });
      ok(await update(shop, { pausaAutomatica: { activa: false, pedidosSinAceptar: 20 } }), 'u');
      expect(await ownTienda(server, shop)).toMatchObject({
        programacion: sinLimite,
        pausaAutomatica: { activa: false, pedidosSinAceptar: 20 },
      });
      expect((await tiendaRow(shop.tiendaId)).programacion_pedidos_por_intervalo).toBeNull();

      // A field left out of the object takes its default (the owner's screen sends all five).
      ok(await update(shop, { programacion: { activa: true } }), 'updatetienda');
      expect((await ownTienda(server, shop)).programacion).toEqual({
        ...PROGRAMACION_POR_OMISION,
        activa: true,
      });
      ok(await update(shop, { programacion: PROGRAMACION, pausaAutomatica: PAUSA }), 'u');
    });

    it('takes the edges of every range', async () => {
      for (const programacion of [
        {
          activa: false,
          diasAdelante: 0,
          intervaloMin: 30,
          pedidosPorIntervalo: 1,
          preparacionMin: 5,
        },
        {
          activa: true,
          diasAdelante: 6,
          intervaloMin: 60,
          pedidosPorIntervalo: 100,
          preparacionMin: 180,
        },
      ]) {
        const list = ok(await update(other, { programacion }), 'updatetienda');
        expect(list[0]!.programacion).toEqual(programacion);
      }
      for (const pedidosSinAceptar of [1, 20]) {
        const list = ok(
          await update(other, { pausaAutomatica: { activa: true, pedidosSinAceptar } }),
          'updatetienda',
        );
        expect(list[0]!.pausaAutomatica).toEqual({ activa: true, pedidosSinAceptar });
      }
      ok(
        await update(other, {
          programacion: PROGRAMACION_POR_OMISION,
          pausaAutomatica: PAUSA_AUTOMATICA_POR_OMISION,
        }),
        'updatetienda',
      );
    });

    const programacionMala: [string, unknown, string][] = [
      ['diasAdelante -1', { diasAdelante: -1 }, m.diasAdelante],
      ['diasAdelante 7', { diasAdelante: 7 }, m.diasAdelante],
      ['diasAdelante 1.5', { diasAdelante: 1.5 }, m.diasAdelante],
      ['diasAdelante "2"', { diasAdelante: '2' }, m.diasAdelante],
      ['intervaloMin 20', { intervaloMin: 20 }, m.intervaloMin],
      ['intervaloMin 0', { intervaloMin: 0 }, m.intervaloMin],
      ['intervaloMin null', { intervaloMin: null }, m.intervaloMin],
      ['pedidosPorIntervalo 0', { pedidosPorIntervalo: 0 }, m.pedidosPorIntervalo],
      ['pedidosPorIntervalo 101', { pedidosPorIntervalo: 101 }, m.pedidosPorIntervalo],
      ['pedidosPorIntervalo 2.5', { pedidosPorIntervalo: 2.5 }, m.pedidosPorIntervalo],
      ['preparacionMin 4', { preparacionMin: 4 }, m.preparacionMin],
      ['preparacionMin 181', { preparacionMin: 181 }, m.preparacionMin],
      ['activa "si"', { activa: 'si' }, m.activa],
    ];

    const pausaMala: [string, unknown, string][] = [
      ['pedidosSinAceptar 0', { pedidosSinAceptar: 0 }, m.pedidosSinAceptar],
      ['pedidosSinAceptar 21', { pedidosSinAceptar: 21 }, m.pedidosSinAceptar],
      ['pedidosSinAceptar 3.5', { pedidosSinAceptar: 3.5 }, m.pedidosSinAceptar],
      ['activa 1', { activa: 1 }, m.pausaActiva],
    ];
    for (const [campo, valido, malos] of [
      ['programacion', PROGRAMACION, programacionMala],
      ['pausaAutomatica', PAUSA, pausaMala],
    ] as const) {
      it.each(malos)(`refuses ${campo} %s: 400 naming the field`, async (_, bad, message) => {
        const before = await tiendaRow(shop.tiendaId);
        const res = await update(shop, { [campo]: { ...valido, ...(bad as object) } });
        expectValidation(res, message);
        expect(await tiendaRow(shop.tiendaId)).toEqual(before);
      });
    }

    it('refuses a settings object that is not one, and changes nothing else with it', async () => {
      const before = await tiendaRow(shop.tiendaId);
      expectValidation(await update(shop, { programacion: 'mañana' }), m.programacion);
      expectValidation(await update(shop, { programacion: null }), m.programacion);
      expectValidation(await update(shop, { pausaAutomatica: [] }), m.pausaAutomatica);
      // A good name with a bad setting: the name is not saved either.
      expectValidation(
        await update(shop, {
          nombre: 'Otro Nombre',
          programacion: { ...PROGRAMACION, diasAdelante: 9 },
        }),
        m.diasAdelante,
      );
      expect(await tiendaRow(shop.tiendaId)).toEqual(before);
    });

    it('only the owner changes its own: shopper 403, anonymous 401, admin 403, another owner its own', async () => {
      const before = await tiendaRow(shop.tiendaId);
      const cambio = {
        programacion: { ...PROGRAMACION, diasAdelante: 6 },
        pausaAutomatica: { activa: false, pedidosSinAceptar: 9 },
      };
      expectError(await update(shop, cambio, shopper.token), 403, 'PROHIBIDO');
      expectError(await update(shop, cambio, adminToken()), 403, 'PROHIBIDO');
      const anonymous = await server.call(TIENDA.update, {
        method: 'POST',
        body: { programacion: cambio.programacion },
      });
      expectError(anonymous, 401, 'NO_AUTENTICADO');
      // The body names no shop: the other owner's call changes its own shop only.
      const list = ok(await update(other, cambio), 'updatetienda');
      expect(list[0]!.tiendaId).toBe(other.tiendaId);
      expect(await tiendaRow(shop.tiendaId)).toEqual(before);
      expect((await ownTienda(server, other)).programacion).toEqual(cambio.programacion);
      ok(
        await update(other, {
          programacion: PROGRAMACION_POR_OMISION,
          pausaAutomatica: PAUSA_AUTOMATICA_POR_OMISION,
        }),
        'updatetienda',
      );
    });

    it('pausaAutomatica goes to the owner and the admin only; programacion to everyone', async () => {
      const own = await ownTienda(server, shop);
      expect(own.pausaAutomatica).toEqual(PAUSA);
      expect((await listFor(server, shop.owner.token))[0]).toMatchObject({
        tiendaId: shop.tiendaId,
        pausaAutomatica: PAUSA,
      });
      expect(
        findTienda(await listFor(server, adminToken()), shop.tiendaId)?.pausaAutomatica,
      ).toEqual(PAUSA);
      const vistas = [
        ['anonymous', findTienda(await listFor(server), shop.tiendaId)],
        ['shopper', findTienda(await listFor(server, shopper.token), shop.tiendaId)],
        ['other owner', findTienda(await listFor(server, other.owner.token), shop.tiendaId)],
        ['public page', ok(await publica(shop), 'publica').tienda],
      ] as const;
      for (const [who, vista] of vistas) {
        expect({ who, programacion: vista?.programacion }).toEqual({
          who,
          programacion: PROGRAMACION,
        });
        expect({ who, has: vista !== undefined && 'pausaAutomatica' in vista }).toEqual({
          who,
          has: false,
        });
      }
      // Not even the word, anywhere in the public answers.
      expect(JSON.stringify((await publica(shop)).body)).not.toContain('pausaAutomatica');
      expect(JSON.stringify(await listFor(server))).not.toContain('pausaAutomatica');
    });
  });

  describe('POST /api/tienda/demora', () => {
    it('sets the delay until the end of the shop’s day; every answer and ahoraMin carry it', async () => {
      const before = await tiendaRow(shop.tiendaId);
      const page = await publica(shop);
      const res = await demora(20);
      const list = ok(res, 'demora');
      expect(list[0]).toMatchObject({ tiendaId: shop.tiendaId, demoraMin: 20 });
      const row = await tiendaRow(shop.tiendaId);
      expect(row.demora_min).toBe(20);
      // Set "now" by the server: its end of day is the end of the day the row was written.
      expect(row.demora_hasta).toBe(
        finDelDia(new Date(row.updated_at), row.time_zone).toISOString(),
      );
      expect(Number(row.version)).toBeGreaterThan(Number(before.version));

      // The cached public answer is made again (a new ETag), with the delay.
      const again = await publica(shop, etagOf(page));
      expect(again.status).toBe(200);
      expect(etagOf(again)).not.toBe(etagOf(page));
      expect(again.body.tienda.demoraMin).toBe(20);
      expect((await ownTienda(server, shop)).demoraMin).toBe(20);
      for (const token of [
        undefined,
        shopper.token,
        adminToken(),
        other.owner.token,
        shop.owner.token,
      ]) {
        expect(findTienda(await listFor(server, token), shop.tiendaId)?.demoraMin).toBe(20);
      }
      // Open round the clock (no hours): an order now is ready in preparacionMin + the delay.
      expect(ok(await franjas(shop), 'franjas').ahoraMin).toBe(PROGRAMACION.preparacionMin + 20);
      // Another shop's answers don't change.
      expect((await ownTienda(server, other)).demoraMin).toBe(0);
    });

    it('0 clears it', async () => {
      ok(await demora(30), 'demora');
      const list = ok(await demora(0), 'demora');
      expect(list[0]).toMatchObject({ tiendaId: shop.tiendaId, demoraMin: 0 });
      expect(await tiendaRow(shop.tiendaId)).toMatchObject({ demora_min: 0, demora_hasta: null });
      expect(ok(await publica(shop), 'publica').tienda.demoraMin).toBe(0);
      expect(findTienda(await listFor(server), shop.tiendaId)?.demoraMin).toBe(0);
      expect(ok(await franjas(shop), 'franjas').ahoraMin).toBe(PROGRAMACION.preparacionMin);
    });

    it('takes 0 to 90 whole minutes; anything else is 400 with the rule', async () => {
      for (const minutos of [0, 1, 90]) {
        expect(ok(await demora(minutos), 'demora')[0]!.demoraMin).toBe(minutos);
      }
      const before = await tiendaRow(shop.tiendaId);
      for (const minutos of [-1, 91, 10.5, '20', null, true, 1e9]) {
        expectValidation(await demora(minutos), m.demora);
      }
      expectValidation(await call(server, TIENDA.demora, shop.owner.token, {}), m.demora);
      expect(await tiendaRow(shop.tiendaId)).toEqual(before);
      ok(await demora(0), 'demora');
    });

    it('is the owner’s alone, on its own shop', async () => {
      const before = await tiendaRow(shop.tiendaId);
      expectError(
        await call(server, TIENDA.demora, undefined, { minutos: 20 }),
        401,
        'NO_AUTENTICADO',
      );
      expectError(await demora(20, shopper.token), 403, 'PROHIBIDO');
      expectError(await demora(20, adminToken()), 403, 'PROHIBIDO');
      // The other owner's call delays its own shop only (the body names no shop).
      const list = ok(await demora(25, other.owner.token), 'demora');
      expect(list[0]).toMatchObject({ tiendaId: other.tiendaId, demoraMin: 25 });
      expect(await tiendaRow(shop.tiendaId)).toEqual(before);
      expect(ok(await publica(shop), 'publica').tienda.demoraMin).toBe(0);
      ok(await demora(0, other.owner.token), 'demora');
    });

    it('ends at the end of the shop’s day on its own clock, also in cached answers', async () => {
      // Tijuana is UTC−8 in November: 12:00 there is 20:00 UTC, its midnight 08:00 UTC.
      await setShopTimeZone(server, shop.tiendaId, 'America/Tijuana');
      try {
        setFakeNow('2026-11-20T20:00:00.000Z');
        ok(await demora(15), 'demora');
        expect((await tiendaRow(shop.tiendaId)).demora_hasta).toBe('2026-11-21T08:00:00.000Z');
        // Read once so every cache holds the answer with the delay.
        const page = await publica(shop);
        const html = await server.call<string>(`/tienda/${shop.owner.usuario}`);
        expect(html.status).toBe(200);
        expect(page.body.tienda.demoraMin).toBe(15);
        const list = await server.call<TiendaView[]>('/api/tienda/listartiendas');
        expect(findTienda(list.body, shop.tiendaId)?.demoraMin).toBe(15);
        expect(ok(await franjas(shop), 'franjas').ahoraMin).toBe(PROGRAMACION.preparacionMin + 15);

        setFakeNow('2026-11-21T07:59:59.000Z'); // 23:59:59 in Tijuana: still today
        expect(ok(await publica(shop), 'publica').tienda.demoraMin).toBe(15);
        expect(ok(await franjas(shop), 'franjas').ahoraMin).toBe(PROGRAMACION.preparacionMin + 15);

        setFakeNow('2026-11-21T08:00:00.000Z'); // midnight in Tijuana: a new day, no delay
        const after = await publica(shop, etagOf(page));
        expect(after.status).toBe(200);
        expect(etagOf(after)).not.toBe(etagOf(page));
        expect(after.body.tienda.demoraMin).toBe(0);
        const listAfter = await server.call<TiendaView[]>('/api/tienda/listartiendas', {
          headers: { 'if-none-match': etagOf(list) },
        });
        expect(listAfter.status).toBe(200);
        expect(findTienda(listAfter.body, shop.tiendaId)?.demoraMin).toBe(0);
        expect(findTienda(await listFor(server, shop.owner.token), shop.tiendaId)?.demoraMin).toBe(
          0,
        );
        expect(findTienda(await listFor(server, adminToken()), shop.tiendaId)?.demoraMin).toBe(0);
        expect((await ownTienda(server, shop)).demoraMin).toBe(0);
        expect(ok(await franjas(shop), 'franjas').ahoraMin).toBe(PROGRAMACION.preparacionMin);
        // The shop page (HTML) is made from the same answer: made again, not 304.
        const htmlAfter = await server.call<string>(`/tienda/${shop.owner.usuario}`, {
          headers: { 'if-none-match': etagOf(html) },
        });
        expect(htmlAfter.status).toBe(200);
        expect(etagOf(htmlAfter)).not.toBe(etagOf(html));
      } finally {
        vi.useRealTimers();
        await setShopTimeZone(server, shop.tiendaId, 'America/Mexico_City');
        ok(await demora(0), 'demora');
      }
    });
  });
});
