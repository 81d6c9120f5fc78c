import { randomUUID } from 'node:crypto';
import { SignJWT, base64url, decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type ApiResponse,
  type CallOptions,
  type TestServer,
} from '../../../test/build-test-app.js';
import {
  TEST_ADMIN,
  createShopper,
  createShopOwner,
  signInAdmin,
  type SignedIn,
} from '../../../test/factories.js';
import { CUENTA } from '../../../test/rutas.js';

const JWT_SECRET = 'pruebas-tianguis-secreto-de-firma-0123456789';

const NOT_SIGNED_IN = { code: 'NO_AUTENTICADO', message: 'Inicia sesión para continuar' };
const BAD_SESSION = { code: 'NO_AUTENTICADO', message: 'Tu sesión no es válida o ya expiró' };

function expectUnauthorized(res: ApiResponse, body: { code: string; message: string }) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual(body);
}

const encode = (value: unknown) => base64url.encode(JSON.stringify(value));

describe('accounts: tokens, listarlogin and logout', () => {
  const servers: TestServer[] = [];
  let server: TestServer;
  let admin: string;
  let shopper: SignedIn;
  let shop: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ config: { jwtSecret: JWT_SECRET, ...TEST_ADMIN } });
    servers.push(server);
    admin = await signInAdmin(server);
    shopper = await createShopper(server);
    shop = await createShopOwner(server);
  });
  afterAll(async () => {
    // The restarted server shares the first one's database: stop both, then drop it.
    for (const s of [...servers].reverse()) await s.destroy();
  });

  /** POST listarlogin; the first edition's client sends `{token}`, so there is always a body. */
  const list = (options: CallOptions = {}) =>
    server.call(CUENTA.list, { method: 'POST', body: {}, ...options });

  /** A token made with the server's own secret, from the claims of a real one. */
  async function forge(
    from: string,
    changes: JWTPayload,
    options: { alg?: string; secret?: string } = {},
  ): Promise<string> {
    const { iat: _iat, exp: _exp, ...claims } = decodeJwt(from);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, jti: randomUUID(), iat: now, exp: now + 3600, ...changes })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(options.secret ?? JWT_SECRET));
  }

  describe('listarlogin', () => {
    it('answers ADMIN the registered users, newest id first, in the documented shape', async () => {
      const res = await list({ token: admin });
      expect(res.status).toBe(200);
      const users = res.body as Record<string, unknown>[];
      expect(Array.isArray(users)).toBe(true);
      expect(users.length).toBeGreaterThanOrEqual(3);
      const ids = users.map((u) => u.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      for (const user of users) {
        expect(Object.keys(user).sort()).toEqual([
          'celular',
          'datetime',
          'email',
          'id',
          'tipoUsuario',
        ]);
        expect(Number.isNaN(Date.parse(String(user.datetime)))).toBe(false);
        expect(String(user.datetime)).toMatch(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
        );
      }
      expect(users).toEqual(
        expect.arrayContaining([
          {
            id: shopper.id,
            tipoUsuario: 'USUARIO',
            celular: shopper.celular,
            email: shopper.email,
            datetime: expect.any(String),
          },
          {
            id: shop.id,
            tipoUsuario: 'TIENDA',
            celular: shop.celular,
            email: shop.email,
            datetime: expect.any(String),
          },
          expect.objectContaining({ tipoUsuario: 'ADMIN', email: TEST_ADMIN.adminEmail }),
        ]),
      );
      expect(users[0]?.id).toBe(shop.id);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/argon2|scrypt|password|hash/i);
      expect(text).not.toContain(shopper.password);
    });

    it('shows a new registration at the top', async () => {
      const newest = await createShopper(server);
      const res = await list({ token: admin });
      expect(res.body[0]).toMatchObject({ id: newest.id, email: newest.email });
    });

    it.each([
      ['USUARIO', () => shopper.token],
      ['TIENDA', () => shop.token],
    ])('refuses %s with 403 PROHIBIDO', async (_role, token) => {
      const res = await list({ token: token() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'PROHIBIDO', message: 'No tienes permiso para hacer esto' });
    });

    it.each([
      ['no body and no header', { body: undefined, method: 'POST' }],
      ['an empty body', { body: {} }],
      ['an empty token in the body', { body: { token: '' } }],
    ] as const)(
      'refuses an anonymous caller (%s) with 401 NO_AUTENTICADO',
      async (_name, options) => {
        const res = await server.call(CUENTA.list, options);
        expectUnauthorized(res, NOT_SIGNED_IN);
      },
    );
  });

  describe('where the token is read', () => {
    it('accepts the token in the body {token}', async () => {
      const res = await list({ body: { token: admin } });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    });

    it('accepts the Bearer header', async () => {
      expect((await list({ token: admin })).status).toBe(200);
    });

    it('the header wins: a valid header with a garbage body token is accepted', async () => {
      expect((await list({ token: admin, body: { token: 'basura' } })).status).toBe(200);
    });

    it('the header wins: an invalid header with a valid body token is refused', async () => {
      const res = await list({ token: 'basura.basura.basura', body: { token: admin } });
      expectUnauthorized(res, BAD_SESSION);
    });

    it('the header wins: a USUARIO header with an ADMIN body token is 403', async () => {
      const res = await list({ token: shopper.token, body: { token: admin } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PROHIBIDO');
    });

    it('a non-Bearer Authorization header is not a token: the body token is used', async () => {
      const withBody = await list({
        headers: { authorization: `Basic ${admin}` },
        body: { token: admin },
      });
      expect(withBody.status).toBe(200);
      const without = await list({ headers: { authorization: `Basic ${admin}` }, body: {} });
      expect(without.status).toBe(401);
      expect(without.body.code).toBe('NO_AUTENTICADO');
    });
  });

  describe('forged, expired and broken tokens are 401', () => {
    it('control: a token signed with the server secret and complete claims is accepted', async () => {
      expect((await list({ token: await forge(admin, {}) })).status).toBe(200);
    });

    it('an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await forge(admin, { iat: now - 7200, exp: now - 60 });
      expectUnauthorized(await list({ token: expired }), BAD_SESSION);
      expectUnauthorized(await list({ body: { token: expired } }), BAD_SESSION);
    });

    it('a tampered payload (USUARIO turned ADMIN, signature kept)', async () => {
      const [header, , signature] = shopper.token.split('.');
      const payload = { ...decodeJwt(shopper.token), role: 'ADMIN' };
      const tampered = `${header}.${encode(payload)}.${signature}`;
      expectUnauthorized(await list({ token: tampered }), BAD_SESSION);
    });

    it('a signature made with another secret', async () => {
      const other = await forge(
        admin,
        {},
        { secret: 'otro-secreto-que-no-es-el-del-servidor-123' },
      );
      expectUnauthorized(await list({ token: other }), BAD_SESSION);
    });

    it('alg none', async () => {
      const payload = { ...decodeJwt(admin), jti: randomUUID() };
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
      expectUnauthorized(await list({ token: unsigned }), BAD_SESSION);
      expectUnauthorized(await list({ body: { token: unsigned } }), BAD_SESSION);
    });

    it.each(['HS384', 'HS512'])(
      '%s with the server secret (the algorithm is pinned)',
      async (alg) => {
        const token = await forge(admin, {}, { alg });
        expectUnauthorized(await list({ token }), BAD_SESSION);
      },
    );

    it('a correctly signed token missing the documented claims', async () => {
      const now = Math.floor(Date.now() / 1000);
      const bare = await new SignJWT({ role: 'ADMIN' })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(JWT_SECRET));
      expectUnauthorized(await list({ token: bare }), BAD_SESSION);
    });

    it('a correctly signed token for an account that does not exist', async () => {
      const ghost = await forge(admin, { certserialnumber: 999_999, sub: '999999' });
      expectUnauthorized(await list({ token: ghost }), BAD_SESSION);
    });

    it.each([
      ['a word', 'basura'],
      ['three dots', '...'],
      ['three garbage parts', 'a.b.c'],
      ['a UUID', '3f1c9d2e-8a4b-4c6d-9e0f-1a2b3c4d5e6f'],
      ['a long string', 'x'.repeat(3000)],
      ['a JWT with a broken JSON header', `${base64url.encode('{"alg":')}.e30.c2ln`],
    ])('garbage: %s', async (_name, token) => {
      expectUnauthorized(await list({ token }), BAD_SESSION);
      expectUnauthorized(await list({ body: { token } }), BAD_SESSION);
    });

    it('an empty Bearer header', async () => {
      const res = await list({ headers: { authorization: 'Bearer ' } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('NO_AUTENTICADO');
    });

    it('a body token of the wrong type is a 4xx, never a 5xx', async () => {
      for (const token of [12345, ['a'], { a: 1 }, null]) {
        const res = await list({ body: { token } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
      }
    });
  });

  describe('logout', () => {
    it('revokes that token only: it is refused afterwards, another token of the account still works', async () => {
      const first = await signInAdmin(server);
      const second = await signInAdmin(server);
      expect((await list({ token: first })).status).toBe(200);

      const res = await server.call(CUENTA.logout, { token: first, body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mensaje: 'SESION CERRADA' });

      expectUnauthorized(await list({ token: first }), BAD_SESSION);
      expectUnauthorized(await list({ body: { token: first } }), BAD_SESSION);
      expectUnauthorized(await server.call(CUENTA.logout, { token: first, body: {} }), BAD_SESSION);
      expect((await list({ token: second })).status).toBe(200);
    });

    it('accepts the token in the body, as the first edition client sends it', async () => {
      const me = await createShopper(server);
      const res = await server.call(CUENTA.logout, { body: { token: me.token } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mensaje: 'SESION CERRADA' });
      expectUnauthorized(
        await server.call(CUENTA.logout, { body: { token: me.token } }),
        BAD_SESSION,
      );
      // A shopper's live token gets 403 from listarlogin; a revoked one 401.
      expectUnauthorized(await list({ token: me.token }), BAD_SESSION);
    });

    it('with no token: 401 NO_AUTENTICADO', async () => {
      expectUnauthorized(await server.call(CUENTA.logout, { body: {} }), NOT_SIGNED_IN);
      expectUnauthorized(await server.call(CUENTA.logout, { method: 'POST' }), NOT_SIGNED_IN);
    });

    it('with a garbage or forged token: 401', async () => {
      expectUnauthorized(
        await server.call(CUENTA.logout, { token: 'basura', body: {} }),
        BAD_SESSION,
      );
      const other = await forge(
        admin,
        {},
        { secret: 'otro-secreto-que-no-es-el-del-servidor-123' },
      );
      expectUnauthorized(await server.call(CUENTA.logout, { token: other, body: {} }), BAD_SESSION);
    });

    it('a revocation survives a restart; tokens signed with the same secret keep working', async () => {
      const revoked = await signInAdmin(server);
      const kept = await signInAdmin(server);
      expect((await server.call(CUENTA.logout, { token: revoked, body: {} })).status).toBe(200);

      await server.stop();
      server = await startTestServer({
        database: server.database,
        config: { jwtSecret: JWT_SECRET, ...TEST_ADMIN },
      });
      servers.push(server);

      expectUnauthorized(await list({ token: revoked }), BAD_SESSION);
      expect((await list({ token: kept })).status).toBe(200);
      const fresh = await signInAdmin(server);
      expect((await list({ token: fresh })).status).toBe(200);
      // The data survived too: the users registered before the restart are listed.
      const users = (await list({ token: fresh })).body as { id: number }[];
      expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([shopper.id, shop.id]));
    });
  });
});
