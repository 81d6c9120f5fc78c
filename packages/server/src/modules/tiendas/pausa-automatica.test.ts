import { horaLocal } from '@tianguis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/build-test-app.js';
import { expectError, ok } from '../../../test/catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test/dialects.js';
import {
  call,
  createPublicShop,
  guestBody,
  newKey,
  nowInZone,
  PEDIDO,
  PEDIDO2,
  pausar,
  tiendaPedidos,
  updateTiendaCon,
  type PedidoConSeguimiento,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import {
  pollUntil,
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../../test/push-service.js';
import { describeOnPostgres } from '../../../test/requires.js';
import { startSmsProvider, type Sms } from '../../../test/sms-provider.js';
import { pauseTiendasDesbordadas } from './pausa-automatica.js';

// docs/api.md, "Orders for later" and "Third edition: fine points": a shop with the automatic
// pause on and `pedidosSinAceptar` orders NUEVO, not scheduled for later and older than
// ALERTA_ESCALAR_S pauses itself for 15 minutes (as `pausar` would), at most once per 15
// minutes, by one instance; its owner gets one Web Push and one SMS, 'Pausamos tu tienda 15
// min: tienes N pedidos sin aceptar'. Real servers with a short ALERTA_ESCALAR_S (1 s), a real
// SMS provider endpoint on this machine, and the push service stand-in that decrypts what it
// receives. Orders age in real time; the 15 minutes between pauses are moved by rewriting when
// the last pause happened, as the clock would.

const ALERTA_S = 1;
const QUINCE_MIN = 15 * 60_000;
const AVISO = (n: number) => `Pausamos tu tienda 15 min: tienes ${n} pedidos sin aceptar`;

/** The SMS provider stand-in, which can refuse pause messages, and the pauses a shop was told of. */
async function startPausasSmsProvider() {
  const sms = await startSmsProvider();
  const esPausa = (m: Sms) => m.text.startsWith('Pausamos');
  return Object.assign(sms, {
    /** Refuses (503) the next `n` pause messages. */
    fallar: (n: number) => sms.refuse(n, { which: esPausa }),
    /** The pause messages sent to this shop's owner (escalation's SMS go to the same phone). */
    pausasDe: (shop: PublicShop) =>
      sms.recibidos.filter((m) => m.to === `+52${shop.owner.celular}` && esPausa(m)),
  });
}

type SmsProvider = Awaited<ReturnType<typeof startPausasSmsProvider>>;

async function esperar(condicion: () => boolean | Promise<boolean>, que: string, ms = 15_000) {
  await pollUntil(condicion, ms, () => que);
}

let ipSequence = 0;

/**
 * A guest order, for now or for the slot `programadoPara`, from an address of its own (the
 * per-address limit stays away).
 */
async function pedidoInvitado(server: TestServer, shop: PublicShop, programadoPara?: string) {
  ipSequence += 1;
  const ip = `10.${process.pid % 250}.${Math.floor(ipSequence / 250) % 250}.${ipSequence % 250}`;
  const res = await call<PedidoConSeguimiento>(
    server,
    PEDIDO2.invitado,
    undefined,
    guestBody(
      shop.tiendaId,
      [{ productoId: shop.productos[0]!.id }],
      programadoPara === undefined ? {} : { programadoPara },
    ),
    { headers: { 'idempotency-key': newKey(), 'x-forwarded-for': ip } },
  );
  if (res.status !== 201) throw new Error(`invitado: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.pedido;
}

/**
 * Waits until the shop's orders have all waited ALERTA_ESCALAR_S: the escalation marks each
 * order at that same age, so the owner's board saying `escalado` is the clock's word for it.
 */
async function esperarVencidos(server: TestServer, shop: PublicShop, ids: number[]) {
  await esperar(
    async () => {
      const lista = await tiendaPedidos(server, shop.owner.token);
      return ids.every((id) => lista.find((p) => p.id === id)?.escalado === true);
    },
    `pedidos ${ids.join(', ')} sin aceptar más de ${ALERTA_S} s`,
  );
}

/** The owner turns the automatic pause on (or off) through updatetienda. */
async function ajustarPausa(
  server: TestServer,
  shop: PublicShop,
  pausaAutomatica: { activa: boolean; pedidosSinAceptar: number },
) {
  const res = await updateTiendaCon(server, shop, { pausaAutomatica });
  ok(res, 'updatetienda');
  const propia = res.body.find((t) => t.tiendaId === shop.tiendaId);
  expect(propia?.pausaAutomatica).toEqual(pausaAutomatica);
}

async function filaDeTienda(server: TestServer, shop: PublicShop) {
  return server.app.database.db
    .selectFrom('tienda')
    .select(['pausado_hasta', 'pausa_automatica_en', 'version'])
    .where('id', '=', shop.tiendaId)
    .executeTakeFirstOrThrow();
}

/** The last automatic pause moved `ms` into the past: what the clock does in that time. */
async function moverUltimaPausa(server: TestServer, shop: PublicShop, ms: number) {
  await server.app.database.db
    .updateTable('tienda')
    .set({ pausa_automatica_en: new Date(Date.now() - ms).toISOString() })
    .where('id', '=', shop.tiendaId)
    .execute();
}

async function paginaPublica(server: TestServer, shop: PublicShop) {
  const res = await server.call<{
    abierta: boolean;
    mensajeCerrada: string | null;
    tienda: { pausadoHasta: string | null };
  }>(`/api/tienda/publica/${encodeURIComponent(shop.owner.usuario)}`);
  expect(res.status).toBe(200);
  return res.body;
}

interface Entorno {
  server: TestServer;
  sms: SmsProvider;
  push: PushServiceStandIn;
  admin: string;
}

async function startEntorno(database?: TestDatabase, everyMs = 50): Promise<Entorno> {
  const sms = await startPausasSmsProvider();
  const push = await startPushServiceStandIn();
  const server = await startTestServer({
    ...(database && { database }),
    pushDelivery: { attempts: 3, firstRetryMs: 10, timeoutMs: 2_000 },
    config: {
      ...TEST_ADMIN,
      alertaEscalarS: ALERTA_S,
      escalationEveryMs: everyMs,
      smsUrl: sms.url,
      trustProxy: true,
    },
  });
  push.expectedVapidKey = (await server.call('/api/push/clavepublica')).body.publicKey;
  return { server, sms, push, admin: await signInAdmin(server) };
}

async function stopEntorno(e: Entorno, { drop }: { drop: boolean }) {
  if (drop) await e.server.destroy();
  else await e.server.stop();
  await e.sms.close();
  await e.push.close();
}

/** Subscribes one of the owner's devices to Web Push; answers its stand-in id. */
async function suscribirDueno(e: Entorno, shop: PublicShop): Promise<string> {
  const sub = e.push.subscribe();
  const res = await e.server.call('/api/push/suscribir', {
    body: sub.json,
    token: shop.owner.token,
  });
  expect(res.status).toBe(201);
  return sub.id;
}

const pausasPush = (e: Entorno, subId: string) =>
  e.push
    .received(subId)
    .map((m) => m.payload)
    .filter((p) => p.tipo === 'TIENDA_PAUSADA');

/**
 * A shop made due after everything a test set up, and waited for until it paused: the sweep's
 * query that found it ran after that setup, so it saw the other shops as they are now. With
 * several instances (`todos`), whichever claims it sends its SMS.
 */
async function cerca(e: Entorno, todos: Entorno[] = [e]): Promise<PublicShop> {
  const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Testigo' });
  const pedido = await pedidoInvitado(e.server, shop);
  await esperarVencidos(e.server, shop, [pedido.id]);
  await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 1 });
  await esperar(
    () => todos.flatMap((x) => x.sms.pausasDe(shop)).length === 1,
    'la pausa de la tienda testigo',
  );
  return shop;
}

/**
 * Passes run at once, as instances sweeping together do, an hour from now (when every pause so
 * far is over and its shop is due again): answers how many of them paused each shop.
 */
async function carrera(
  servers: TestServer[],
  tiendas: PublicShop[],
  pasadas = 8,
): Promise<number[]> {
  const now = new Date(Date.now() + 3_600_000);
  const hechas = await Promise.all(
    Array.from({ length: pasadas }, (_, i) =>
      pauseTiendasDesbordadas(
        { db: servers[i % servers.length]!.app.database.db },
        { alertaEscalarS: ALERTA_S, now },
      ),
    ),
  );
  return tiendas.map((shop) => hechas.flat().filter((h) => h.tiendaId === shop.tiendaId).length);
}

describe('the automatic pause (ALERTA_ESCALAR_S = 1 s)', () => {
  let e: Entorno;

  beforeAll(async () => {
    e = await startEntorno();
  });
  afterAll(() => stopEntorno(e, { drop: true }));

  it('N orders waiting: paused 15 min as pausar does; the owner gets one push and one SMS', async () => {
    const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Llena' });
    const dispositivos = [await suscribirDueno(e, shop), await suscribirDueno(e, shop)];
    await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 3 });
    const antes = await filaDeTienda(e.server, shop);
    const desde = Date.now();
    const pedidos = [];
    for (let i = 0; i < 3; i++) pedidos.push(await pedidoInvitado(e.server, shop));

    await esperar(() => e.sms.pausasDe(shop).length >= 1, 'el SMS de la pausa');
    const despues = Date.now();
    const fila = await filaDeTienda(e.server, shop);
    const pausadaEn = Date.parse(fila.pausa_automatica_en!);
    // Not before the third order had waited ALERTA_ESCALAR_S; well within the 15 s promised.
    const tercera = Date.parse(pedidos[2]!.fecha);
    expect(pausadaEn).toBeGreaterThanOrEqual(tercera + ALERTA_S * 1000);
    expect(pausadaEn - (tercera + ALERTA_S * 1000)).toBeLessThan(15_000);
    expect(Date.parse(fila.pausado_hasta!)).toBe(pausadaEn + QUINCE_MIN);
    expect(Date.parse(fila.pausado_hasta!)).toBeGreaterThanOrEqual(desde + QUINCE_MIN);
    expect(Date.parse(fila.pausado_hasta!)).toBeLessThanOrEqual(despues + QUINCE_MIN);
    // As pausar: a new version, so every cached answer of the shop is made again.
    expect(fila.version).toBeGreaterThan(antes.version);

    // The public page says so, and an order for now is refused with the same words.
    const hora = horaLocal(new Date(fila.pausado_hasta!), 'America/Mexico_City');
    const pagina = await paginaPublica(e.server, shop);
    expect(pagina).toMatchObject({
      abierta: false,
      mensajeCerrada: `La tienda pausó los pedidos hasta las ${hora}`,
      tienda: { pausadoHasta: fila.pausado_hasta },
    });
    const rechazado = await call(
      e.server,
      PEDIDO2.invitado,
      undefined,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
      { headers: { 'idempotency-key': newKey(), 'x-forwarded-for': '192.0.2.77' } },
    );
    expectError(rechazado, 400, 'TIENDA_PAUSADA', `La tienda pausó los pedidos hasta las ${hora}`);
    // The owner's own answer shows the pause too.
    const propia = ok(
      await e.server.call('/api/tienda/mitienda', { token: shop.owner.token }),
      'mitienda',
    );
    expect(propia.pausadoHasta).toBe(fila.pausado_hasta);

    // Each of the owner's devices gets the push, decrypted as the browser would.
    for (const id of dispositivos) {
      await esperar(() => pausasPush(e, id).length >= 1, 'el push de la pausa');
      expect(pausasPush(e, id)).toEqual([
        {
          tipo: 'TIENDA_PAUSADA',
          tiendaId: shop.tiendaId,
          pedidosSinAceptar: 3,
          pausadoHasta: fila.pausado_hasta,
          titulo: 'Tienda en pausa',
          cuerpo: AVISO(3),
          url: '/pedidos',
        },
      ]);
    }

    // Later passes (a shop paused after this one) change nothing and send nothing more.
    const testigo = await cerca(e);
    expect(e.sms.pausasDe(shop)).toEqual([{ to: `+52${shop.owner.celular}`, text: AVISO(3) }]);
    for (const id of dispositivos) expect(pausasPush(e, id)).toHaveLength(1);
    expect(await filaDeTienda(e.server, shop)).toEqual(fila);
    // Nobody else heard of it.
    expect(e.sms.pausasDe(testigo)).toEqual([
      { to: `+52${testigo.owner.celular}`, text: AVISO(1) },
    ]);
    expect(e.push.problems).toEqual([]);
  });

  it('N is every order counted: four waiting with the limit at three say 4', async () => {
    const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Cuatro' });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await pedidoInvitado(e.server, shop)).id);
    await esperarVencidos(e.server, shop, ids);
    await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 3 });
    await esperar(() => e.sms.pausasDe(shop).length >= 1, 'el SMS de la pausa');
    expect(e.sms.pausasDe(shop).map((m) => m.text)).toEqual([AVISO(4)]);
  });

  it('no pause: fewer than N, handled orders, orders for later, the setting off, already paused, closed', async () => {
    const tienda = (nombre: string) => createPublicShop(e.server, e.admin, { nombre });
    const owner = (s: PublicShop) => s.owner.token;

    // Two waiting, three needed.
    const pocos = await tienda('Fonda Pocos');
    const idsPocos = [
      (await pedidoInvitado(e.server, pocos)).id,
      (await pedidoInvitado(e.server, pocos)).id,
    ];
    await ajustarPausa(e.server, pocos, { activa: true, pedidosSinAceptar: 3 });

    // Four orders, of which only one is still NUEVO: accepted, cancelled, completed ones don't count.
    const atendida = await tienda('Fonda Atendida');
    const idsAtendida = [];
    for (let i = 0; i < 4; i++) idsAtendida.push((await pedidoInvitado(e.server, atendida)).id);
    ok(
      await call(e.server, PEDIDO2.aceptar, owner(atendida), {
        pedidoId: idsAtendida[0],
        minutos: 20,
      }),
      'aceptar',
    );
    ok(
      await call(e.server, PEDIDO.cancelar, owner(atendida), { pedidoId: idsAtendida[1] }),
      'cancelar',
    );
    ok(
      await call(e.server, PEDIDO.completar, owner(atendida), { pedidoId: idsAtendida[2] }),
      'completar',
    );
    await ajustarPausa(e.server, atendida, { activa: true, pedidosSinAceptar: 2 });

    // Two NUEVO orders, one of them for later: it waits for its time, not for an answer now.
    const programada = await tienda('Fonda Programada');
    ok(
      await updateTiendaCon(e.server, programada, {
        programacion: { activa: true, diasAdelante: 1, intervaloMin: 60, preparacionMin: 20 },
      }),
      'programación',
    );
    const { franjas } = ok(
      await e.server.call<{ franjas: { inicio: string; disponible: boolean }[] }>(
        `/api/tienda/franjas/${encodeURIComponent(programada.owner.usuario)}`,
      ),
      'franjas',
    );
    const franja = franjas.find((f) => f.disponible)!;
    const paraLuego = await pedidoInvitado(e.server, programada, franja.inicio);
    expect(paraLuego.programadoPara).toBe(franja.inicio);
    const idsProgramada = [paraLuego.id, (await pedidoInvitado(e.server, programada)).id];
    await ajustarPausa(e.server, programada, { activa: true, pedidosSinAceptar: 2 });

    // Three waiting, the setting off (its default).
    const apagada = await tienda('Fonda Apagada');
    const idsApagada = [];
    for (let i = 0; i < 3; i++) idsApagada.push((await pedidoInvitado(e.server, apagada)).id);
    await ajustarPausa(e.server, apagada, { activa: false, pedidosSinAceptar: 1 });

    // Paused by its owner for an hour: the automatic pause neither shortens nor repeats it.
    const pausada = await tienda('Fonda Pausada');
    const idsPausada = [(await pedidoInvitado(e.server, pausada)).id];
    const hastaDelDueno = await pausar(e.server, pausada, 60);
    await ajustarPausa(e.server, pausada, { activa: true, pedidosSinAceptar: 1 });

    // Closed today (a special day): it takes no orders for now, a pause would change nothing.
    const cerrada = await tienda('Fonda Cerrada');
    const idsCerrada = [(await pedidoInvitado(e.server, cerrada)).id];
    ok(
      await call(e.server, '/api/horariosdias/add', owner(cerrada), { fecha: nowInZone().fecha }),
      'día especial',
    );
    await ajustarPausa(e.server, cerrada, { activa: true, pedidosSinAceptar: 1 });

    // Each shop's last order is a plain one still NUEVO: once it has waited, all have.
    for (const [s, ids] of [
      [pocos, idsPocos],
      [atendida, idsAtendida],
      [programada, idsProgramada],
      [apagada, idsApagada],
      [pausada, idsPausada],
      [cerrada, idsCerrada],
    ] as const) {
      await esperarVencidos(e.server, s, [ids[ids.length - 1]!]);
    }
    await cerca(e);

    for (const s of [pocos, atendida, programada, apagada, cerrada]) {
      expect(await filaDeTienda(e.server, s)).toMatchObject({
        pausado_hasta: null,
        pausa_automatica_en: null,
      });
      expect((await paginaPublica(e.server, s)).tienda.pausadoHasta).toBeNull();
      expect(e.sms.pausasDe(s)).toEqual([]);
    }
    expect(await filaDeTienda(e.server, pausada)).toMatchObject({
      pausado_hasta: hastaDelDueno,
      pausa_automatica_en: null,
    });
    expect(e.sms.pausasDe(pausada)).toEqual([]);

    // The third order waiting tips the first shop over: the rule counts, it does not stop.
    const tercero = await pedidoInvitado(e.server, pocos);
    await esperar(() => e.sms.pausasDe(pocos).length >= 1, 'la pausa con el tercer pedido');
    expect(e.sms.pausasDe(pocos).map((m) => m.text)).toEqual([AVISO(3)]);
    expect(Date.parse((await filaDeTienda(e.server, pocos)).pausa_automatica_en!)).toBeGreaterThan(
      Date.parse(tercero.fecha),
    );
  });

  it('once per 15 minutes: resumed early with orders still waiting, it pauses again only 15 min after the first', async () => {
    const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Insistente' });
    const dispositivo = await suscribirDueno(e, shop);
    await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 2 });
    await pedidoInvitado(e.server, shop);
    await pedidoInvitado(e.server, shop);
    await esperar(() => e.sms.pausasDe(shop).length === 1, 'la primera pausa');

    // The owner resumes at once; the two orders are still there.
    expect(await pausar(e.server, shop, 0)).toBeNull();
    // Fourteen and a half minutes after the first pause: not yet.
    await moverUltimaPausa(e.server, shop, QUINCE_MIN - 30_000);
    await cerca(e);
    expect((await filaDeTienda(e.server, shop)).pausado_hasta).toBeNull();
    expect((await paginaPublica(e.server, shop)).abierta).toBe(true);
    expect(e.sms.pausasDe(shop)).toHaveLength(1);

    // Fifteen minutes after it: paused again, and told again.
    const desde = Date.now();
    await moverUltimaPausa(e.server, shop, QUINCE_MIN + 1_000);
    await esperar(() => e.sms.pausasDe(shop).length === 2, 'la segunda pausa');
    const fila = await filaDeTienda(e.server, shop);
    // A new pause, now (a pass already under way when the clock moved counts from its start).
    expect(Date.parse(fila.pausa_automatica_en!)).toBeGreaterThan(desde - 1_000);
    expect(Date.parse(fila.pausa_automatica_en!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(fila.pausado_hasta!)).toBe(
      Date.parse(fila.pausa_automatica_en!) + QUINCE_MIN,
    );
    expect((await paginaPublica(e.server, shop)).abierta).toBe(false);
    expect(e.sms.pausasDe(shop).map((m) => m.text)).toEqual([AVISO(2), AVISO(2)]);
    await esperar(() => pausasPush(e, dispositivo).length === 2, 'el segundo push');
  });

  it('passes running at once pause a due shop once', async () => {
    const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Carrera' });
    await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 1 });
    await pedidoInvitado(e.server, shop);
    await esperar(() => e.sms.pausasDe(shop).length === 1, 'la pausa del barrido');
    expect(await carrera([e.server], [shop])).toEqual([1]);
  });

  it('a failing SMS service is tried again; the pause stands either way', async () => {
    const shop = await createPublicShop(e.server, e.admin, { nombre: 'Fonda Sin Señal' });
    e.sms.fallar(1);
    await ajustarPausa(e.server, shop, { activa: true, pedidosSinAceptar: 1 });
    await pedidoInvitado(e.server, shop);
    await esperar(() => e.sms.pausasDe(shop).length === 1, 'el SMS tras reintentar');
    const intentos = e.sms.intentos.filter(
      (m) => m.to === `+52${shop.owner.celular}` && m.text.startsWith('Pausamos'),
    );
    expect(intentos).toHaveLength(2);
    expect((await filaDeTienda(e.server, shop)).pausado_hasta).not.toBeNull();
  });
});

describeOnPostgres('the automatic pause with two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  const entornos: Entorno[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both sweep often, so they keep meeting over the same shops.
    for (let i = 0; i < 2; i++) entornos.push(await startEntorno(database, 20));
  });
  afterAll(async () => {
    for (const e of entornos) await stopEntorno(e, { drop: false });
    await database.drop();
  });

  it('each shop is paused once, with one push and one SMS, whichever instance claims it', async () => {
    const [a, b] = entornos as [Entorno, Entorno];
    const tiendas: PublicShop[] = [];
    const dispositivos: string[] = [];
    const versiones: number[] = [];
    for (let i = 0; i < 4; i++) {
      const shop = await createPublicShop(a.server, a.admin, { nombre: `Fonda Doble ${i}` });
      tiendas.push(shop);
      // Each instance's stand-in is a push service of its own: the owner subscribes on one.
      dispositivos.push(await suscribirDueno(i % 2 === 0 ? a : b, shop));
      await ajustarPausa(i % 2 === 0 ? a.server : b.server, shop, {
        activa: true,
        pedidosSinAceptar: 2,
      });
      versiones.push((await filaDeTienda(a.server, shop)).version);
    }
    // Two orders each, one through each instance: every shop falls due a second later.
    for (const shop of tiendas) {
      await pedidoInvitado(a.server, shop);
      await pedidoInvitado(b.server, shop);
    }
    const sms = (shop: PublicShop) => [...a.sms.pausasDe(shop), ...b.sms.pausasDe(shop)];
    for (const shop of tiendas) {
      await esperar(() => sms(shop).length >= 1, `la pausa de ${shop.nombre}`);
    }
    // Later passes (shops paused after them, claimed by either instance) sent no more.
    await cerca(a, entornos);
    await cerca(b, entornos);
    for (const [i, shop] of tiendas.entries()) {
      expect(sms(shop)).toEqual([{ to: `+52${shop.owner.celular}`, text: AVISO(2) }]);
      const e = i % 2 === 0 ? a : b;
      await esperar(() => pausasPush(e, dispositivos[i]!).length >= 1, 'el push');
      expect(pausasPush(e, dispositivos[i]!)).toHaveLength(1);
      const fila = await filaDeTienda(a.server, shop);
      // One claim: one new version.
      expect(fila.version).toBe(versiones[i]! + 1);
      expect(fila.pausado_hasta).not.toBeNull();
    }
    expect([...a.push.problems, ...b.push.problems]).toEqual([]);

    // Passes of both instances at the very same moment: one of them wins each shop.
    expect(await carrera([a.server, b.server], tiendas, 10)).toEqual([1, 1, 1, 1]);
  });
});
