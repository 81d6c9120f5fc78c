import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config.js';
import { useTestServer } from '../../../test/build-test-app.js';
import { shopperPayload, type SignedIn } from '../../../test/factories.js';
import { callFrom, newAddress, type AddressedAnswer } from '../../../test/from-address.js';
import { registerUserFrom, signInFrom } from '../../../test/account-factories.js';
import { CUENTA } from '../../../test/rutas.js';

const TOO_MANY = {
  code: 'DEMASIADOS_INTENTOS',
  message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
};
const BAD_CREDENTIALS = {
  code: 'USUARIO_INCORRECTO_PASSWORD_INCORRECTO',
  message: 'El usuario o la contrasena es incorrecta',
};

describe('accounts: rate limits (default limits)', () => {
  const { server } = useTestServer({ config: { rateLimits: defaultRateLimits } });

  async function register(from: string): Promise<SignedIn> {
    const payload = shopperPayload();
    const res = await registerUserFrom(server, from, payload);
    expect(res.status).toBe(200);
    return {
      id: res.body.id,
      email: payload.email,
      password: payload.password,
      celular: payload.celular,
      token: '',
    };
  }

  function expectTooMany(res: AddressedAnswer) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(defaultRateLimits.windowMs / 1000);
  }

  it('10 failed sign-ins on one account from one address: the 11th from there is 429 even with the right password; the owner elsewhere and other accounts still sign in', async () => {
    const from = newAddress();
    const setup = newAddress();
    const target = await register(setup);
    const other = await register(setup);

    for (let i = 0; i < defaultRateLimits.signInFailuresPerAccount; i += 1) {
      const res = await signInFrom(server, from, {
        email: target.email,
        password: `Mala${i}Clave`,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(BAD_CREDENTIALS);
    }
    expectTooMany(await signInFrom(server, from, target));
    // The lock is on that account from that address, in any letter case (docs/reliability.md, "Limits")...
    expectTooMany(
      await signInFrom(server, from, {
        email: target.email.toUpperCase(),
        password: target.password,
      }),
    );
    // ...and the owner, from another address, is not locked out.
    const owner = await signInFrom(server, newAddress(), target);
    expect(owner.status).toBe(200);
    const ok = await signInFrom(server, from, other);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
  });

  it('20 failed sign-ins across accounts from one address: then 429; another address still works', async () => {
    const from = newAddress();
    const victim = await register(newAddress());
    for (let i = 0; i < defaultRateLimits.signInFailuresPerIp; i += 1) {
      const res = await signInFrom(server, from, {
        email: `nadie${i}.${victim.celular}@correo.com`,
        password: 'Cualquiera1',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(BAD_CREDENTIALS);
    }
    expectTooMany(await signInFrom(server, from, victim));
    const ok = await signInFrom(server, newAddress(), victim);
    expect(ok.status).toBe(200);
  });

  it('a successful sign-in does not count as a failure', async () => {
    const from = newAddress();
    const me = await register(newAddress());
    for (let i = 0; i < defaultRateLimits.signInFailuresPerIp + 5; i += 1) {
      const res = await signInFrom(server, from, me);
      expect(res.status).toBe(200);
    }
  });

  it('30 registrations from one address pass; the 31st is 429 and creates nothing', async () => {
    const from = newAddress();
    for (let i = 0; i < defaultRateLimits.registrationsPerIp; i += 1) {
      const res = await registerUserFrom(server, from, shopperPayload());
      expect(res.status).not.toBe(429);
      expect(res.status).toBe(200);
    }
    const refused = shopperPayload();
    expectTooMany(await registerUserFrom(server, from, refused));
    const stored = await server.app.database.db
      .selectFrom('account')
      .select('id')
      .where('email', '=', refused.email)
      .execute();
    expect(stored).toEqual([]);
    // Another address may still register.
    expect((await registerUserFrom(server, newAddress(), shopperPayload())).status).toBe(200);
  });

  // The email reset is never refused: its sending is throttled quietly
  // (account.reset-quiet.test.ts counts the emails).
  it('email reset requests: past the limit per address mailed to, still 200 from anywhere', async () => {
    const me = await register(newAddress());
    const from = newAddress();
    const path = `${CUENTA.emailReset}?email=${encodeURIComponent(me.email)}`;
    for (let i = 0; i < defaultRateLimits.resetRequestsPerTarget + 2; i += 1) {
      expect((await callFrom(server, from, path)).status).toBe(200);
    }
    expect((await callFrom(server, newAddress(), path)).status).toBe(200);
  });

  it('email reset requests: past the limit per client address, known or unknown, still 200', async () => {
    const from = newAddress();
    for (let i = 0; i < defaultRateLimits.resetRequestsPerIp + 2; i += 1) {
      const res = await callFrom(
        server,
        from,
        `${CUENTA.emailReset}?email=nadie${i}.${from}@correo.com`,
      );
      expect(res.status).toBe(200);
    }
  });

  // The phone reset is never refused either (account.reset-quiet.test.ts counts the texts).
  it('phone code requests: past the limit per phone and per client address, still 200 from anywhere', async () => {
    const me = await register(newAddress());
    const from = newAddress();
    for (let i = 0; i < defaultRateLimits.resetRequestsPerIp + 2; i += 1) {
      const res = await callFrom(server, from, CUENTA.phoneCode, { celular: me.celular });
      expect(res.status).toBe(200);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(
      (await callFrom(server, newAddress(), CUENTA.phoneCode, { celular: me.celular })).status,
    ).toBe(200);
  });

  it('phone code guesses: 20 wrong ones from one address, then 429', async () => {
    const from = newAddress();
    for (let i = 0; i < defaultRateLimits.signInFailuresPerIp; i += 1) {
      const res = await callFrom(server, from, CUENTA.phoneReset, {
        celular: `55000${String(i).padStart(5, '0')}`,
        password: 'CelNueva123',
        codigo: '123456',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CODIGO_INVALIDO');
    }
    expectTooMany(
      await callFrom(server, from, CUENTA.phoneReset, {
        celular: '5500099999',
        password: 'CelNueva123',
        codigo: '123456',
      }),
    );
  });

  it('sign-in attempts sent all at once are limited too: at most 10 wrong passwords are tried', async () => {
    const me = await register(newAddress());
    const from = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInFrom(server, from, { email: me.email, password: `Mala${i}Clave` }),
      ),
    );
    const tried = answers.filter((res) => res.status === 400).length;
    const limited = answers.filter((res) => res.status === 429).length;
    expect(tried + limited).toBe(answers.length);
    expect(tried).toBeLessThanOrEqual(defaultRateLimits.signInFailuresPerAccount);
  });
});
