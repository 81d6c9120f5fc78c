import { isPedidoDesatendido } from '@tianguis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, useAdminServer, type TestServer } from '../../../test/build-test-app.js';
import { ok, post } from '../../../test/catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test/dialects.js';
import {
  createPublicShop,
  guestBody,
  guestCliente,
  newKey,
  PEDIDO,
  PEDIDO2,
  placeGuest,
  postManual,
  placeOrderOfNewShopper,
  tiendaPedidos,
  type Pedido,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import type { Notifier } from '../../notifier/notifier.js';
import { describeOnPostgres } from '../../../test/requires.js';

// Escalation (docs/api.md, "Escalación de pedidos sin aceptar"): an order still NUEVO
// `alertaEscalarS` after it was placed sends one SMS to the shop's phone and one email to its
// owner, once per order in total however many instances sweep, never for an order handled in
// time or typed by the owner, and never again after a restart.

interface Enviado {
  canal: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

/** The messages a server sends, kept in order (the notifier is the server's way out). */
function grabadora(): { notifier: Notifier; enviados: Enviado[] } {
  const enviados: Enviado[] = [];
  return {
    enviados,
    notifier: {
      async sendEmail({ to, subject, text }) {
        enviados.push({ canal: 'email', to, subject, text });
      },
      async sendSms({ to, text }) {
        enviados.push({ canal: 'sms', to, text });
      },
    },
  };
}

const sobre = (enviados: Enviado[], pedidoId: number) =>
  enviados.filter((m) => m.text.includes(`Pedido #${pedidoId} `));

async function esperar(condicion: () => boolean | Promise<boolean>, que: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condicion())) {
    if (Date.now() > deadline) throw new Error(`no llegó a pasar: ${que}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Backdates an order, as if placed `segundos` ago (what an hour of waiting looks like). */
async function envejecer(server: TestServer, pedidoId: number, segundos: number) {
  await server.app.database.db
    .updateTable('pedido')
    .set({ fecha: new Date(Date.now() - segundos * 1000).toISOString() })
    .where('id', '=', pedidoId)
    .execute();
}

async function escalado(server: TestServer, pedidoId: number): Promise<boolean> {
  const row = await server.app.database.db
    .selectFrom('pedido')
    .select('escalado')
    .where('id', '=', pedidoId)
    .executeTakeFirst();
  return row?.escalado === 1;
}

async function nuevoWeb(server: TestServer, shop: PublicShop): Promise<number> {
  return (await placeOrderOfNewShopper(server, shop)).pedidoId;
}

function expectAviso(enviados: Enviado[], pedido: { id: number }, shop: PublicShop) {
  const avisos = sobre(enviados, pedido.id);
  expect(avisos.map((m) => m.canal).sort()).toEqual(['email', 'sms']);
  const sms = avisos.find((m) => m.canal === 'sms')!;
  const email = avisos.find((m) => m.canal === 'email')!;
  expect(sms.to).toBe(shop.owner.celular);
  expect(email.to).toBe(shop.owner.email);
  expect(email.subject).toBe(`Pedido #${pedido.id} sin aceptar`);
  for (const m of avisos) {
    expect(m.text).toContain(`Pedido #${pedido.id}`);
    expect(m.text).toContain('sin aceptar');
    expect(m.text).toContain(`/pedidosdetalle?id=${pedido.id}`);
  }
}

/** Reads the owner's live stream until an event of `tipo` for the order arrives. */
async function esperarEvento(server: TestServer, token: string, pedidoId: number, tipo: string) {
  const controller = new AbortController();
  const response = await fetch(
    `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(token)}&lastEventId=0`,
    { signal: controller.signal },
  );
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const deadline = Date.now() + 10_000;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (const block of buffer.split('\n\n')) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const evento = JSON.parse(data.slice(6)) as { tipo: string; pedido: Pedido };
        if (evento.tipo === tipo && evento.pedido.id === pedidoId) return evento.pedido;
      }
    }
    throw new Error(`sin evento ${tipo} del pedido ${pedidoId}`);
  } finally {
    controller.abort();
  }
}

