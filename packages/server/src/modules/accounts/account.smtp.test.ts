import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, useTestServer } from '../../../test/build-test-app.js';
import { createShopper } from '../../../test/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { CUENTA } from '../../../test/rutas.js';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('accounts: reset email through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ encoding: 'latin1' });
  });
  afterAll(() => smtp.close());
  const { server } = useTestServer(() => ({ config: { smtpUrl: smtp.url } }));

  it('mails the reset link to the user; its secret sets a new password', async () => {
    const me = await createShopper(server);
    const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(me.email)}`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' });

    const mail = (await smtp.waitForMails(1))[0];
    if (!mail) throw new Error('sin correo');
    expect(mail.to).toEqual([me.email]);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(new RegExp(`^To: .*${me.email.replace(/[.]/g, '\\.')}`, 'im'));
    const secret = /\/recuperar-contrasena\?secret=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(secret).toBeDefined();

    // With SMTP configured nothing goes to the outbox.
    expect(await readOutbox(server.outboxDir, 0)).toEqual([]);

    const changed = await server.call(CUENTA.setPassword, {
      body: { newPassword: 'PorSmtp123', secret },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ mensaje: 'Contrasena actualizada.' });
    const signIn = await server.call('/api/login/authenticate', {
      body: { email: me.email, password: 'PorSmtp123' },
    });
    expect(signIn.status).toBe(200);
  });

  it('sends nothing for an unknown address, and answers the same', async () => {
    const before = smtp.mails.length;
    const res = await server.call(`${CUENTA.emailReset}?email=nadie.smtp@correo.com`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' });
    // Give a wrongly sent mail time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('still answers 200 when the mail server is down', async () => {
    const me = await createShopper(server);
    await smtp.close();
    const res = await server.call(`${CUENTA.emailReset}?email=${encodeURIComponent(me.email)}`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' });
    // The server keeps serving after the failed delivery.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.call('/health')).status).toBe(200);
  });
});
