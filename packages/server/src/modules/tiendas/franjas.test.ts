import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIAS, programacionMessages, type Franja, type Franjas } from '@tianguis/domain';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  configureTienda,
  createOwner,
  expectError,
  ok,
  post,
  setShopTimeZone,
} from '../../../test/catalogo-factories.js';
import {
  createPublicShop,
  guestBody,
  pausar,
  postInvitado,
  setProductoActivo,
  setTiendaActiva,
  updateTiendaCon,
  type PublicShop,
} from '../../../test/pedido-factories.js';

// docs/api.md, "Orders for later": GET /api/tienda/franjas/{usuario}. The slots tile the shop's
// opening hours on its own clock (weekly hours, closed days, special days, its time zone and
// DST changes), from the first start at least preparacionMin from now through today +
// diasAdelante, none running past the closing time; `restantes` counts the orders scheduled in
// each slot and not cancelled; `ahoraMin` is null while the shop takes no orders now. Anyone
// may ask; a shop the public page doesn't show is 404 here too.
//
// The server's clock is moved with fake Dates (same process); every call with a token is made
// on the real clock, before or after. Most orders for later are written straight into the
// database (the helper below, with exactly the columns an order has), at instants the fake clock
// makes slots of; one journey places them through the real guest checkout on the real clock.

const MIN = 60_000;

interface Semana {
  apertura: string;
  cierre: string;
  /** Days closed (cerrado: true); every other day opens apertura–cierre. */
  cerrados?: string[];
  /** Only these days are in the week (the others have no entry at all). */
  solo?: string[];
}

/** Slots expected: `n` of `intervalo` minutes from `desde`, back to back. */
function seguidas(desde: string, n: number, intervalo: number): Pick<Franja, 'inicio' | 'fin'>[] {
  const start = Date.parse(desde);
  return Array.from({ length: n }, (_, i) => ({
    inicio: new Date(start + i * intervalo * MIN).toISOString(),
    fin: new Date(start + (i + 1) * intervalo * MIN).toISOString(),
  }));
}

const horas = (franjas: Franja[]) => franjas.map(({ inicio, fin }) => ({ inicio, fin }));