/**
 * The describe's server, sending through `notifier` and escalating orders left NUEVO for a second
 * (swept every 50 ms), and one public shop on it.
 */
const useEscalatingServer = (notifier: Notifier, nombre: string) =>
  useAdminServer(
    async (server, adminToken) => ({
      shop: await createPublicShop(server, adminToken, { nombre }),
    }),
    { notifier, config: { alertaEscalarS: 1, escalationEveryMs: 50 } },
  );

describe('escalation of orders left NUEVO (alertaEscalarS = 1 s)', () => {
  const { notifier, enviados } = grabadora();
  const { server, shop } = useEscalatingServer(notifier, 'Fonda Espera');

  it('an order left NUEVO sends one SMS and one email, once; the board shows escalado', async () => {
    const pedidoId = await nuevoWeb(server, shop);
    await esperar(() => sobre(enviados, pedidoId).length >= 2, 'aviso del pedido');
    expectAviso(enviados, { id: pedidoId }, shop);
    const lista = await tiendaPedidos(server, shop.owner.token);
    const pedido = lista.find((p) => p.id === pedidoId)!;
    expect(pedido).toMatchObject({ status: 'NUEVO', escalado: true });
    // Worth reading: who ordered, how much, and where to answer.
    for (const m of sobre(enviados, pedidoId)) {
      expect(m.text).toContain(pedido.nombreCompleto);
      expect(m.text).toContain('$ 19.99');
      expect(m.text).toContain(`${server.config.publicUrl}/pedidosdetalle?id=${pedidoId}`);
    }
    const sinAtender = await tiendaPedidos(server, shop.owner.token, { sinAtender: true });
    expect(sinAtender.map((p) => p.id)).toContain(pedidoId);
    // The live board hears of it (the event carries the whole order).
    const enVivo = await esperarEvento(server, shop.owner.token, pedidoId, 'ESCALADO');
    expect(enVivo).toMatchObject({ id: pedidoId, status: 'NUEVO', escalado: true });

    // A later order escalating means the sweep ran past the first one again: still one pair.
    const despues = await nuevoWeb(server, shop);
    await esperar(() => sobre(enviados, despues).length >= 2, 'aviso del segundo pedido');
    expect(sobre(enviados, pedidoId)).toHaveLength(2);
    // Accepting it now is still possible; it stays marked as escalated.
    const aceptado = await post(server, PEDIDO2.aceptar, shop.owner.token, {
      pedidoId,
      minutos: 15,
    });
    expect(ok(aceptado, 'aceptar')).toMatchObject({ status: 'ACEPTADO', escalado: true });
  });

  it('a guest order escalates too; an order the owner typed never does', async () => {
    const { pedido: invitado } = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
    );
    const { tiendaId: _ignored, ...manualBody } = guestBody(shop.tiendaId, [
      { productoId: shop.productos[0]!.id },
    ]);
    const manual = await postManual(
      server,
      shop.owner.token,
      { ...manualBody, cliente: guestCliente() },
      newKey(),
    );
    expect(manual.status).toBe(201);
    const manualId = manual.body.pedido.id;
    // Placed after the owner's order: once it has escalated, the owner's was due as well.
    const marcador = await nuevoWeb(server, shop);
    await esperar(() => sobre(enviados, marcador).length >= 2, 'aviso del marcador');
    await esperar(() => sobre(enviados, invitado.id).length >= 2, 'aviso del invitado');
    expectAviso(enviados, invitado, shop);
    expect(sobre(enviados, manualId)).toEqual([]);
    expect(await escalado(server, manualId)).toBe(false);
    const lista = await tiendaPedidos(server, shop.owner.token);
    expect(lista.find((p) => p.id === manualId)?.escalado).toBe(false);
  });
});

