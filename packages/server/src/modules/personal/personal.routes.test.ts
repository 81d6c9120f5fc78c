import {
  INVITACION_TTL_MS,
  MAX_PERSONAL,
  personalMessages,
  registroMessages,
} from '@tianguis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/build-test-app.js';
import {
  claimsOf,
  createShop,
  expectError,
  expectNotRevealed,
  expectValidation,
  post,
  type ShopSetup,
} from '../../../test/catalogo-factories.js';
import {
  createShopper,
  DEFAULT_PASSWORD,
  shopperPayload,
  signInAdmin,
  TEST_ADMIN,
  type SignedIn,
} from '../../../test/factories.js';
import { PEDIDO, placeOrder } from '../../../test/pedido-factories.js';
import {
  acceptInvitation,
  createStaff,
  invitationTokenOf,
  inviteStaff,
  listStaff,
  outboxInvitation,
  staffEmail,
  watchStream,
  type PersonalView,
} from '../../../test/personal-factories.js';
import { sha256 } from '../../lib/secrets.js';
import type { ErrorCode } from '../../http/app-error.js';

// docs/api.md, "Staff and the kitchen" and "Third edition: fine points". Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.

const VISTA_KEYS = ['email', 'estado', 'nombreCompleto', 'personalId', 'rol', 'ultimoAcceso'];

let server: TestServer;
let adminToken: string;
let shopA: ShopSetup;
let shopB: ShopSetup;
let shopper: SignedIn;

const db = () => server.app.database.db;

/** Every account and staff row: what a refusal must leave as it was. */
async function snapshot() {
  const [accounts, personal] = await Promise.all([
    db().selectFrom('account').selectAll().orderBy('id').execute(),
    db().selectFrom('personal').selectAll().orderBy('id').execute(),
  ]);
  return { accounts, personal };
}

