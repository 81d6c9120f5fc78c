import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config.js';
import { readOutbox, type TestServer, useTestServer } from '../../../test/build-test-app.js';
import { createShopper, type SignedIn } from '../../../test/factories.js';
import { callFrom, newAddress, type AddressedAnswer } from '../../../test/from-address.js';
import { CUENTA } from '../../../test/rutas.js';

// docs/api.md, "Password reset": both resets, by email and by phone, always answer the same 200;
// how many messages go out is throttled quietly, per client address and per account, and an
// attacker's requests never stop the owner's own reset from another address. Guessing a phone
// code is bounded per address and per code, never per account.

const LINK = /\/recuperar-contrasena\?secret=([A-Za-z0-9_-]+)/;
const BAD_CODE = { code: 'CODIGO_INVALIDO', message: 'El código no es válido o ya expiró' };
/** Time for a message that should not go out to show up anyway. */
const GRACE_MS = 400;

const { resetRequestsPerIp, resetRequestsPerTarget, resetsPerAccountPerIp } = defaultRateLimits;

/** One way to ask for a reset, and what it sends. */
interface Channel {
  name: string;
  /** What the person types: the account's email or its phone. */
  targetOf(me: SignedIn): string;
  /** The same kind of target, with no account behind it. */
  unknownLike(me: SignedIn): string;
  ask(server: TestServer, from: string, target: string): Promise<AddressedAnswer>;
  answer: { mensaje: string };
  /** How the outbox file of a message to `target` begins. */
  header(target: string): string;
  /** Where the secrets or codes it sends are kept. */
  table: 'password_reset_secret' | 'phone_reset_code';
  /** Sets `password` with what `message` carries; answers the status. */
  resetWith(server: TestServer, message: string, me: SignedIn, password: string): Promise<number>;
}

const codeIn = (sms: string) => /\b(\d{6})\b/.exec(sms.replace(/\+52\d{10}/, ''))?.[1] ?? '';