describe('escalation with a failing SMS or mail service', () => {
  const enviados: Enviado[] = [];
  const fallos: string[] = [];
  // The SMS service fails each message's first try; the mail service refuses one address.
  const intentados = new Set<string>();
  const notifier: Notifier = {
    async sendSms({ to, text }) {
      if (!intentados.has(text)) {
        intentados.add(text);
        fallos.push(text);
        throw new Error('proveedor de SMS caído');
      }
      enviados.push({ canal: 'sms', to, text });
    },
    async sendEmail({ to, subject, text }) {
      if (to === shop.owner.email) throw new Error('buzón lleno');
      enviados.push({ canal: 'email', to, subject, text });
    },
  };
  const { server, shop } = useEscalatingServer(notifier, 'Fonda Caída');

  it('a failed SMS is tried again; a mail that keeps failing stops neither it nor later orders', async () => {
    const primero = await nuevoWeb(server, shop);
    await esperar(() => sobre(enviados, primero).length >= 1, 'SMS tras reintentar');
    expect(
      sobre(
        fallos.map((text) => ({ canal: 'sms', to: '', text })),
        primero,
      ),
    ).toHaveLength(1);
    expect(sobre(enviados, primero).map((m) => m.canal)).toEqual(['sms']);
    const segundo = await nuevoWeb(server, shop);
    await esperar(() => sobre(enviados, segundo).length >= 1, 'el sondeo sigue');
    expect(await escalado(server, segundo)).toBe(true);
  });
});

describe('escalation never touches orders handled in time, and survives a restart', () => {
  let database: TestDatabase;
  let server: TestServer;
  const primera = grabadora();
  let shop: PublicShop;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Ten minutes: nothing escalates unless a test backdates it.
    server = await startTestServer({
      database,
      notifier: primera.notifier,
      config: { ...TEST_ADMIN, alertaEscalarS: 600, escalationEveryMs: 50 },
    });
    shop = await createPublicShop(server, await signInAdmin(server), { nombre: 'Fonda Atenta' });
  });
  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  it('accepted, completed or cancelled before the time: never escalated, no message', async () => {
    const token = shop.owner.token;
    const aceptado = await nuevoWeb(server, shop);
    ok(await post(server, PEDIDO2.aceptar, token, { pedidoId: aceptado, minutos: 20 }), 'aceptar');
    const completado = await nuevoWeb(server, shop);
    ok(await post(server, PEDIDO.completar, token, { pedidoId: completado }), 'completar');
    const cancelado = await nuevoWeb(server, shop);
    ok(await post(server, PEDIDO.cancelar, token, { pedidoId: cancelado }), 'cancelar');
    for (const id of [aceptado, completado, cancelado]) await envejecer(server, id, 3600);
    const marcador = await nuevoWeb(server, shop);
    await envejecer(server, marcador, 3600);
    await esperar(() => sobre(primera.enviados, marcador).length >= 2, 'aviso del marcador');
    for (const id of [aceptado, completado, cancelado]) {
      expect(sobre(primera.enviados, id)).toEqual([]);
      expect(await escalado(server, id)).toBe(false);
    }
    // An order younger than the limit waits; one abandoned for over a day is left alone.
    const joven = await nuevoWeb(server, shop);
    const abandonado = await nuevoWeb(server, shop);
    await envejecer(server, abandonado, 25 * 3600);
    const otroMarcador = await nuevoWeb(server, shop);
    await envejecer(server, otroMarcador, 3600);
    await esperar(() => sobre(primera.enviados, otroMarcador).length >= 2, 'segundo marcador');
    expect(await escalado(server, joven)).toBe(false);
    expect(await escalado(server, abandonado)).toBe(false);
    expect(sobre(primera.enviados, abandonado)).toEqual([]);
  });

  it('sinAtender answers exactly the orders the board’s rule (isPedidoDesatendido) picks', async () => {
    const token = shop.owner.token;
    const escaladoId = await nuevoWeb(server, shop);
    await envejecer(server, escaladoId, 3600);
    await esperar(() => escalado(server, escaladoId), 'escalado');
    const canceladoSinVer = await nuevoWeb(server, shop);
    const canceladoVisto = await nuevoWeb(server, shop);
    for (const id of [canceladoSinVer, canceladoVisto]) {
      if (id === canceladoVisto)
        ok(await post(server, PEDIDO2.visto, token, { pedidoId: id }), 'visto');
      ok(await post(server, PEDIDO.cancelar, token, { pedidoId: id }), 'cancelar');
    }
    const todos = await tiendaPedidos(server, token);
    const sinAtender = await tiendaPedidos(server, token, { sinAtender: true });
    expect(sinAtender.map((p) => p.id)).toEqual(todos.filter(isPedidoDesatendido).map((p) => p.id));
    expect(sinAtender.map((p) => p.id)).toContain(escaladoId);
    expect(sinAtender.map((p) => p.id)).toContain(canceladoSinVer);
    expect(sinAtender.map((p) => p.id)).not.toContain(canceladoVisto);
  });

  it('after a restart an order already escalated is not sent again', async () => {
    const pedidoId = await nuevoWeb(server, shop);
    await envejecer(server, pedidoId, 3600);
    await esperar(() => sobre(primera.enviados, pedidoId).length >= 2, 'aviso antes de reiniciar');
    await server.stop();

    const segunda = grabadora();
    server = await startTestServer({
      database,
      notifier: segunda.notifier,
      config: { ...TEST_ADMIN, alertaEscalarS: 600, escalationEveryMs: 50 },
    });
    const marcador = await nuevoWeb(server, shop);
    await envejecer(server, marcador, 3600);
    await esperar(() => sobre(segunda.enviados, marcador).length >= 2, 'aviso tras reiniciar');
    expect(sobre(segunda.enviados, pedidoId)).toEqual([]);
    expect(sobre(primera.enviados, pedidoId)).toHaveLength(2);
    const lista = await tiendaPedidos(server, shop.owner.token);
    expect(lista.find((p) => p.id === pedidoId)?.escalado).toBe(true);
  });
});

