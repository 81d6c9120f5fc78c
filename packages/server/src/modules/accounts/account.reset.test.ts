import { describe, expect, it } from 'vitest';
import { readOutbox, type ApiResponse, useTestServer } from '../../../test/build-test-app.js';
import {
  shopperPayload,
  createShopper,
  createShopOwner,
  type SignedIn,
} from '../../../test/factories.js';
import { CUENTA } from '../../../test/rutas.js';

const EMAIL_SENT = { mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' };
const UPDATED = { mensaje: 'Contrasena actualizada.' };
const CODE_SENT = { mensaje: 'Te enviamos un código a tu celular.' };
const BAD_SECRET = {
  code: 'SECRETO_INVALIDO',
  message: 'El enlace para recuperar la contraseña no es válido o ya expiró',
};
const BAD_CODE = { code: 'CODIGO_INVALIDO', message: 'El código no es válido o ya expiró' };
const LINK = /:\/\/[^/\s]+\/recuperar-contrasena\?secret=([A-Za-z0-9_-]+)/;

interface ErrorBody {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

function expectError(
  res: ApiResponse<ErrorBody>,
  status: number,
  body: { code: string; message: string },
) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual(body);
}

function expectValidation(res: ApiResponse<ErrorBody>, message: string, field?: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDACION');
  expect(res.body.message).toBe(message);
  if (field !== undefined) {
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  }
}

describe('accounts: password resets', () => {
  const { server } = useTestServer();
  const seen = new Set<string>();

  const db = () => server.app.database.db;
  /** The phone reset: a new password with the code texted to `celular`. */
  const resetByPhone = (celular: string, codigo: unknown, password: string) =>
    server.call(CUENTA.phoneReset, { body: { celular, password, codigo } });
  /** Moves the account's reset secrets or codes past their expiry. */
  const expireAll = (table: 'password_reset_secret' | 'phone_reset_code', accountId: number) =>
    db()
      .updateTable(table)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', accountId)
      .execute();

  /** The outbox messages written since the last call (each text holds a unique secret or code). */
  async function newMessages(count = 1): Promise<string[]> {
    const all = await readOutbox(server.outboxDir, seen.size + count);
    const fresh = all.filter((text) => !seen.has(text));
    for (const text of fresh) seen.add(text);
    return fresh;
  }

  async function outboxSize(): Promise<number> {
    return (await readOutbox(server.outboxDir, 0)).length;
  }

  const signIn = (email: string, password: string) =>
    server.call<{ token: string }>(CUENTA.signIn, { body: { email, password } });

  /** 403 for a live USUARIO/TIENDA token, 401 for a dead one. */
  const sessionStatus = async (token: string) =>
    (await server.call('/api/login/listarlogin', { token, body: {} })).status;

  async function requestSecret(email: string): Promise<string> {
    const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(email)}`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    const mail = (await newMessages(1))[0] ?? '';
    const secret = LINK.exec(mail)?.[1];
    if (!secret) throw new Error(`sin enlace en el correo: ${mail}`);
    return secret;
  }

  async function requestCode(celular: string): Promise<string> {
    const res = await server.call(CUENTA.phoneCode, { body: { celular } });
    expect(res.status).toBe(200);
    const sms = (await newMessages(1))[0] ?? '';
    const code = /\b(\d{6})\b/.exec(sms.replace(/\+52\d{10}/, ''))?.[1];
    if (!code) throw new Error(`sin código en el SMS: ${sms}`);
    return code;
  }

  /** The password still in force: the old one signs in, the proposed one does not. */
  async function expectPasswordUnchanged(me: SignedIn, refused: string) {
    expect((await signIn(me.email, me.password)).status).toBe(200);
    expect((await signIn(me.email, refused)).status).toBe(400);
  }

  describe('by email', () => {
    it('answers known and unknown addresses alike, and mails only the known one', async () => {
      const me = await createShopper(server);
      const before = await outboxSize();
      const unknown = await server.call(
        `${CUENTA.emailReset}?email=nadie${me.celular}@correo.com`,
        {
          method: 'POST',
        },
      );
      const known = await server.call(
        `${CUENTA.emailReset}?email=${encodeURIComponent(me.email)}`,
        {
          method: 'POST',
        },
      );
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(EMAIL_SENT);
      expect(unknown.body).toEqual(known.body);

      const mails = await newMessages(1);
      expect(mails).toHaveLength(1);
      expect(await outboxSize()).toBe(before + 1);
      expect(mails[0]).toContain(me.email);
      expect(mails[0]).not.toContain(`nadie${me.celular}`);
      expect(mails[0]).toMatch(LINK);
    });

    it('accepts the empty body the first edition client sends, with or without a JSON content type', async () => {
      const me = await createShopper(server);
      const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(me.email)}`, {
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(EMAIL_SENT);
      await newMessages(1);
    });

    it('finds the account whatever the letter case of the address', async () => {
      const me = await createShopper(server);
      const res = await server.call(
        `${CUENTA.emailReset}?email=${encodeURIComponent(me.email.toUpperCase())}`,
        {
          method: 'POST',
        },
      );
      expect(res.status).toBe(200);
      const [mail] = await newMessages(1);
      expect(mail).toContain(me.email);
    });

    it('stores the secret hashed, expiring in 30 minutes', async () => {
      const me = await createShopper(server);
      const requestedAt = Date.now();
      const secret = await requestSecret(me.email);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const rows = await db()
        .selectFrom('password_reset_secret')
        .selectAll()
        .where('account_id', '=', me.id)
        .execute();
      expect(rows).toHaveLength(1);
      const [row] = rows;
      if (!row) throw new Error('sin secreto guardado');
      expect(row.secret_hash).not.toBe(secret);
      expect(row.secret_hash).not.toContain(secret);
      expect(row.used_at).toBeNull();
      const ttl = Date.parse(row.expires_at) - requestedAt;
      expect(ttl).toBeGreaterThan(29 * 60_000);
      expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
      // Nowhere in the table in clear.
      const all = await db().selectFrom('password_reset_secret').selectAll().execute();
      expect(JSON.stringify(all)).not.toContain(secret);
    });

    it('updateContrasena changes the password once and revokes older tokens', async () => {
      const me = await createShopper(server);
      const secret = await requestSecret(me.email);
      expect(await sessionStatus(me.token)).toBe(403);

      const res = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'NuevaClave77', secret },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(UPDATED);

      expect((await signIn(me.email, me.password)).status).toBe(400);
      const fresh = await signIn(me.email, 'NuevaClave77');
      expect(fresh.status).toBe(200);
      expect(await sessionStatus(me.token)).toBe(401);
      expect(await sessionStatus(fresh.body.token)).toBe(403);

      const again = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'OtraClave88', secret },
      });
      expectError(again, 400, BAD_SECRET);
      expect((await signIn(me.email, 'NuevaClave77')).status).toBe(200);
      expect((await signIn(me.email, 'OtraClave88')).status).toBe(400);
    });

    it('works for a shop owner too', async () => {
      const owner = await createShopOwner(server);
      const secret = await requestSecret(owner.email);
      const res = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'TiendaNueva1', secret },
      });
      expect(res.status).toBe(200);
      expect((await signIn(owner.email, 'TiendaNueva1')).status).toBe(200);
    });

    it('an unknown secret: 400 SECRETO_INVALIDO', async () => {
      const res = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'NuevaClave77', secret: 'no-existe-este-secreto-0123456789abcdef' },
      });
      expectError(res, 400, BAD_SECRET);
    });

    it('the stored hash itself is not a secret', async () => {
      const me = await createShopper(server);
      await requestSecret(me.email);
      const row = await db()
        .selectFrom('password_reset_secret')
        .select('secret_hash')
        .where('account_id', '=', me.id)
        .executeTakeFirstOrThrow();
      const res = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'NuevaClave77', secret: row.secret_hash },
      });
      expectError(res, 400, BAD_SECRET);
      await expectPasswordUnchanged(me, 'NuevaClave77');
    });

    it('an expired secret: 400 SECRETO_INVALIDO, password unchanged', async () => {
      const me = await createShopper(server);
      const secret = await requestSecret(me.email);
      await expireAll('password_reset_secret', me.id);
      const res = await server.call(CUENTA.setPassword, {
        body: { newPassword: 'NuevaClave77', secret },
      });
      expectError(res, 400, BAD_SECRET);
      await expectPasswordUnchanged(me, 'NuevaClave77');
      expect(await sessionStatus(me.token)).toBe(403);
    });

    it.each([
      ['under 8', 'Abc1234', 'La contraseña debe tener al menos 8 caracteres'],
      [
        'the reset form minimum of 6 only',
        'Abc123',
        'La contraseña debe tener al menos 8 caracteres',
      ],
      ['over 30', `Ab1${'x'.repeat(28)}`, 'La contraseña debe tener máximo 30 caracteres'],
      ['without uppercase', 'nuevaclave77', 'La contraseña no cumple con el patrón de complejidad'],
      ['without lowercase', 'NUEVACLAVE77', 'La contraseña no cumple con el patrón de complejidad'],
      ['without digit', 'NuevaClaveX', 'La contraseña no cumple con el patrón de complejidad'],
    ])(
      'a weak new password (%s): 400 VALIDACION, the secret is not spent',
      async (_name, weak, message) => {
        const me = await createShopper(server);
        const secret = await requestSecret(me.email);
        const res = await server.call(CUENTA.setPassword, { body: { newPassword: weak, secret } });
        expectValidation(res, message, 'newPassword');
        await expectPasswordUnchanged(me, weak);
        const ok = await server.call(CUENTA.setPassword, {
          body: { newPassword: 'NuevaClave77', secret },
        });
        expect(ok.status).toBe(200);
      },
    );

    it.each([
      ['an empty address', '?email=', 'Por favor, ingresa un correo electrónico.'],
      ['an address without @', '?email=alguien.correo.com', 'El correo debe contener @'],
    ])('emailderecuperacion with %s: 400 VALIDACION', async (_name, query, message) => {
      const res = await server.call(`${CUENTA.emailReset}${query}`, { method: 'POST' });
      expectValidation(res, message);
    });

    it('emailderecuperacion without the query: 400 VALIDACION', async () => {
      const res = await server.call(CUENTA.emailReset, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDACION');
    });

    it.each([
      ['SQL', `' OR 1=1 --@x.mx`],
      ['a script', '<script>alert(1)</script>@x.mx'],
      ['a NUL character', 'ana\u0000@correo.com'],
      ['a very long address', `${'a'.repeat(5000)}@x.mx`],
    ])('emailderecuperacion with %s in the address: never a 5xx', async (_name, email) => {
      const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(email)}`, {
        method: 'POST',
      });
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) expect(res.body).toEqual(EMAIL_SENT);
      else
        expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    });

    it.each([
      ['no secret', { newPassword: 'NuevaClave77' }, 'secret'],
      ['no newPassword', { secret: 'abc' }, 'newPassword'],
      ['a number as secret', { newPassword: 'NuevaClave77', secret: 123 }, 'secret'],
      ['an empty secret', { newPassword: 'NuevaClave77', secret: '' }, 'secret'],
    ])('updateContrasena with %s: 400 VALIDACION', async (_name, body, field) => {
      const res = await server.call(CUENTA.setPassword, { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDACION');
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
  });

  describe('by phone', () => {
    it('restaurarpassword: 200 and a 6-digit code by SMS for a registered phone', async () => {
      const me = await createShopper(server);
      const res = await server.call(CUENTA.phoneCode, { body: { celular: me.celular } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(CODE_SENT);
      const sms = (await newMessages(1))[0] ?? '';
      expect(sms).toContain(me.celular);
      expect(sms.replace(/\+52\d{10}/, '')).toMatch(/\b\d{6}\b/);
      // The code is not stored in clear.
      const code = /\b(\d{6})\b/.exec(sms.replace(/\+52\d{10}/, ''))?.[1] ?? '';
      const rows = await db()
        .selectFrom('phone_reset_code')
        .selectAll()
        .where('account_id', '=', me.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code_hash).not.toContain(code);
      expect(code).toMatch(/^\d{6}$/);
    });

    it('restaurarpassword: the same 200 for a phone nobody registered, and no SMS', async () => {
      const before = await outboxSize();
      const res = await server.call(CUENTA.phoneCode, { body: { celular: '5500000001' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(CODE_SENT);
      // The lookup follows the answer: give a text that should not go out time to show up.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await outboxSize()).toBe(before);
    });

    it.each([
      ['letters', 'abc', 'El numero de celular solo debe contener números'],
      ['9 digits', '551234567', 'El celular debe contener 10 números'],
    ])('restaurarpassword with %s: 400 VALIDACION', async (_name, celular, message) => {
      const res = await server.call(CUENTA.phoneCode, { body: { celular } });
      expectValidation(res, message, 'celular');
    });

    it('cambiarcontrasena with the right code changes the password once, and revokes older tokens', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      const res = await resetByPhone(me.celular, codigo, 'CelNueva123');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(UPDATED);
      expect((await signIn(me.email, me.password)).status).toBe(400);
      expect((await signIn(me.email, 'CelNueva123')).status).toBe(200);
      expect(await sessionStatus(me.token)).toBe(401);

      const reuse = await resetByPhone(me.celular, codigo, 'OtraCel456');
      expectError(reuse, 400, BAD_CODE);
      expect((await signIn(me.email, 'CelNueva123')).status).toBe(200);
    });

    it('a wrong code: 400 CODIGO_INVALIDO, password unchanged', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      const wrong = codigo === '000000' ? '000001' : '000000';
      const res = await resetByPhone(me.celular, wrong, 'CelNueva123');
      expectError(res, 400, BAD_CODE);
      await expectPasswordUnchanged(me, 'CelNueva123');
      expect(await sessionStatus(me.token)).toBe(403);
    });

    it('a code works only for the phone it was sent to', async () => {
      const victim = await createShopper(server);
      const attacker = await createShopper(server);
      const codigo = await requestCode(attacker.celular);
      const res = await resetByPhone(victim.celular, codigo, 'Robada1234');
      expectError(res, 400, BAD_CODE);
      await expectPasswordUnchanged(victim, 'Robada1234');
    });

    it('a phone nobody registered: 400 CODIGO_INVALIDO', async () => {
      const res = await resetByPhone('5500000002', '123456', 'CelNueva123');
      expectError(res, 400, BAD_CODE);
    });

    it.each([
      ['no codigo (the first edition payload alone)', {}, 'codigo'],
      ['an empty codigo', { codigo: '' }, 'codigo'],
      ['a 5-digit codigo', { codigo: '12345' }, 'codigo'],
      ['a codigo with letters', { codigo: '12a456' }, 'codigo'],
      ['a number as codigo', { codigo: 123456 }, 'codigo'],
      ['no password', { password: undefined, codigo: '123456' }, 'password'],
      ['no celular', { celular: undefined, codigo: '123456' }, 'celular'],
    ])(
      'cambiarcontrasena with %s: 400 VALIDACION, nothing changes',
      async (_name, overrides, field) => {
        const me = await createShopper(server);
        const res = await server.call(CUENTA.phoneReset, {
          body: { celular: me.celular, password: 'CelNueva123', ...overrides },
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDACION');
        expect(res.body.errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ field })]),
        );
        await expectPasswordUnchanged(me, 'CelNueva123');
      },
    );

    it('a wrong-format codigo reads in Spanish', async () => {
      const res = await resetByPhone('5512345678', '12345', 'CelNueva123');
      expectValidation(res, 'El código debe tener 6 dígitos', 'codigo');
    });

    it('a weak new password with the right code: 400 VALIDACION with the policy text; the code survives', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      const res = await resetByPhone(me.celular, codigo, 'debil');
      expectValidation(res, 'La contraseña debe tener al menos 8 caracteres', 'password');
      const weak = await resetByPhone(me.celular, codigo, 'sinmayuscula1');
      expectValidation(weak, 'La contraseña no cumple con el patrón de complejidad', 'password');
      await expectPasswordUnchanged(me, 'sinmayuscula1');
      const ok = await resetByPhone(me.celular, codigo, 'CelNueva123');
      expect(ok.status).toBe(200);
    });

    it('an expired code: 400 CODIGO_INVALIDO, password unchanged', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      await expireAll('phone_reset_code', me.id);
      const res = await resetByPhone(me.celular, codigo, 'CelNueva123');
      expectError(res, 400, BAD_CODE);
      await expectPasswordUnchanged(me, 'CelNueva123');
    });

    it('a typo or two does not burn the code', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      const wrong = String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 2; i += 1) {
        const res = await resetByPhone(me.celular, wrong, 'CelNueva123');
        expectError(res, 400, BAD_CODE);
      }
      const ok = await resetByPhone(me.celular, codigo, 'CelNueva123');
      expect(ok.status).toBe(200);
    });

    it('after 5 wrong codes even the right code is refused', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      for (let i = 1; i <= 5; i += 1) {
        const wrong = String((Number(codigo) + i) % 1_000_000).padStart(6, '0');
        const res = await resetByPhone(me.celular, wrong, 'CelNueva123');
        expectError(res, 400, BAD_CODE);
      }
      const right = await resetByPhone(me.celular, codigo, 'CelNueva123');
      expectError(right, 400, BAD_CODE);
      await expectPasswordUnchanged(me, 'CelNueva123');

      // A new code starts over.
      const next = await requestCode(me.celular);
      const ok = await resetByPhone(me.celular, next, 'CelNueva123');
      expect(ok.status).toBe(200);
    });

    it('many wrong codes sent at once are counted too: at most 5 guesses are checked', async () => {
      // Three phones, 40 simultaneous wrong guesses each: the 5-guess limit must hold per code.
      const people = await Promise.all([1, 2, 3].map(() => createShopper(server)));
      const codes: string[] = [];
      for (const me of people) codes.push(await requestCode(me.celular));
      const answers = await Promise.all(
        people.flatMap((me, n) =>
          Array.from({ length: 40 }, (_, i) =>
            server.call(CUENTA.phoneReset, {
              body: {
                celular: me.celular,
                password: 'CelNueva123',
                codigo: String((Number(codes[n]) + i + 1) % 1_000_000).padStart(6, '0'),
              },
            }),
          ),
        ),
      );
      for (const res of answers) expectError(res, 400, BAD_CODE);
      const rows = await db()
        .selectFrom('phone_reset_code')
        .select(['account_id', 'attempts'])
        .where(
          'account_id',
          'in',
          people.map((me) => me.id),
        )
        .execute();
      expect(rows).toHaveLength(3);
      // Every checked guess is recorded; more than 5 recorded means more than 5 were tried.
      for (const row of rows) expect(Number(row.attempts)).toBeLessThanOrEqual(5);
    });

    it('a newer code voids the older one', async () => {
      const me = await createShopper(server);
      const older = await requestCode(me.celular);
      let newer = await requestCode(me.celular);
      while (newer === older) newer = await requestCode(me.celular);
      const res = await resetByPhone(me.celular, older, 'CelNueva123');
      expectError(res, 400, BAD_CODE);
      await expectPasswordUnchanged(me, 'CelNueva123');
      const ok = await resetByPhone(me.celular, newer, 'CelNueva123');
      expect(ok.status).toBe(200);
    });

    it('a password changed by email voids a pending phone code, and the other way round', async () => {
      const me = await createShopper(server);
      const codigo = await requestCode(me.celular);
      const secret = await requestSecret(me.email);
      expect(
        (await server.call(CUENTA.setPassword, { body: { newPassword: 'PorCorreo11', secret } }))
          .status,
      ).toBe(200);
      const res = await resetByPhone(me.celular, codigo, 'PorCelular22');
      expectError(res, 400, BAD_CODE);
      expect((await signIn(me.email, 'PorCorreo11')).status).toBe(200);

      const secret2 = await requestSecret(me.email);
      const codigo2 = await requestCode(me.celular);
      expect((await resetByPhone(me.celular, codigo2, 'PorCelular22')).status).toBe(200);
      expectError(
        await server.call(CUENTA.setPassword, {
          body: { newPassword: 'PorCorreo33', secret: secret2 },
        }),
        400,
        BAD_SECRET,
      );
      expect((await signIn(me.email, 'PorCelular22')).status).toBe(200);
    });

    it('a registration payload is not mistaken for a reset', async () => {
      // Guard against the first edition's payload alone changing a password: {celular, password}.
      const payload = shopperPayload();
      expect((await server.call('/api/login/registerUser', { body: payload })).status).toBe(200);
      const res = await server.call(CUENTA.phoneReset, {
        body: { celular: payload.celular, password: 'Tomada12345' },
      });
      expect(res.status).toBe(400);
      expect((await signIn(payload.email, 'Tomada12345')).status).toBe(400);
      expect((await signIn(payload.email, payload.password)).status).toBe(200);
    });
  });
});
