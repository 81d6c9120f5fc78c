import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, loadConfig } from '../src/config.js';
import { readOutbox, startTestServer, useTestServer, type TestServer } from './build-test-app.js';
import { shopperPayload, shopPayload } from './factories.js';
import { callFrom, newAddress } from './from-address.js';
import { registerUserFrom, signInFrom } from './account-factories.js';
import { describeOnPostgres } from './requires.js';
import { startSmsProvider, type SmsProvider } from './sms-provider.js';
import { runToEnd } from './child-process.js';
import { CUENTA } from './rutas.js';

// docs/reliability.md, "Limits", the accounts: each test plays the attack first.

async function registerFrom(server: TestServer, from: string, overrides = {}) {
  const payload = shopperPayload(overrides);
  const res = await registerUserFrom(server, from, payload);
  expect(res.status).toBe(200);
  return { id: res.body.id as number, ...payload };
}

describe('hardening (accounts), default limits', () => {
  const { server } = useTestServer({ config: { rateLimits: defaultRateLimits } });

  it('failed registrations count: 30 attempts on taken emails, then 429 (enumeration bounded)', async () => {
    const from = newAddress();
    const taken = await registerFrom(server, newAddress());
    for (let i = 0; i < defaultRateLimits.registrationsPerIp; i += 1) {
      // Probing whether an address has an account: each answer says "taken".
      const res = await registerUserFrom(server, from, shopperPayload({ email: taken.email }));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('CORREO_EXISTENTE');
    }
    const probe = await registerUserFrom(server, from, shopperPayload({ email: taken.email }));
    expect(probe.status).toBe(429);
    expect(probe.body.code).toBe('DEMASIADOS_INTENTOS');
    // Phones are probed the same way: counted too.
    const phone = await registerUserFrom(server, from, shopperPayload({ celular: taken.celular }));
    expect(phone.status).toBe(429);
  });

  it('failed and successful registrations share the 30 per address', async () => {
    const from = newAddress();
    const taken = await registerFrom(server, newAddress());
    for (let i = 0; i < 15; i += 1) {
      expect((await registerUserFrom(server, from, shopperPayload())).status).toBe(200);
      const res = await registerUserFrom(server, from, shopperPayload({ email: taken.email }));
      expect(res.status).toBe(404);
    }
    expect((await registerUserFrom(server, from, shopperPayload())).status).toBe(429);
  });

  it('10 wrong passwords from one address do not lock the owner out: the right one from another address signs in', async () => {
    const attacker = newAddress();
    const owner = await registerFrom(server, newAddress());
    for (let i = 0; i < 10; i += 1) {
      const res = await signInFrom(server, attacker, {
        email: owner.email,
        password: `Mala${i}Clave`,
      });
      expect(res.status).toBe(400);
    }
    // The attacker's address is stopped on this account...
    const more = await signInFrom(server, attacker, owner);
    expect(more.status).toBe(429);
    // ...while the owner, elsewhere, signs in.
    const ok = await signInFrom(server, newAddress(), owner);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
  });

  it('after the sign-in failures, a reset by email and by phone can still be requested, from both addresses', async () => {
    const attacker = newAddress();
    const owner = await registerFrom(server, newAddress());
    for (let i = 0; i < defaultRateLimits.signInFailuresPerIp + 2; i += 1) {
      await signInFrom(server, attacker, { email: owner.email, password: `Mala${i}Clave` });
    }
    for (const from of [attacker, newAddress()]) {
      const byEmail = await callFrom(
        server,
        from,
        `${CUENTA.emailReset}?email=${encodeURIComponent(owner.email)}`,
      );
      expect(byEmail.status).toBe(200);
      const byPhone = await callFrom(server, from, CUENTA.phoneCode, { celular: owner.celular });
      expect(byPhone.status).toBe(200);
    }
  });

  it('an account is slowed down globally: 100 failures from many addresses, then 429 from anywhere', async () => {
    const owner = await registerFrom(server, newAddress());
    const total = defaultRateLimits.signInFailuresPerAccountTotal;
    const perAddress = defaultRateLimits.signInFailuresPerAccount;
    expect(total).toBeGreaterThanOrEqual(100);
    for (let a = 0; a < total / perAddress; a += 1) {
      const from = newAddress();
      const answers = await Promise.all(
        Array.from({ length: perAddress }, (_, i) =>
          signInFrom(server, from, { email: owner.email, password: `Mala${a}x${i}Clave` }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(perAddress).fill(400));
    }
    const after = await signInFrom(server, newAddress(), {
      email: owner.email,
      password: `OtraMala1`,
    });
    expect(after.status).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  it('an address carrying a second recipient or a header is refused at registration and at recovery', async () => {
    const from = newAddress();
    const injected = [
      'ana@correo.com,x@malo.mx',
      'ana@correo.com;x@malo.mx',
      'ana@correo.com\r\nBcc: x@malo.mx',
      'ana@correo.com\nbcc:x@m.mx',
      '<x@malo.mx>ana@c.com',
      'Ana <ana@correo.com>',
      'ana @correo.com',
      'ana@correo.com x@m.mx',
      'a"b"@correo.com',
      'ana@@correo.com',
      'ana@correo',
    ];
    for (const email of injected) {
      const reg = await registerUserFrom(server, from, shopPayload({ email }));
      expect({ email, status: reg.status }).toEqual({ email, status: 400 });
      expect(reg.body.code).toBe('VALIDACION');
      const reset = await callFrom(
        server,
        from,
        `${CUENTA.emailReset}?email=${encodeURIComponent(email)}`,
      );
      expect({ email, status: reset.status }).toEqual({ email, status: 400 });
    }
    const stored = await server.app.database.db
      .selectFrom('account')
      .select('email')
      .where('email', 'like', '%malo.mx%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('outside production without an SMS provider the outbox stands in, and the web app may offer the phone', async () => {
    const res = await server.call(CUENTA.recoveryMethods);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ celular: true });
  });
});

const PRODUCTION_SECRET = 'secreto-de-produccion-de-pruebas-'.repeat(2);

describe('hardening (accounts): production without an SMS provider', () => {
  // Production needs its JWT_SECRET (config.ts): the boot stops without one.
  const { server } = useTestServer({
    config: { production: true, jwtSecret: PRODUCTION_SECRET, smsUrl: undefined },
  });

  it('restaurarpassword answers 503 SMS_NO_DISPONIBLE pointing to the email reset, and writes no code anywhere', async () => {
    const owner = await registerFrom(server, newAddress());
    const res = await server.call(CUENTA.phoneCode, { body: { celular: owner.celular } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'SMS_NO_DISPONIBLE',
      message: 'No podemos enviar SMS en este momento. Recupera tu contraseña con tu correo.',
    });
    const codes = await server.app.database.db
      .selectFrom('phone_reset_code')
      .select('id')
      .where('account_id', '=', owner.id)
      .execute();
    expect(codes).toEqual([]);
    const files = await fs.readdir(server.outboxDir).catch(() => [] as string[]);
    expect(files.filter((name) => name.includes('-sms-'))).toEqual([]);
    // Unknown phones get the same answer: it must not tell which numbers have accounts.
    const unknown = await server.call(CUENTA.phoneCode, { body: { celular: '5599999999' } });
    expect(unknown.status).toBe(503);
  });

  it('the web app is told the phone reset is off', async () => {
    const res = await server.call(CUENTA.recoveryMethods);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ celular: false });
  });

  it('the email reset still works', async () => {
    const owner = await registerFrom(server, newAddress());
    const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(owner.email)}`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    const [mail] = await readOutbox(server.outboxDir, 1);
    expect(mail).toContain(owner.email);
  });
});

describe('hardening (accounts): with an SMS provider (SMS_URL)', () => {
  let provider: SmsProvider;
  beforeAll(async () => {
    provider = await startSmsProvider();
  });
  afterAll(() => provider.close());
  const { server } = useTestServer(() => ({
    config: {
      production: true,
      jwtSecret: PRODUCTION_SECRET,
      smsUrl: provider.url,
      smsToken: 'token-del-proveedor-123',
    },
  }));

  it('POSTs {to, text} with the bearer token; the code it carries resets the password', async () => {
    const owner = await registerFrom(server, newAddress());
    const res = await server.call(CUENTA.phoneCode, { body: { celular: owner.celular } });
    expect(res.status).toBe(200);
    // The text follows the answer.
    await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(1);
    const [sms] = provider.requests;
    expect(sms!.authorization).toBe('Bearer token-del-proveedor-123');
    expect(sms!.contentType).toMatch(/^application\/json/);
    const body = sms!.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    expect(body.to).toBe(`+52${owner.celular}`);
    const codigo = /\b(\d{6})\b/.exec(body.text)?.[1];
    expect(codigo).toBeDefined();
    const reset = await server.call(CUENTA.phoneReset, {
      body: { celular: owner.celular, password: 'CelNueva123', codigo },
    });
    expect(reset.status).toBe(200);
    const signIn = await server.call(CUENTA.signIn, {
      body: { email: owner.email, password: 'CelNueva123' },
    });
    expect(signIn.status).toBe(200);
    // Nothing went to the outbox.
    const files = await fs.readdir(server.outboxDir).catch(() => [] as string[]);
    expect(files.filter((name) => name.includes('-sms-'))).toEqual([]);
    expect((await server.call(CUENTA.recoveryMethods)).body).toEqual({ celular: true });
  });

  it('a provider that fails: the same 200 (the text follows the answer), and the unsent code is void', async () => {
    const owner = await registerFrom(server, newAddress());
    provider.refuse(1, { status: 500 });
    const res = await server.call(CUENTA.phoneCode, { body: { celular: owner.celular } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensaje: 'Te enviamos un código a tu celular.' });
    const codes = () =>
      server.app.database.db
        .selectFrom('phone_reset_code')
        .select(['id', 'used_at'])
        .where('account_id', '=', owner.id)
        .execute();
    // Written before the provider was asked, void once it failed.
    await expect
      .poll(async () => (await codes()).map((code) => code.used_at !== null), { timeout: 15_000 })
      .toEqual([true]);
    expect(provider.refusalsLeft()).toBe(0);
  });
});

describe('hardening (accounts): TRUST_PROXY', () => {
  it.each([
    'true',
    'TRUE',
    '*',
    '0.0.0.0/0',
    '::/0',
    '1',
    'all',
    '10.0.0.1,0.0.0.0/0',
    'proxy.local',
  ])('TRUST_PROXY=%s is refused with a message naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['loopback', 'loopback'],
    ['::1', '::1'],
    ['false', false],
    ['', false],
  ])('TRUST_PROXY=%s is read as %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('the server refuses to boot with TRUST_PROXY=true: exit code 1 and one line saying why', async () => {
    const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
    // A server that boots anyway is stopped, so the test fails instead of leaving it running.
    const { code, stdout, stderr } = await runToEnd(
      process.execPath,
      ['--import', 'tsx', serverEntry],
      { env: { PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true' }, killAfterMs: 20_000 },
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/TRUST_PROXY/);
    expect(lines[0]).not.toMatch(/\bat \//);
  }, 30_000);

  it('a client that is not a trusted proxy cannot dodge the per-address limit by rotating X-Forwarded-For', async () => {
    const server = await startTestServer({
      config: { rateLimits: defaultRateLimits, trustProxy: '10.9.8.7' },
    });
    try {
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= defaultRateLimits.signInFailuresPerIp; i += 1) {
        const res = await callFrom(
          server,
          from,
          CUENTA.signIn,
          { email: `nadie${i}@correo.com`, password: 'Cualquiera1' },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        );
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.destroy();
    }
  });
});

// PostgreSQL only: on SQLite one process serves the file and its counters stay in memory.
describeOnPostgres(
  'hardening (accounts): the limits are shared by two servers on one PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      first = await startTestServer({ config: { rateLimits: defaultRateLimits } });
      second = await startTestServer({
        config: { rateLimits: defaultRateLimits },
        database: first.database,
      });
    });
    afterAll(async () => {
      await second.stop();
      await first.destroy();
    });

    it('10 failures on one account from one address, split over both servers, then 429 on both; the owner elsewhere signs in', async () => {
      const attacker = newAddress();
      const owner = await registerFrom(first, newAddress());
      for (let i = 0; i < defaultRateLimits.signInFailuresPerAccount; i += 1) {
        const server = i % 2 === 0 ? first : second;
        const res = await signInFrom(server, attacker, {
          email: owner.email,
          password: `Mala${i}Clave`,
        });
        expect(res.status).toBe(400);
      }
      for (const server of [first, second]) {
        const res = await signInFrom(server, attacker, owner);
        expect(res.status).toBe(429);
      }
      const ok = await signInFrom(second, newAddress(), owner);
      expect(ok.status).toBe(200);
    });

    it('30 registration attempts from one address, split over both servers, then 429', async () => {
      const from = newAddress();
      const taken = await registerFrom(first, newAddress());
      for (let i = 0; i < defaultRateLimits.registrationsPerIp; i += 1) {
        const server = i % 2 === 0 ? first : second;
        const res = await registerUserFrom(server, from, shopperPayload({ email: taken.email }));
        expect(res.status).toBe(404);
      }
      for (const server of [first, second]) {
        const res = await registerUserFrom(server, from, shopperPayload());
        expect(res.status).toBe(429);
      }
    });
  },
);