describeOnPostgres('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  const servers: TestServer[] = [];
  const grabadoras = [grabadora(), grabadora()];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const g of grabadoras) {
      servers.push(
        await startTestServer({
          database,
          notifier: g.notifier,
          // Both sweep often, so they keep meeting over the same orders.
          config: { ...TEST_ADMIN, alertaEscalarS: 1, escalationEveryMs: 20 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await database.drop();
  });

  it('each order is escalated exactly once in total', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const shop = await createPublicShop(a, await signInAdmin(a), { nombre: 'Fonda Doble' });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await nuevoWeb(i % 2 === 0 ? a : b, shop));
    const todos = () => grabadoras.flatMap((g) => g.enviados);
    for (const id of ids) await esperar(() => sobre(todos(), id).length >= 2, `aviso de ${id}`);
    // Later orders escalating: both sweeps went over the first ones again.
    const marcador = await nuevoWeb(b, shop);
    await esperar(() => sobre(todos(), marcador).length >= 2, 'aviso del marcador');
    for (const id of ids) {
      expectAviso(todos(), { id }, shop);
      // Both messages of an order come from the instance that claimed it.
      const deA = sobre(grabadoras[0]!.enviados, id).length;
      expect([0, 2]).toContain(deA);
    }
    const eventos = await a.app.database.db
      .selectFrom('pedido_evento')
      .select(['pedido_id'])
      .where('tipo', '=', 'ESCALADO')
      .execute();
    expect(eventos.map((e) => e.pedido_id).sort((x, y) => x - y)).toEqual(
      [...ids, marcador].sort((x, y) => x - y),
    );
  });
});
