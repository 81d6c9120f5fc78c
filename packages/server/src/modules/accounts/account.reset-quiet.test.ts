import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config.js';
import { readOutbox, startTestServer, type TestServer } from '../../../test/build-test-app.js';
import { createShopper, type SignedIn } from '../../../test/factories.js';

// docs/api.md, "Password reset": emailderecuperacion always answers the same 200; how many
// emails go out is throttled quietly, per client address and per account, and an attacker's
// requests never stop the owner's own reset from another address. Default limits.

const EMAIL_RESET = '/api/recuperarcontrasena/emailderecuperacion';
const SET_PASSWORD = '/api/recuperarcontrasena/actualizarContrasena';
const EMAIL_SENT = { mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' };
const LINK = /\/recuperar-contrasena\?secret=([A-Za-z0-9_-]+)/;
/** Time for a mail that should not go out to show up anyway. */
const GRACE_MS = 400;

const { resetRequestsPerIp, resetRequestsPerTarget, resetEmailsPerAccountPerIp } =
  defaultRateLimits;

interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

/** Each request comes from a loopback address of its own choosing (127.0.9.x). */
let nextHost = 0;
function newAddress(): string {
  nextHost += 1;
  return `127.0.${9 + Math.floor(nextHost / 250)}.${nextHost % 250}`;
}

describe('accounts: the email reset is never refused, its sending is throttled quietly', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: defaultRateLimits } });
  });
  afterAll(() => server.destroy());

  function askReset(from: string, email: string): Promise<Answer> {
    const url = new URL(`${EMAIL_RESET}?email=${encodeURIComponent(email)}`, server.baseUrl);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: 'POST',
          localAddress: from,
          agent: false,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: text === '' ? undefined : JSON.parse(text),
              headers: response.headers,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** Every request answered alike: 200, the same body, no hint of a limit. */
  async function askAll(from: string, email: string, times: number): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      const res = await askReset(from, email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(EMAIL_SENT);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  }

  async function mailsTo(email: string): Promise<string[]> {
    const all = await readOutbox(server.outboxDir, 0);
    return all.filter((text) => text.startsWith(`Para: ${email}\n`));
  }

  /** Waits for `count` mails to `email`, then a while longer to make sure no more come. */
  async function expectMailsTo(email: string, count: number): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    let mails = await mailsTo(email);
    while (mails.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      mails = await mailsTo(email);
    }
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    mails = await mailsTo(email);
    expect(mails).toHaveLength(count);
    return mails;
  }

  const secretsOf = async (me: SignedIn) =>
    (
      await server.app.database.db
        .selectFrom('password_reset_secret')
        .select('id')
        .where('account_id', '=', me.id)
        .execute()
    ).length;

  it('the lockout case: 7 requests for the owner’s email from one address never stop the owner’s own reset from another address', async () => {
    const owner = await createShopper(server);
    const attacker = newAddress();
    await askAll(attacker, owner.email, 7);
    // The attacker's address got only its own share of emails to that account...
    await expectMailsTo(owner.email, resetEmailsPerAccountPerIp);

    // ...and the owner, from home, gets the email (a working link) and the same answer.
    await askAll(newAddress(), owner.email, 1);
    const mails = await expectMailsTo(owner.email, resetEmailsPerAccountPerIp + 1);
    expect(await secretsOf(owner)).toBe(resetEmailsPerAccountPerIp + 1);
    const secret = LINK.exec(mails.at(-1) ?? '')?.[1];
    const changed = await server.call(SET_PASSWORD, {
      body: { newPassword: 'DelDueno123', secret },
    });
    expect(changed.status).toBe(200);
    const signIn = await server.call('/api/login/authenticate', {
      body: { email: owner.email, password: 'DelDueno123' },
    });
    expect(signIn.status).toBe(200);

    // The attacker keeps getting 200 and sends nothing more.
    await askAll(attacker, owner.email, 3);
    await expectMailsTo(owner.email, resetEmailsPerAccountPerIp + 1);
  });

  it('known and unknown addresses get the same answer, before and past every limit', async () => {
    const me = await createShopper(server);
    const unknown = `nadie.${me.celular}@correo.com`;
    const from = newAddress();
    const answers: Answer[] = [];
    for (let i = 0; i < resetRequestsPerIp + 2; i += 1) {
      answers.push(await askReset(from, i % 2 === 0 ? me.email : unknown));
    }
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(EMAIL_SENT);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.headers['content-length']).toBe(answers[0]?.headers['content-length']);
    }
    await expectMailsTo(me.email, resetEmailsPerAccountPerIp);
    await expectMailsTo(unknown, 0);
  });

  it('per account: past its limit, only an address that has not asked yet gets one more email', async () => {
    const me = await createShopper(server);
    const [first, second, third] = [newAddress(), newAddress(), newAddress()];
    // 3 + 3 requests: the account's limit (5) lets 5 emails through.
    await askAll(first, me.email, resetEmailsPerAccountPerIp);
    await askAll(second, me.email, resetEmailsPerAccountPerIp);
    await expectMailsTo(me.email, resetRequestsPerTarget);
    // A new address: its first request is mailed, its second is not.
    await askAll(third, me.email, 2);
    await expectMailsTo(me.email, resetRequestsPerTarget + 1);
  });

  it('per client address: 10 emails to different accounts, then none from there; the next account is still mailed from elsewhere', async () => {
    const from = newAddress();
    const accounts = await Promise.all(
      Array.from({ length: resetRequestsPerIp + 1 }, () => createShopper(server)),
    );
    for (const account of accounts) await askAll(from, account.email, 1);
    const last = accounts.at(-1);
    if (!last) throw new Error('sin cuentas');
    for (const account of accounts.slice(0, -1)) await expectMailsTo(account.email, 1);
    await expectMailsTo(last.email, 0);
    expect(await secretsOf(last)).toBe(0);

    await askAll(newAddress(), last.email, 1);
    await expectMailsTo(last.email, 1);
  });

  it('requests sent all at once are counted too: the attacker’s address mails the account at most 3 times', async () => {
    const me = await createShopper(server);
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, () => askReset(from, me.email)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    await expectMailsTo(me.email, resetEmailsPerAccountPerIp);
    await askAll(newAddress(), me.email, 1);
    await expectMailsTo(me.email, resetEmailsPerAccountPerIp + 1);
  });
});
