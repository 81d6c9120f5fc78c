import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, useAdminServer, type TestServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addProducto,
  configureTienda,
  createOwner,
  expectError,
  listFor,
  post,
  type Owner,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import { startSmsProvider, type SmsProvider } from '../../../test/sms-provider.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Shop approval": approveTienda tells the owner by email ('Tu tienda … ya está
// publicada', with the shop's public link) and, when an SMS provider is set, by SMS; once, when
// the shop goes from pending to approved. The messages go through the server's notifier: the
// outbox here (no SMTP), the provider's HTTP endpoint for SMS.

/** A shop ready to be seen: configured, with a category holding an active product. */
async function shopLista(server: TestServer, nombre: string): Promise<Owner> {
  const owner = await createOwner(server);
  await configureTienda(server, owner, { nombre });
  const categoria = await addCategoria(server, owner, { title: 'Tacos' });
  await addProducto(server, owner, categoria.id, { name: 'Taco de pastor', price: 22 });
  return owner;
}

function enlace(server: TestServer, owner: Owner): string {
  return `${server.config.publicUrl.replace(/\/+$/, '')}/tienda/${owner.usuario}`;
}

/** The outbox files addressed to this owner (email by address, SMS by phone). */
async function mensajesPara(server: TestServer, owner: Owner, count = 1): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const todos = await readOutbox(server.outboxDir, 0);
    const suyos = todos.filter(
      (t) => t.startsWith(`Para: ${owner.email}\n`) || t.startsWith(`Para: +52${owner.celular}\n`),
    );
    if (suyos.length >= count || Date.now() > deadline) return suyos;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('approveTienda: the owner hears of it (no SMS provider)', () => {
  const { server, adminToken } = useAdminServer();

  it("writes one email 'Tu tienda … ya está publicada' with the shop's link; no SMS without a provider", async () => {
    const owner = await shopLista(server, 'Taquería Los Compadres');
    const res = await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId });
    expect(res.status).toBe(200);

    const [correo, ...otros] = await mensajesPara(server, owner);
    expect(otros).toEqual([]);
    expect(correo).toBeDefined();
    const lineas = correo!.split('\n');
    expect(lineas[0]).toBe(`Para: ${owner.email}`);
    expect(lineas[1]).toBe('Asunto: Tu tienda Taquería Los Compadres ya está publicada');
    expect(lineas).toContain(enlace(server, owner));
    expect(correo).toContain('Tus clientes ya pueden ver tu menú y hacerte pedidos.');

    // Approving it again changes nothing and sends nothing more.
    expect(
      (await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mensajesPara(server, owner)).toHaveLength(1);
    expect((await readOutbox(server.outboxDir, 0)).some((t) => t.startsWith('Para: +52'))).toBe(
      false,
    );
  });

  it('a shop approved before it is ready: the email says what shoppers still need', async () => {
    // Just registered: no name yet (the registration's 'N/A'), nothing to sell.
    const owner = await createOwner(server);
    expect(
      (await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId })).status,
    ).toBe(200);
    const [correo] = await mensajesPara(server, owner);
    expect(correo).toContain('Asunto: Tu tienda ya está publicada\n');
    expect(correo).toContain(enlace(server, owner));
    expect(correo).toContain('Todavía no aparece para tus clientes');
  });

  it('only the ADMIN approves; an unknown shop is 404; neither sends anything', async () => {
    const owner = await shopLista(server, 'Fonda Doña Mari');
    const shopper = await createShopper(server);
    const antes = (await readOutbox(server.outboxDir, 0)).length;
    expect(
      (await post(server, TIENDA.approve, owner.token, { tiendaId: owner.tiendaId })).status,
    ).toBe(403);
    expect(
      (await post(server, TIENDA.approve, shopper.token, { tiendaId: owner.tiendaId })).status,
    ).toBe(403);
    expectError(
      await post(server, TIENDA.approve, adminToken(), { tiendaId: 987_654 }),
      404,
      'NO_ENCONTRADO',
      'La tienda no existe',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await readOutbox(server.outboxDir, 0)).length).toBe(antes);
  });
});

describe('approveTienda with an SMS provider', () => {
  let provider: SmsProvider;
  beforeAll(async () => {
    provider = await startSmsProvider();
  });
  afterAll(() => provider.close());
  const { server, adminToken } = useAdminServer(undefined, () => ({
    config: { smsUrl: provider.url, smsToken: 'token-sms' },
  }));

  it("sends the email to the outbox and an SMS with the shop's link to the owner's phone", async () => {
    const owner = await shopLista(server, 'Tortas El Güero');
    const res = await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId });
    expect(res.status).toBe(200);
    const [correo] = await mensajesPara(server, owner);
    expect(correo).toContain('Asunto: Tu tienda Tortas El Güero ya está publicada');
    const deadline = Date.now() + 5000;
    while (provider.recibidos.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(provider.recibidos).toEqual([
      {
        to: `+52${owner.celular}`,
        text: `Tianguis: Tu tienda Tortas El Güero ya está publicada. Compártela: ${enlace(server, owner)}`,
      },
    ]);
  });
});

describe('approveTienda when the mail and SMS services fail', () => {
  const { server, adminToken } = useAdminServer(undefined, {
    config: { smsUrl: 'http://127.0.0.1:1/sms' },
    notifier: {
      sendEmail: () => Promise.reject(new Error('buzón lleno')),
      sendSms: () => Promise.reject(new Error('proveedor caído')),
    },
  });

  it('the shop is approved anyway (the failure is only logged)', async () => {
    const owner = await shopLista(server, 'Pozolería Guerrero');
    const res = await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId });
    expect(res.status).toBe(200);
    const publicas = await listFor(server);
    expect(publicas.some((t) => t.tiendaId === owner.tiendaId)).toBe(true);
  });
});