async function personalRow(id: number) {
  return db().selectFrom('personal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function accountOf(email: string) {
  return db().selectFrom('account').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Moves an invitation's expiry to `at` (milliseconds since the epoch). */
async function setExpiry(personalId: number, at: number) {
  await db()
    .updateTable('personal')
    .set({ expira_en: new Date(at).toISOString() })
    .where('id', '=', personalId)
    .execute();
}

/** Accepting the invitation of `token` is refused with this error, and changes nothing. */
async function expectAcceptRefused(
  token: string,
  status: number,
  code: ErrorCode,
  message: string,
) {
  const before = await snapshot();
  const res = await acceptInvitation(server, { token, nombreCompleto: 'Luis Pérez' });
  expectError(res, status, code, message);
  expect(await snapshot()).toEqual(before);
}

/** Invites and answers the member and the token of the link it emailed. */
async function invite(owner: { token: string }, rol = 'CAJERO', nombreCompleto = 'Luis Pérez') {
  const email = staffEmail();
  const res = await inviteStaff(server, owner, { email, nombreCompleto, rol });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = invitationTokenOf(await outboxInvitation(server)(email));
  return { email, member: res.body, token };
}

function aceptarPedido(token: string, pedidoId: number) {
  return post(server, '/api/pedido/aceptarpedido', token, { pedidoId, minutos: 15 });
}

beforeAll(async () => {
  server = await startTestServer({
    config: { ...TEST_ADMIN, publicUrl: 'https://tianguis.example.mx', sseHeartbeatMs: 100 },
  });
  adminToken = await signInAdmin(server);
  const orderable = { radioMontoMinimo: 'no', montoMinimo: '' };
  shopA = await createShop(server, {
    adminToken,
    tienda: { ...orderable, nombre: 'Fonda Doña Lupe' },
  });
  shopB = await createShop(server, { adminToken, tienda: { ...orderable, nombre: 'Café Otro' } });
  shopper = await createShopper(server);
});
afterAll(() => server?.destroy());

describe('an invitation, from the email to the signed-in member', () => {
  it('emails a 72-hour link, keeps only its hash, and the accepted member signs in as PERSONAL', async () => {
    const email = staffEmail();
    const invited = await inviteStaff(server, shopA.owner, {
      email: `  ${email.toUpperCase()} `,
      nombreCompleto: 'Ana Cocina',
      rol: 'COCINA',
    });
    expect(invited.status).toBe(201);
    expect(Object.keys(invited.body).sort()).toEqual(VISTA_KEYS);
    expect(invited.body).toMatchObject({
      nombreCompleto: 'Ana Cocina',
      email,
      rol: 'COCINA',
      estado: 'INVITADO',
      ultimoAcceso: null,
    });

    const text = await outboxInvitation(server)(email);
    const token = invitationTokenOf(text);
    const enlace = `https://tianguis.example.mx/personal/aceptar?token=${token}`;
    expect(text).toBe(
      `Para: ${email}\nAsunto: ${personalMessages.asuntoInvitacion('Fonda Doña Lupe')}\n\n` +
        `${personalMessages.cuerpoInvitacion('Ana Cocina', 'Fonda Doña Lupe', 'COCINA', enlace)}\n`,
    );
    const row = await personalRow(invited.body.personalId);
    expect(row).toMatchObject({
      tienda_id: shopA.owner.tiendaId,
      account_id: null,
      estado: 'INVITADO',
      token_hash: sha256(token),
    });
    expect(Date.parse(row.expira_en) - Date.parse(row.invitado_en)).toBe(INVITACION_TTL_MS);
    expect(JSON.stringify(row)).not.toContain(token);

    let list = (await listStaff(server, shopA.owner)).body;
    expect(list.find((m) => m.personalId === invited.body.personalId)?.estado).toBe('INVITADO');

    // The name given when accepting wins over the invitation's.
    const accepted = await acceptInvitation(server, { token, nombreCompleto: 'Ana María Cocina' });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body)).toEqual(['token']);
    expect(claimsOf(accepted.body.token)).toMatchObject({
      role: 'PERSONAL',
      rol: 'COCINA',
      groupsid: shopA.owner.tiendaId,
    });
    const account = await accountOf(email);
    expect(account).toMatchObject({
      role: 'PERSONAL',
      usuario: 'N/A',
      celular: null,
      nombre_completo: 'Ana María Cocina',
    });
    expect(await personalRow(invited.body.personalId)).toMatchObject({
      account_id: account!.id,
      estado: 'ACTIVO',
      token_hash: null,
      nombre_completo: 'Ana María Cocina',
    });

    list = (await listStaff(server, shopA.owner)).body;
    const activo = list.find((m) => m.personalId === invited.body.personalId)!;
    expect(activo).toMatchObject({ estado: 'ACTIVO', nombreCompleto: 'Ana María Cocina' });
    expect(activo.ultimoAcceso).not.toBeNull();

    // Signing in again, with the password chosen: the same claims, and the last access moves.
    const signedIn = await server.call<{ token: string }>('/api/login/authenticate', {
      body: { email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(claimsOf(signedIn.body.token)).toMatchObject({
      role: 'PERSONAL',
      rol: 'COCINA',
      groupsid: shopA.owner.tiendaId,
    });
    const after = (await listStaff(server, shopA.owner)).body.find(
      (m) => m.personalId === invited.body.personalId,
    )!;
    expect(Date.parse(after.ultimoAcceso!)).toBeGreaterThanOrEqual(
      Date.parse(activo.ultimoAcceso!),
    );
    // Their token works for what their role may do.
    const pedidos = await post(server, PEDIDO.byTienda, signedIn.body.token, {});
    expect(pedidos.status).toBe(200);

    // The link works once.
    const before = await snapshot();
    const again = await acceptInvitation(server, { token, nombreCompleto: 'Otra Persona' });
    expectError(again, 400, 'INVITACION_INVALIDA', personalMessages.invitacionInvalida);
    expect(await snapshot()).toEqual(before);
  });

  it('lists invitations first, then active members, then removed ones, each by name', async () => {
    const { owner } = await createShop(server);
    const zoe = await createStaff(server, owner, 'CAJERO', 'Zoe Ruiz');
    const beto = await createStaff(server, owner, 'ENCARGADO', 'beto Álvarez');
    const quitado = await createStaff(server, owner, 'COCINA', 'Abel Quitado');
    const invitadoZ = await invite(owner, 'COCINA', 'Zacarías Nuevo');
    const invitadoA = await invite(owner, 'CAJERO', 'Álvaro Nuevo');
    expect(
      (
        await post(server, '/api/tienda/personal/baja', owner.token, {
          personalId: quitado.personalId,
        })
      ).status,
    ).toBe(200);
    // An expired invitation and a withdrawn one are left out.
    const vencida = await invite(owner, 'CAJERO', 'Vencida');
    await db()
      .updateTable('personal')
      .set({ expira_en: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', vencida.member.personalId)
      .execute();
    const retirada = await invite(owner, 'CAJERO', 'Retirada');
    await post(server, '/api/tienda/personal/baja', owner.token, {
      personalId: retirada.member.personalId,
    });

    const list = await listStaff(server, owner);
    expect(list.status).toBe(200);
    expect(list.body.map((m) => [m.nombreCompleto, m.estado])).toEqual([
      ['Álvaro Nuevo', 'INVITADO'],
      ['Zacarías Nuevo', 'INVITADO'],
      ['beto Álvarez', 'ACTIVO'],
      ['Zoe Ruiz', 'ACTIVO'],
      ['Abel Quitado', 'BAJA'],
    ]);
    for (const m of list.body) expect(Object.keys(m).sort()).toEqual(VISTA_KEYS);
    expect(list.body.map((m) => m.personalId)).toEqual([
      invitadoA.member.personalId,
      invitadoZ.member.personalId,
      beto.personalId,
      zoe.personalId,
      quitado.personalId,
    ]);
  });

  it('inviting a pending email again renews the same invitation: the old link stops working', async () => {
    const { owner } = await createShop(server);
    const first = await invite(owner, 'COCINA', 'Primera Vez');
    const again = await inviteStaff(server, owner, {
      email: first.email,
      nombreCompleto: 'Segunda Vez',
      rol: 'ENCARGADO',
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      personalId: first.member.personalId,
      nombreCompleto: 'Segunda Vez',
      rol: 'ENCARGADO',
      estado: 'INVITADO',
    });
    const second = invitationTokenOf(await outboxInvitation(server)(first.email));
    expect(second).not.toBe(first.token);
    const rows = await db()
      .selectFrom('personal')
      .select('id')
      .where('email', '=', first.email)
      .execute();
    expect(rows).toHaveLength(1);

    const before = await snapshot();
    expectError(
      await acceptInvitation(server, { token: first.token, nombreCompleto: 'Primera Vez' }),
      400,
      'INVITACION_INVALIDA',
      personalMessages.invitacionInvalida,
    );
    expect(await snapshot()).toEqual(before);
    const accepted = await acceptInvitation(server, { token: second, nombreCompleto: 'Segunda' });
    expect(accepted.status).toBe(200);
    expect(claimsOf(accepted.body.token).rol).toBe('ENCARGADO');
  });
});

describe('refusals that leave nothing half-written', () => {
  it('an email any account already has is 409 CORREO_EN_USO', async () => {
    const otherStaff = await createStaff(server, shopB.owner, 'CAJERO');
    for (const email of [shopA.owner.email, shopper.email, otherStaff.email]) {
      const before = await snapshot();
      const res = await inviteStaff(server, shopA.owner, {
        email: email.toUpperCase(),
        nombreCompleto: 'Alguien Más',
        rol: 'CAJERO',
      });
      expectError(res, 409, 'CORREO_EN_USO', personalMessages.correoEnUso);
      expect(await snapshot(), email).toEqual(before);
    }
  });

  it('a role the contract does not list, or a bad email or name, is 400 VALIDACION', async () => {
    const before = await snapshot();
    for (const rol of ['ADMIN', 'DUENO', '', 'cocina', 'PERSONAL']) {
      const res = await inviteStaff(server, shopA.owner, {
        email: staffEmail(),
        nombreCompleto: 'Rol Raro',
        rol,
      });
      expectValidation(res, personalMessages.rolInvalido);
    }
    const sinRol = await server.call('/api/tienda/personal', {
      token: shopA.owner.token,
      body: { email: staffEmail(), nombreCompleto: 'Sin Rol' },
    });
    expectValidation(sinRol, personalMessages.rolInvalido);
    const malCorreo = await inviteStaff(server, shopA.owner, {
      email: 'no-es-correo',
      nombreCompleto: 'Mal Correo',
      rol: 'CAJERO',
    });
    expectValidation(malCorreo, registroMessages.emailFormato);
    const sinNombre = await inviteStaff(server, shopA.owner, {
      email: staffEmail(),
      nombreCompleto: ' ',
      rol: 'CAJERO',
    });
    expectValidation(sinNombre, registroMessages.nombreCompletoMin);
    for (const bad of [
      { personalId: 1, rol: 'DUENO' },
      { personalId: 1, rol: '' },
    ]) {
      expectValidation(
        await post(server, '/api/tienda/personal/rol', shopA.owner.token, bad),
        personalMessages.rolInvalido,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown or expired link is 400 INVITACION_INVALIDA; a weak password is 400 and the link still works', async () => {
    const { token, member } = await invite(shopA.owner);
    const before = await snapshot();
    expectError(
      await acceptInvitation(server, { token: 'x'.repeat(43), nombreCompleto: 'Nadie' }),
      400,
      'INVITACION_INVALIDA',
      personalMessages.invitacionInvalida,
    );
    const weak = await acceptInvitation(server, {
      token,
      password: '123',
      nombreCompleto: 'Luis Pérez',
    });
    expectValidation(weak, registroMessages.passwordMin);
    expect(await snapshot()).toEqual(before);

    await setExpiry(member.personalId, Date.now() - 1);
    await expectAcceptRefused(
      token,
      400,
      'INVITACION_INVALIDA',
      personalMessages.invitacionInvalida,
    );

    // Given back its time, the same link works (the weak password spent nothing).
    await setExpiry(member.personalId, Date.now() + 60_000);
    expect((await acceptInvitation(server, { token, nombreCompleto: 'Luis Pérez' })).status).toBe(
      200,
    );
  });

  it('an invited email that gets an account before the link is used is 409 CORREO_EN_USO', async () => {
    const { email, token, member } = await invite(shopA.owner);
    const registered = await server.call('/api/login/registerUser', {
      body: shopperPayload({ email }),
    });
    expect(registered.status).toBe(200);
    await expectAcceptRefused(token, 409, 'CORREO_EN_USO', personalMessages.correoEnUso);
    expect(await personalRow(member.personalId)).toMatchObject({
      estado: 'INVITADO',
      account_id: null,
    });
    expect((await accountOf(email))?.role).toBe('USUARIO');
  });

  it('of two acceptances of one link at the same moment, exactly one wins', async () => {
    const { email, token, member } = await invite(shopA.owner);
    const answers = await Promise.all([
      acceptInvitation(server, { token, nombreCompleto: 'Primera Carrera' }),
      acceptInvitation(server, { token, nombreCompleto: 'Segunda Carrera' }),
      acceptInvitation(server, { token, nombreCompleto: 'Tercera Carrera' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) {
      expectError(a, 400, 'INVITACION_INVALIDA', personalMessages.invitacionInvalida);
    }
    const accounts = await db()
      .selectFrom('account')
      .select(['id', 'nombre_completo'])
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
    const row = await personalRow(member.personalId);
    expect(row.account_id).toBe(accounts[0]!.id);
    expect(row.nombre_completo).toBe(accounts[0]!.nombre_completo);
  });

  it(`a ${MAX_PERSONAL + 1}st active or invited member is 400 VALIDACION; expired and removed ones do not count`, async () => {
    const { owner } = await createShop(server);
    const activos = [
      await createStaff(server, owner, 'CAJERO'),
      await createStaff(server, owner, 'COCINA'),
    ];
    const invitados = [];
    for (let i = activos.length; i < MAX_PERSONAL; i += 1) {
      invitados.push(await invite(owner, 'COCINA', `Invitado ${i}`));
    }
    const tooMany = async () => {
      const before = await snapshot();
      const res = await inviteStaff(server, owner, {
        email: staffEmail(),
        nombreCompleto: 'Una Más',
        rol: 'CAJERO',
      });
      expectValidation(res, personalMessages.maximo);
      expect(await snapshot()).toEqual(before);
    };
    await tooMany();

    // Renewing a pending invitation adds nobody.
    const renewed = await inviteStaff(server, owner, {
      email: invitados[0]!.email,
      nombreCompleto: 'Invitado Otra Vez',
      rol: 'CAJERO',
    });
    expect(renewed.status).toBe(201);
    await tooMany();

    // An expired invitation frees its place.
    await db()
      .updateTable('personal')
      .set({ expira_en: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', invitados[1]!.member.personalId)
      .execute();
    expect((await invite(owner)).member.estado).toBe('INVITADO');
    await tooMany();

    // So does a removed member.
    expect(
      (
        await post(server, '/api/tienda/personal/baja', owner.token, {
          personalId: activos[0]!.personalId,
        })
      ).status,
    ).toBe(200);
    expect((await invite(owner)).member.estado).toBe('INVITADO');
    await tooMany();
    expect((await listStaff(server, owner)).body.filter((m) => m.estado !== 'BAJA')).toHaveLength(
      MAX_PERSONAL,
    );
  });
});

describe('invitations at the same moment', () => {
  it('never pass the limit, and one email invited twice at once makes one row', async () => {
    const { owner } = await createShop(server);
    for (let i = 0; i < MAX_PERSONAL - 2; i += 1) await invite(owner, 'COCINA', `Invitada ${i}`);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        inviteStaff(server, owner, {
          email: staffEmail(),
          nombreCompleto: `Carrera ${i}`,
          rol: 'CAJERO',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) {
      expectValidation(a, personalMessages.maximo);
    }
    expect((await listStaff(server, owner)).body).toHaveLength(MAX_PERSONAL);

    const { owner: otro } = await createShop(server);
    const email = staffEmail();
    const twice = await Promise.all(
      ['Uno', 'Dos'].map((nombreCompleto) =>
        inviteStaff(server, otro, { email, nombreCompleto, rol: 'CAJERO' }),
      ),
    );
    expect(twice.map((a) => a.status)).toEqual([201, 201]);
    expect(twice[0]!.body.personalId).toBe(twice[1]!.body.personalId);
    const rows = await db()
      .selectFrom('personal')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('who may manage the staff', () => {
  it("another owner can neither see, change nor remove a shop's staff (404), and unknown ids are 404", async () => {
    const miembro = await createStaff(server, shopA.owner, 'CAJERO', 'Marisol Secreta');
    const listB = await listStaff(server, shopB.owner);
    expect(listB.status).toBe(200);
    expectNotRevealed(listB, ['Marisol Secreta', miembro.email]);

    const before = await snapshot();
    for (const personalId of [miembro.personalId, 999_999]) {
      const rol = await post(server, '/api/tienda/personal/rol', shopB.owner.token, {
        personalId,
        rol: 'ENCARGADO',
      });
      expectError(rol, 404, 'NO_ENCONTRADO', personalMessages.noEncontrado);
      expectNotRevealed(rol, ['Marisol Secreta', miembro.email]);
      const baja = await post(server, '/api/tienda/personal/baja', shopB.owner.token, {
        personalId,
      });
      expectError(baja, 404, 'NO_ENCONTRADO', personalMessages.noEncontrado);
    }
    expect(await snapshot()).toEqual(before);
    expect((await post(server, PEDIDO.byTienda, miembro.token, {})).status).toBe(200);
  });

  it('staff of any role, shoppers and the admin get 403; no token gets 401', async () => {
    const staff = await Promise.all(
      (['ENCARGADO', 'CAJERO', 'COCINA'] as const).map((rol) =>
        createStaff(server, shopA.owner, rol),
      ),
    );
    const target = staff[1]!.personalId;
    const before = await snapshot();
    for (const token of [...staff.map((s) => s.token), shopper.token, adminToken]) {
      expectError(await listStaff(server, { token }), 403, 'PROHIBIDO');
      expectError(
        await inviteStaff(
          server,
          { token },
          {
            email: staffEmail(),
            nombreCompleto: 'Colado',
            rol: 'CAJERO',
          },
        ),
        403,
        'PROHIBIDO',
      );
      expectError(
        await post(server, '/api/tienda/personal/rol', token, {
          personalId: target,
          rol: 'COCINA',
        }),
        403,
        'PROHIBIDO',
      );
      expectError(
        await post(server, '/api/tienda/personal/baja', token, { personalId: target }),
        403,
        'PROHIBIDO',
      );
    }
    expect((await server.call('/api/tienda/personal')).status).toBe(401);
    expect(
      (await post(server, '/api/tienda/personal/baja', undefined, { personalId: target })).status,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("staff act on their own shop's orders only", async () => {
    const cajeroA = await createStaff(server, shopA.owner, 'ENCARGADO');
    const pedidoA = await placeOrder(server, shopper, shopA);
    const pedidoB = await placeOrder(server, shopper, shopB);
    const list = await post(server, PEDIDO.byTienda, cajeroA.token, {});
    expect(list.status).toBe(200);
    const ids = (list.body as { id: number }[]).map((p) => p.id);
    expect(ids).toContain(pedidoA);
    expect(ids).not.toContain(pedidoB);

    const refused = await aceptarPedido(cajeroA.token, pedidoB);
    expect([403, 404]).toContain(refused.status);
    const status = await db()
      .selectFrom('pedido')
      .select('status')
      .where('id', '=', pedidoB)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('NUEVO');
    expect((await aceptarPedido(cajeroA.token, pedidoA)).status).toBe(200);
  });
});

describe('role changes and removals apply to the tokens already issued', () => {
  it('a COCINA token refused to accept orders may accept them once the role is CAJERO', async () => {
    const cocina = await createStaff(server, shopA.owner, 'COCINA', 'Chef Rol');
    const pedidoId = await placeOrder(server, shopper, shopA);
    expectError(await aceptarPedido(cocina.token, pedidoId), 403, 'PROHIBIDO');

    const changed = await post(server, '/api/tienda/personal/rol', shopA.owner.token, {
      personalId: cocina.personalId,
      rol: 'CAJERO',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      personalId: cocina.personalId,
      rol: 'CAJERO',
      estado: 'ACTIVO',
      nombreCompleto: 'Chef Rol',
    });
    const accepted = await aceptarPedido(cocina.token, pedidoId);
    expect(accepted.status).toBe(200);
    expect(accepted.body.aceptadoPor).toEqual({ nombreCompleto: 'Chef Rol', rol: 'CAJERO' });
    const listed = (await listStaff(server, shopA.owner)).body as PersonalView[];
    expect(listed.find((m) => m.personalId === cocina.personalId)?.rol).toBe('CAJERO');

    // A pending invitation's role may change too: it is the role the member starts with.
    const pending = await invite(shopA.owner, 'COCINA');
    expect(
      (
        await post(server, '/api/tienda/personal/rol', shopA.owner.token, {
          personalId: pending.member.personalId,
          rol: 'ENCARGADO',
        })
      ).body.rol,
    ).toBe('ENCARGADO');
    const joined = await acceptInvitation(server, {
      token: pending.token,
      nombreCompleto: 'Nuevo Encargado',
    });
    expect(claimsOf(joined.body.token).rol).toBe('ENCARGADO');
  });

  it('a removal makes every token of the member 401 and their sign-in refused; repeating it changes nothing', async () => {
    const cajero = await createStaff(server, shopA.owner, 'CAJERO', 'Cajero Saliente');
    const secondToken = (
      await server.call<{ token: string }>('/api/login/authenticate', {
        body: { email: cajero.email, password: cajero.password },
      })
    ).body.token;
    const versionBefore = (await accountOf(cajero.email))!.token_version;

    const removed = await post(server, '/api/tienda/personal/baja', shopA.owner.token, {
      personalId: cajero.personalId,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ personalId: cajero.personalId, estado: 'BAJA' });
    const row = await personalRow(cajero.personalId);
    expect(row.baja_en).not.toBeNull();
    expect(row.token_hash).toBeNull();
    expect((await accountOf(cajero.email))!.token_version).toBe(versionBefore + 1);

    // Their token version moved, so the tokens read as any revoked session.
    for (const token of [cajero.token, secondToken]) {
      expectError(
        await post(server, PEDIDO.byTienda, token, {}),
        401,
        'NO_AUTENTICADO',
        'Tu sesión no es válida o ya expiró',
      );
    }
    const signIn = await server.call('/api/login/authenticate', {
      body: { email: cajero.email, password: cajero.password },
    });
    expectError(signIn, 401, 'NO_AUTENTICADO', personalMessages.dadoDeBaja);

    const before = await snapshot();
    const again = await post(server, '/api/tienda/personal/baja', shopA.owner.token, {
      personalId: cajero.personalId,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(removed.body);
    expect(await snapshot()).toEqual(before);

    // A removed member's role cannot change, and they stay listed as removed.
    expectError(
      await post(server, '/api/tienda/personal/rol', shopA.owner.token, {
        personalId: cajero.personalId,
        rol: 'ENCARGADO',
      }),
      404,
      'NO_ENCONTRADO',
      personalMessages.noEncontrado,
    );
    const listed = (await listStaff(server, shopA.owner)).body;
    expect(listed.find((m) => m.personalId === cajero.personalId)?.estado).toBe('BAJA');
  });

  it('removing an invitation voids its link; the email may be invited again', async () => {
    const { email, token, member } = await invite(shopA.owner);
    expect(
      (
        await post(server, '/api/tienda/personal/baja', shopA.owner.token, {
          personalId: member.personalId,
        })
      ).body.estado,
    ).toBe('BAJA');
    expectError(
      await acceptInvitation(server, { token, nombreCompleto: 'Luis Pérez' }),
      400,
      'INVITACION_INVALIDA',
      personalMessages.invitacionInvalida,
    );
    const again = await inviteStaff(server, shopA.owner, {
      email,
      nombreCompleto: 'Luis Pérez',
      rol: 'COCINA',
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ personalId: member.personalId, estado: 'INVITADO' });
  });

  it("a removal closes the member's live order stream", async () => {
    const cajero = await createStaff(server, shopA.owner, 'CAJERO');
    const controller = new AbortController();
    const response = await fetch(
      `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(cajero.token)}`,
      { signal: controller.signal },
    );
    expect(response.status).toBe(200);
    const stream = watchStream(response);
    // Live before the removal: a new order reaches it.
    const pedidoId = await placeOrder(server, shopper, shopA);
    expect(await stream.until(() => stream.text.includes(`"id":${pedidoId}`))).toBe(true);
    expect(stream.ended).toBe(false);

    await post(server, '/api/tienda/personal/baja', shopA.owner.token, {
      personalId: cajero.personalId,
    });
    const ended = await stream.until(() => stream.ended);
    controller.abort();
    expect(ended).toBe(true);
  });
});