describe('GET /api/tienda/franjas/:usuario', () => {
  const { server, adminToken } = useAdminServer();
  afterEach(() => {
    vi.useRealTimers();
  });

  const db = () => server.app.database.db;
  const setNow = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  };
  const franjasDe = (usuario: string) => server.call<Franjas>(`/api/tienda/franjas/${usuario}`);
  /** The listing at `instant` (the server's clock), then back to the real clock. */
  const franjasAt = async (shop: PublicShop, instant: string): Promise<Franjas> => {
    setNow(instant);
    try {
      return ok(await franjasDe(shop.owner.usuario), 'franjas');
    } finally {
      vi.useRealTimers();
    }
  };

  /** A public shop with the given week, time zone and scheduling settings. */
  async function tienda(
    options: { semana?: Semana; timeZone?: string; programacion?: Record<string, unknown> } = {},
  ): Promise<PublicShop> {
    const shop = await createPublicShop(server, adminToken());
    if (options.semana) await setSemana(shop, options.semana);
    if (options.timeZone) await setShopTimeZone(server, shop.tiendaId, options.timeZone);
    if (options.programacion) await setProgramacion(shop, options.programacion);
    return shop;
  }

  async function setSemana(shop: PublicShop, semana: Semana) {
    const dias = semana.solo ?? [...DIAS];
    ok(
      await post(
        server,
        '/api/horario/addrange',
        shop.owner.token,
        dias.map((dia) => ({
          tiendaId: shop.tiendaId,
          dia,
          apertura: semana.apertura,
          cierre: semana.cierre,
          cerrado: semana.cerrados?.includes(dia) ?? false,
        })),
      ),
      'addrange',
    );
  }

  async function setProgramacion(shop: PublicShop, programacion: Record<string, unknown>) {
    ok(
      await updateTiendaCon(server, shop, {
        programacion: {
          activa: true,
          diasAdelante: 0,
          intervaloMin: 30,
          pedidosPorIntervalo: null,
          preparacionMin: 20,
          ...programacion,
        },
      }),
      'updatetienda',
    );
  }

  /** An order of the shop, for later (`programadoPara`) or for now (null), in a status. */
  async function insertPedido(
    shop: PublicShop,
    programadoPara: string | null,
    status = 'NUEVO',
  ): Promise<number> {
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('pedido')
      .values({
        tienda_id: shop.tiendaId,
        account_id: null,
        status,
        fecha: now,
        updated_at: now,
        cantidad_de_articulos: 1,
        subtotal: 1999,
        costo_de_envio: 0,
        monto_total: 1999,
        nombre_tienda: shop.nombre,
        usuario_tienda: shop.owner.usuario,
        tienda_image_url: shop.imageUrl,
        celular_tienda: '5512345678',
        nombre_completo: 'Cliente Programado',
        celular: '5587654321',
        direccion_entrega: 'Avenida Juárez 100, Centro',
        programado_para: programadoPara,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  describe('slot edges (America/Mexico_City, UTC−6 all year)', () => {
    let shop: PublicShop;
    beforeAll(async () => {
      shop = await tienda({ semana: { apertura: '09:00', cierre: '18:00' } });
      await setProgramacion(shop, { intervaloMin: 30, preparacionMin: 20 });
    });

    it('starts at the first slot at least preparacionMin from now, ends with the slot ending at closing', async () => {
      // 10:10 there: 10:30 is exactly 20 minutes away, so it is offered.
      const at = await franjasAt(shop, '2026-11-18T16:10:00.000Z');
      expect(at.ahoraMin).toBe(20);
      expect(horas(at.franjas)).toEqual(seguidas('2026-11-18T16:30:00.000Z', 15, 30));
      expect(at.franjas.at(-1)?.fin).toBe('2026-11-19T00:00:00.000Z'); // 18:00 there
      for (const f of at.franjas) expect(f).toMatchObject({ disponible: true, restantes: null });

      // One second later 10:30 is too soon: the first is 11:00.
      const later = await franjasAt(shop, '2026-11-18T16:10:01.000Z');
      expect(later.franjas[0]?.inicio).toBe('2026-11-18T17:00:00.000Z');
      expect(later.franjas).toHaveLength(14);
    });

    it('an earlier instant of the same day lists the slots a later one no longer does', async () => {
      // A clock set back (or another process's): nothing from the later listing is reused.
      const late = await franjasAt(shop, '2026-11-21T22:00:00.000Z'); // Saturday 16:00
      expect(late.franjas).toHaveLength(3);
      const early = await franjasAt(shop, '2026-11-21T13:00:00.000Z'); // 07:00
      expect(horas(early.franjas)).toEqual(seguidas('2026-11-21T15:00:00.000Z', 18, 30));
    });

    it('follows the clock: later the same day fewer slots; the next day, that day’s', async () => {
      const a = await franjasAt(shop, '2026-11-19T16:00:00.000Z'); // Thursday 10:00
      expect(a.franjas[0]?.inicio).toBe('2026-11-19T16:30:00.000Z');
      const b = await franjasAt(shop, '2026-11-19T21:15:00.000Z'); // 15:15
      expect(horas(b.franjas)).toEqual(seguidas('2026-11-19T22:00:00.000Z', 4, 30));
      const c = await franjasAt(shop, '2026-11-20T14:00:00.000Z'); // Friday 08:00
      expect(horas(c.franjas)).toEqual(seguidas('2026-11-20T15:00:00.000Z', 18, 30));
    });

    it('before opening: from the opening time, and ahoraMin null (closed now)', async () => {
      const at = await franjasAt(shop, '2026-11-18T13:00:00.000Z'); // 07:00 there
      expect(at.ahoraMin).toBeNull();
      expect(horas(at.franjas)).toEqual(seguidas('2026-11-18T15:00:00.000Z', 18, 30));
    });

    it('near closing: nothing left today, while the shop is still open now', async () => {
      const at = await franjasAt(shop, '2026-11-18T23:45:00.000Z'); // 17:45 there
      expect(at).toEqual({ ahoraMin: 20, franjas: [] });
    });

    it('no slot runs past the closing time', async () => {
      const corta = await tienda({ semana: { apertura: '09:00', cierre: '17:45' } });
      await setProgramacion(corta, { intervaloMin: 30 });
      const treinta = await franjasAt(corta, '2026-11-18T13:00:00.000Z');
      // 17:00–17:30 is the last: 17:30–18:00 would end after 17:45.
      expect(horas(treinta.franjas)).toEqual(seguidas('2026-11-18T15:00:00.000Z', 17, 30));
      await setProgramacion(corta, { intervaloMin: 15 });
      const quince = await franjasAt(corta, '2026-11-18T13:00:00.000Z');
      expect(quince.franjas.at(-1)).toMatchObject({
        inicio: '2026-11-18T23:30:00.000Z', // 17:30–17:45
        fin: '2026-11-18T23:45:00.000Z',
      });
    });

    it('tiles 15, 30 and 60 minutes from the opening time', async () => {
      const tres = await tienda({ semana: { apertura: '09:15', cierre: '12:15' } });
      for (const [intervaloMin, n] of [
        [15, 12],
        [30, 6],
        [60, 3],
      ] as const) {
        await setProgramacion(tres, { intervaloMin });
        const at = await franjasAt(tres, '2026-11-18T13:00:00.000Z');
        expect(horas(at.franjas)).toEqual(seguidas('2026-11-18T15:15:00.000Z', n, intervaloMin));
      }
    });
  });

  describe('days ahead, closed days and special days', () => {
    it('diasAdelante 0 is today only; 6 runs through today + 6, skipping closed and special days', async () => {
      // Wednesday 18 November 2026; Friday closed; Saturday 21 a special day.
      const shop = await tienda({
        semana: { apertura: '09:00', cierre: '11:00', cerrados: ['VIERNES'] },
      });
      ok(
        await post(server, '/api/horariosdias/add', shop.owner.token, { fecha: '2026-11-21' }),
        'horariosdias/add',
      );
      await setProgramacion(shop, { diasAdelante: 0, intervaloMin: 60 });
      const hoy = await franjasAt(shop, '2026-11-18T13:00:00.000Z');
      expect(horas(hoy.franjas)).toEqual(seguidas('2026-11-18T15:00:00.000Z', 2, 60));

      await setProgramacion(shop, { diasAdelante: 6, intervaloMin: 60 });
      const semana = await franjasAt(shop, '2026-11-18T13:00:00.000Z');
      const dias = ['18', '19', '22', '23', '24'];
      expect(horas(semana.franjas)).toEqual(
        dias.flatMap((d) => seguidas(`2026-11-${d}T15:00:00.000Z`, 2, 60)),
      );
      // Nothing on the 25th: today + 6 is the last day.
      expect(semana.franjas.at(-1)?.fin).toBe('2026-11-24T17:00:00.000Z');
    });

    it('nothing on a day without hours; a special day today also closes the shop now', async () => {
      const shop = await tienda({
        semana: { apertura: '00:00', cierre: '23:59:59', solo: ['MIERCOLES', 'VIERNES'] },
      });
      ok(
        await post(server, '/api/horariosdias/add', shop.owner.token, { fecha: '2026-11-18' }),
        'horariosdias/add',
      );
      await setProgramacion(shop, { diasAdelante: 2, intervaloMin: 60 });
      const at = await franjasAt(shop, '2026-11-18T18:00:00.000Z'); // Wednesday noon
      expect(at.ahoraMin).toBeNull();
      // Wednesday is a special day and Thursday has no hours: only Friday, 00:00 to 23:00.
      expect(horas(at.franjas)).toEqual(seguidas('2026-11-20T06:00:00.000Z', 23, 60));
    });

    it('is empty while scheduling is off, and ahoraMin still answers for an open shop', async () => {
      const shop = await tienda({ semana: { apertura: '09:00', cierre: '18:00' } });
      await setProgramacion(shop, { activa: false, diasAdelante: 6, preparacionMin: 45 });
      expect(await franjasAt(shop, '2026-11-18T18:00:00.000Z')).toEqual({
        ahoraMin: 45,
        franjas: [],
      });
    });
  });

  describe('the shop’s time zone', () => {
    it('America/Tijuana across the start of DST: the same wall-clock hours, one hour earlier in UTC', async () => {
      const shop = await tienda({
        semana: { apertura: '12:00', cierre: '14:00' },
        timeZone: 'America/Tijuana',
        programacion: { diasAdelante: 1, intervaloMin: 60 },
      });
      // Saturday 7 March 2026, 10:00 PST (UTC−8); Sunday the 8th is PDT (UTC−7).
      const at = await franjasAt(shop, '2026-03-07T18:00:00.000Z');
      expect(horas(at.franjas)).toEqual([
        ...seguidas('2026-03-07T20:00:00.000Z', 2, 60),
        ...seguidas('2026-03-08T19:00:00.000Z', 2, 60),
      ]);
      // And back at its end: Saturday 31 October PDT, Sunday 1 November PST.
      const fin = await franjasAt(shop, '2026-10-31T17:00:00.000Z');
      expect(horas(fin.franjas)).toEqual([
        ...seguidas('2026-10-31T19:00:00.000Z', 2, 60),
        ...seguidas('2026-11-01T20:00:00.000Z', 2, 60),
      ]);
    });

    it('America/Tijuana: a window holding the change skips the hour the clock never shows', async () => {
      const shop = await tienda({
        semana: { apertura: '00:00', cierre: '04:00', solo: ['DOMINGO'] },
        timeZone: 'America/Tijuana',
        programacion: { diasAdelante: 1, intervaloMin: 60 },
      });
      // Saturday 20:00 PST; on Sunday 02:00 becomes 03:00: 00:00, 01:00 and 03:00 are offered.
      const at = await franjasAt(shop, '2026-03-08T04:00:00.000Z');
      expect(horas(at.franjas)).toEqual(seguidas('2026-03-08T08:00:00.000Z', 3, 60));
    });

    it('Asia/Kolkata (UTC+05:30): slots on its half-hour offset', async () => {
      const shop = await tienda({
        semana: { apertura: '09:00', cierre: '11:00' },
        timeZone: 'Asia/Kolkata',
        programacion: { intervaloMin: 30 },
      });
      const at = await franjasAt(shop, '2026-11-18T01:00:00.000Z'); // 06:30 there
      expect(at.ahoraMin).toBeNull();
      expect(horas(at.franjas)).toEqual(seguidas('2026-11-18T03:30:00.000Z', 4, 30));
    });
  });

  describe('places per slot', () => {
    // 09:00–12:00 in Mexico City on Wednesday 18 November: 15:00Z to 18:00Z, six 30-min slots.
    const NOW = '2026-11-18T13:00:00.000Z';
    const slot = (hhmm: string) => `2026-11-18T${hhmm}:00.000Z`;
    let shop: PublicShop;
    let vecina: PublicShop;
    let canceladoLuego: number;

    beforeAll(async () => {
      shop = await tienda({
        semana: { apertura: '09:00', cierre: '12:00' },
        programacion: { intervaloMin: 30, pedidosPorIntervalo: 3 },
      });
      vecina = await tienda({
        semana: { apertura: '09:00', cierre: '12:00' },
        programacion: { intervaloMin: 30, pedidosPorIntervalo: 3 },
      });
      await insertPedido(shop, slot('15:00'), 'NUEVO');
      await insertPedido(shop, slot('15:00'), 'ACEPTADO');
      canceladoLuego = await insertPedido(shop, slot('15:30'), 'NUEVO');
      await insertPedido(shop, slot('15:30'), 'COMPLETADO');
      await insertPedido(shop, slot('15:30'), 'LISTO');
      await insertPedido(shop, slot('16:00'), 'CANCELADO');
      await insertPedido(shop, slot('16:00'), 'CANCELADO');
      // More than the limit (it was lowered after they were placed): none left, never negative.
      for (let i = 0; i < 4; i += 1) await insertPedido(shop, slot('16:30'), 'NUEVO');
      // Another shop's orders, an order for now and one in yesterday's slot take no place here.
      for (let i = 0; i < 3; i += 1) await insertPedido(vecina, slot('17:00'), 'NUEVO');
      await insertPedido(shop, null, 'NUEVO');
      await insertPedido(shop, '2026-11-17T17:00:00.000Z', 'NUEVO');
    });

    it('restantes = the limit − orders not cancelled; disponible false when none is left', async () => {
      const at = await franjasAt(shop, NOW);
      expect(at.franjas).toEqual([
        { ...seguidas(slot('15:00'), 1, 30)[0], disponible: true, restantes: 1 },
        { ...seguidas(slot('15:30'), 1, 30)[0], disponible: false, restantes: 0 },
        { ...seguidas(slot('16:00'), 1, 30)[0], disponible: true, restantes: 3 },
        { ...seguidas(slot('16:30'), 1, 30)[0], disponible: false, restantes: 0 },
        { ...seguidas(slot('17:00'), 1, 30)[0], disponible: true, restantes: 3 },
        { ...seguidas(slot('17:30'), 1, 30)[0], disponible: true, restantes: 3 },
      ]);
      const deLaVecina = await franjasAt(vecina, NOW);
      expect(deLaVecina.franjas.find((f) => f.inicio === slot('17:00'))).toMatchObject({
        disponible: false,
        restantes: 0,
      });
    });

    it('an order placed since the last listing takes its place at once', async () => {
      const before = await franjasAt(shop, NOW);
      expect(before.franjas[5]).toMatchObject({ inicio: slot('17:30'), restantes: 3 });
      const id = await insertPedido(shop, slot('17:30'), 'NUEVO');
      const after = await franjasAt(shop, NOW);
      expect(after.franjas[5]).toMatchObject({ inicio: slot('17:30'), restantes: 2 });
      await db().deleteFrom('pedido').where('id', '=', id).execute();
      expect((await franjasAt(shop, NOW)).franjas[5]).toMatchObject({ restantes: 3 });
    });

    it('an order cancelled by the shop frees its place', async () => {
      ok(
        await post(server, '/api/pedido/cancelarpedidobypedidoid', shop.owner.token, {
          pedidoId: canceladoLuego,
        }),
        'cancelar',
      );
      const at = await franjasAt(shop, NOW);
      expect(at.franjas[1]).toMatchObject({
        inicio: slot('15:30'),
        disponible: true,
        restantes: 1,
      });
    });

    it('without a limit every slot is available and restantes is null', async () => {
      await setProgramacion(shop, { intervaloMin: 30, pedidosPorIntervalo: null });
      try {
        const at = await franjasAt(shop, NOW);
        expect(at.franjas).toHaveLength(6);
        for (const f of at.franjas) expect(f).toMatchObject({ disponible: true, restantes: null });
      } finally {
        await setProgramacion(shop, { intervaloMin: 30, pedidosPorIntervalo: 3 });
      }
    });
  });

  describe('with the checkout (the real guest order API)', () => {
    it('orders placed for a slot take its places; once full the checkout refuses it; a cancel frees one', async () => {
      // Open round the clock (no hours), on the real clock: a slot a couple of hours ahead.
      const shop = await tienda({
        programacion: { diasAdelante: 1, intervaloMin: 60, pedidosPorIntervalo: 2 },
      });
      const elegida = ok(await franjasDe(shop.owner.usuario), 'franjas').franjas[2]!;
      expect(elegida).toMatchObject({ disponible: true, restantes: 2 });
      const pedir = () =>
        postInvitado(
          server,
          guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], {
            programadoPara: elegida.inicio,
          }),
        );
      const primero = await pedir();
      expect(primero.status).toBe(201);
      expect((await pedir()).status).toBe(201);
      const lista = ok(await franjasDe(shop.owner.usuario), 'franjas').franjas;
      expect(lista.find((f) => f.inicio === elegida.inicio)).toMatchObject({
        disponible: false,
        restantes: 0,
      });
      expectError(await pedir(), 409, 'HORARIO_NO_DISPONIBLE', programacionMessages.lleno);

      ok(
        await post(server, '/api/pedido/cancelarpedidobypedidoid', shop.owner.token, {
          pedidoId: primero.body.pedido.id,
        }),
        'cancelar',
      );
      const otraVez = ok(await franjasDe(shop.owner.usuario), 'franjas').franjas;
      expect(otraVez.find((f) => f.inicio === elegida.inicio)).toMatchObject({
        disponible: true,
        restantes: 1,
      });
      expect((await pedir()).status).toBe(201);
    });
  });

  describe('who may ask and which shops answer', () => {
    it('anyone, without a session; never kept by a cache', async () => {
      // Open round the clock, a week of 15-minute slots: an answer worth compressing.
      const shop = await tienda({ programacion: { diasAdelante: 6, intervaloMin: 15 } });
      const res = await franjasDe(shop.owner.usuario);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      // Open round the clock (no hours): an order now takes preparacionMin.
      expect(res.body.ahoraMin).toBe(20);
      // Gzipped for a browser that takes it, the same listing.
      const gz = await server.call<Franjas>(`/api/tienda/franjas/${shop.owner.usuario}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('content-type')).toMatch(/^application\/json/);
      expect(gz.body).toEqual(res.body);
      // The shop's address as typed in any case, like the public page.
      const upper = await franjasDe(shop.owner.usuario.toUpperCase());
      expect(upper.status).toBe(200);
    });

    it('paused: ahoraMin null, while the slots for later stay on offer', async () => {
      const shop = await tienda({ programacion: { diasAdelante: 1, intervaloMin: 60 } });
      await pausar(server, shop, 30);
      const paused = ok(await franjasDe(shop.owner.usuario), 'franjas');
      expect(paused.ahoraMin).toBeNull();
      expect(paused.franjas.length).toBeGreaterThan(0);
      await pausar(server, shop, 0);
      expect(ok(await franjasDe(shop.owner.usuario), 'franjas').ahoraMin).toBe(20);
    });

    it('404 NO_ENCONTRADO for a shop the public page doesn’t show, exactly as the page answers', async () => {
      const sinAprobar = await createPublicShop(server, undefined);
      const apagada = await tienda();
      await setTiendaActiva(server, apagada, false);
      const borrada = await tienda();
      await db()
        .updateTable('tienda')
        .set({ deleted: 1 })
        .where('id', '=', borrada.tiendaId)
        .execute();
      // Approved and configured, with a category but nothing to sell.
      const vacia = await createOwner(server);
      await configureTienda(server, vacia, { nombre: 'Fonda Sin Platos' });
      await addCategoria(server, vacia, { title: 'Guisados' });
      ok(
        await post(server, '/api/tienda/approveTienda', adminToken(), { tiendaId: vacia.tiendaId }),
        'approveTienda',
      );
      for (const usuario of [
        'nadie-se-llama-asi',
        sinAprobar.owner.usuario,
        apagada.owner.usuario,
        borrada.owner.usuario,
        vacia.usuario,
      ]) {
        const res = await franjasDe(usuario);
        expectError(res, 404, 'NO_ENCONTRADO', 'La tienda no existe o no está disponible');
        const page = await server.call(`/api/tienda/publica/${usuario}`);
        expect({ usuario, status: page.status, body: page.body }).toEqual({
          usuario,
          status: res.status,
          body: res.body,
        });
      }
      // A shop that stops having anything to sell is hidden at once, also after a listing.
      const agotada = await tienda({ programacion: { diasAdelante: 1 } });
      expect((await franjasDe(agotada.owner.usuario)).status).toBe(200);
      await setProductoActivo(server, agotada, agotada.productos[0]!.id, false);
      expectError(
        await franjasDe(agotada.owner.usuario),
        404,
        'NO_ENCONTRADO',
        'La tienda no existe o no está disponible',
      );
      expect((await server.call(`/api/tienda/publica/${agotada.owner.usuario}`)).status).toBe(404);
      // Scheduling on does not make a hidden shop answer.
      await setProgramacion(sinAprobar, { diasAdelante: 6 });
      expect((await franjasDe(sinAprobar.owner.usuario)).status).toBe(404);
    });

    it('an address too long for any shop is 400, as on the public page', async () => {
      const usuario = 'x'.repeat(101);
      const res = await franjasDe(usuario);
      expect(res.status).toBe(400);
      expect((await server.call(`/api/tienda/publica/${usuario}`)).status).toBe(400);
    });
  });
});