const byEmail: Channel = {
  name: 'email',
  targetOf: (me) => me.email,
  unknownLike: (me) => `nadie.${me.celular}@correo.com`,
  ask: (server, from, email) =>
    callFrom(server, from, `${CUENTA.emailReset}?email=${encodeURIComponent(email)}`),
  answer: { mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' },
  header: (email) => `Para: ${email}\n`,
  table: 'password_reset_secret',
  async resetWith(server, mail, _me, password) {
    const secret = LINK.exec(mail)?.[1];
    return (await server.call(CUENTA.setPassword, { body: { newPassword: password, secret } }))
      .status;
  },
};

const byPhone: Channel = {
  name: 'phone',
  targetOf: (me) => me.celular,
  // The factories' phones start with 55.
  unknownLike: (me) => `56${me.celular.slice(2)}`,
  ask: (server, from, celular) => callFrom(server, from, CUENTA.phoneCode, { celular }),
  answer: { mensaje: 'Te enviamos un código a tu celular.' },
  header: (celular) => `Para: +52${celular}\n`,
  table: 'phone_reset_code',
  async resetWith(server, sms, me, password) {
    const body = { celular: me.celular, password, codigo: codeIn(sms) };
    return (await server.call(CUENTA.phoneReset, { body })).status;
  },
};

describe('accounts: the resets are never refused, their sending is throttled quietly', () => {
  // The default limits, but for registrations: the accounts here are made from one address.
  const { server } = useTestServer({
    config: { rateLimits: { ...defaultRateLimits, registrationsPerIp: 10_000 } },
  });

  async function messagesTo(channel: Channel, target: string): Promise<string[]> {
    const all = await readOutbox(server.outboxDir, 0);
    return all.filter((text) => text.startsWith(channel.header(target)));
  }

  /** Waits for at least `count` messages to `target`, then a while longer for any more. */
  async function settledMessagesTo(
    channel: Channel,
    target: string,
    count: number,
  ): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    let messages = await messagesTo(channel, target);
    while (messages.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      messages = await messagesTo(channel, target);
    }
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    return messagesTo(channel, target);
  }

  /** Waits for `count` messages to `target`, then a while longer to make sure no more come. */
  async function expectMessagesTo(
    channel: Channel,
    target: string,
    count: number,
  ): Promise<string[]> {
    const messages = await settledMessagesTo(channel, target, count);
    expect(messages).toHaveLength(count);
    return messages;
  }

  async function expectSignsIn(me: SignedIn, password: string) {
    const res = await server.call(CUENTA.signIn, { body: { email: me.email, password } });
    expect(res.status).toBe(200);
  }

  describe.each([byEmail, byPhone])('by $name', (channel) => {
    /** Every request answered alike: 200, the same body, no hint of a limit. */
    async function askAll(from: string, target: string, times: number): Promise<void> {
      for (let i = 0; i < times; i += 1) {
        const res = await channel.ask(server, from, target);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(channel.answer);
        expect(res.headers['retry-after']).toBeUndefined();
      }
    }

    const expectSent = (me: SignedIn, count: number) =>
      expectMessagesTo(channel, channel.targetOf(me), count);

    const storedFor = async (me: SignedIn) =>
      (
        await server.app.database.db
          .selectFrom(channel.table)
          .select('id')
          .where('account_id', '=', me.id)
          .execute()
      ).length;

    it('the lockout case: 7 requests for the owner’s target from one address never stop the owner’s own reset from another address', async () => {
      const owner = await createShopper(server);
      const attacker = newAddress();
      await askAll(attacker, channel.targetOf(owner), 7);
      // The attacker's address got only its own share of messages to that account...
      await expectSent(owner, resetsPerAccountPerIp);

      // ...and the owner, from home, gets one (that works) and the same answer.
      await askAll(newAddress(), channel.targetOf(owner), 1);
      const messages = await expectSent(owner, resetsPerAccountPerIp + 1);
      expect(await storedFor(owner)).toBe(resetsPerAccountPerIp + 1);
      expect(await channel.resetWith(server, messages.at(-1) ?? '', owner, 'DelDueno123')).toBe(
        200,
      );
      await expectSignsIn(owner, 'DelDueno123');

      // The attacker keeps getting 200 and sends nothing more.
      await askAll(attacker, channel.targetOf(owner), 3);
      await expectSent(owner, resetsPerAccountPerIp + 1);
    });

    it('known and unknown targets get the same answer, before and past every limit', async () => {
      const me = await createShopper(server);
      const unknown = channel.unknownLike(me);
      const from = newAddress();
      const answers: AddressedAnswer[] = [];
      for (let i = 0; i < resetRequestsPerIp + 2; i += 1) {
        answers.push(await channel.ask(server, from, i % 2 === 0 ? channel.targetOf(me) : unknown));
      }
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual(channel.answer);
        expect(res.headers['retry-after']).toBeUndefined();
        expect(res.headers['content-length']).toBe(answers[0]?.headers['content-length']);
      }
      await expectSent(me, resetsPerAccountPerIp);
      await expectMessagesTo(channel, unknown, 0);
    });

    it('per account: past its limit, only an address that has not asked yet gets one more', async () => {
      const me = await createShopper(server);
      const [first, second, third] = [newAddress(), newAddress(), newAddress()];
      // 3 + 3 requests: the account's limit (5) lets 5 through.
      await askAll(first, channel.targetOf(me), resetsPerAccountPerIp);
      await askAll(second, channel.targetOf(me), resetsPerAccountPerIp);
      await expectSent(me, resetRequestsPerTarget);
      // A new address: its first request is sent, its second is not.
      await askAll(third, channel.targetOf(me), 2);
      await expectSent(me, resetRequestsPerTarget + 1);
    });

    it('per client address: 10 sent to different accounts, then none from there; the next account is still reached from elsewhere', async () => {
      const from = newAddress();
      const accounts = await Promise.all(
        Array.from({ length: resetRequestsPerIp + 1 }, () => createShopper(server)),
      );
      for (const account of accounts) await askAll(from, channel.targetOf(account), 1);
      const last = accounts.at(-1);
      if (!last) throw new Error('sin cuentas');
      for (const account of accounts.slice(0, -1)) await expectSent(account, 1);
      await expectSent(last, 0);
      expect(await storedFor(last)).toBe(0);

      await askAll(newAddress(), channel.targetOf(last), 1);
      await expectSent(last, 1);
    });

    it('requests sent all at once are counted too: the attacker’s address reaches the account at most 3 times', async () => {
      const me = await createShopper(server);
      const from = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => channel.ask(server, from, channel.targetOf(me))),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
      // Each request counts its address, the account, and the pair in three separate counters.
      // Run truly at once (PostgreSQL), a request can draw the pair's 2nd or 3rd count with the
      // address's 11th or the account's 6th: then it is not sent either. So at once the address
      // reaches the account at most 3 times and at least once, never more.
      const target = channel.targetOf(me);
      const sent = (await settledMessagesTo(channel, target, resetsPerAccountPerIp)).length;
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(sent).toBeLessThanOrEqual(resetsPerAccountPerIp);
      await askAll(newAddress(), target, 1);
      await expectSent(me, sent + 1);
    });
  });

  describe('guessing a phone code', () => {
    const guess = (from: string, me: SignedIn, codigo: string) =>
      callFrom(server, from, CUENTA.phoneReset, {
        celular: me.celular,
        password: 'Robada1234',
        codigo,
      });

    /** A wrong code for `code`, a different one each time. */
    const wrong = (code: string, i: number) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');

    async function codeSentTo(me: SignedIn, count: number): Promise<string> {
      const messages = await expectMessagesTo(byPhone, me.celular, count);
      return codeIn(messages.at(-1) ?? '');
    }

    /** The owner, at home, asks for a second code; it resets the password at once. */
    async function expectResetWithNewCode(home: string, owner: SignedIn) {
      expect((await byPhone.ask(server, home, owner.celular)).status).toBe(200);
      const fresh = await codeSentTo(owner, 2);
      const reset = await callFrom(server, home, CUENTA.phoneReset, {
        celular: owner.celular,
        password: 'DelDueno123',
        codigo: fresh,
      });
      expect(reset.status).toBe(200);
      await expectSignsIn(owner, 'DelDueno123');
    }

    it('an attacker’s wrong guesses stop the attacker’s address and burn the code, never the owner: a new code works', async () => {
      const owner = await createShopper(server);
      const home = newAddress();
      expect((await byPhone.ask(server, home, owner.celular)).status).toBe(200);
      const code = await codeSentTo(owner, 1);

      // From one address: every wrong guess is 400 until the address's 20 are spent, then 429.
      const attacker = newAddress();
      for (let i = 0; i < defaultRateLimits.signInFailuresPerIp; i += 1) {
        const res = await guess(attacker, owner, wrong(code, i));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(BAD_CODE);
      }
      const stopped = await guess(attacker, owner, code);
      expect(stopped.status).toBe(429);
      expect(stopped.body.code).toBe('DEMASIADOS_INTENTOS');
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);

      // The code took only its 5 wrong guesses: even the right one is refused now...
      const burnt = await server.app.database.db
        .selectFrom('phone_reset_code')
        .select('attempts')
        .where('account_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(burnt.attempts)).toBe(defaultRateLimits.phoneCodeAttempts);
      const late = await guess(home, owner, code);
      expect(late.status).toBe(400);
      expect(late.body).toEqual(BAD_CODE);

      // ...so the owner, at home, asks for a new code, which works at once.
      await expectResetWithNewCode(home, owner);
    });

    it('no lockout per account: wrong guesses from many addresses, then the owner’s new code still works', async () => {
      const owner = await createShopper(server);
      const home = newAddress();
      expect((await byPhone.ask(server, home, owner.celular)).status).toBe(200);
      const code = await codeSentTo(owner, 1);
      // 5 addresses x 20 guesses: far more than any per-account limit would let through.
      for (let a = 0; a < 5; a += 1) {
        const from = newAddress();
        const answers = await Promise.all(
          Array.from({ length: defaultRateLimits.signInFailuresPerIp }, (_, i) =>
            guess(from, owner, wrong(code, a * 100 + i)),
          ),
        );
        expect(answers.map((res) => res.status)).toEqual(
          Array(defaultRateLimits.signInFailuresPerIp).fill(400),
        );
      }
      await expectResetWithNewCode(home, owner);
    });
  });
});
