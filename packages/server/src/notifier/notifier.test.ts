import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createNotifier, parseMailFrom } from './notifier.js';

// docs/reliability.md, "Limits": what reaches nodemailer is one structured recipient, never a string it parses.

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('notifier: email through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let outboxDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-notifier-'));
  });
  afterAll(async () => {
    await smtp.close();
    await fs.rm(outboxDir, { recursive: true, force: true });
  });

  const notifier = () =>
    createNotifier(
      { outboxDir, smtpUrl: smtp.url, mailFrom: 'Tianguis <no-responder@tianguis.mx>' },
      log,
    );

  it('sends to exactly the one address, from the structured MAIL_FROM', async () => {
    const before = smtp.mails.length;
    await notifier().sendEmail({ to: 'ana@correo.com', subject: 'Hola', text: 'Texto' });
    const mail = smtp.mails.at(-1)!;
    expect(smtp.mails.length).toBe(before + 1);
    expect(mail.from).toBe('no-responder@tianguis.mx');
    expect(mail.to).toEqual(['ana@correo.com']);
    expect(mail.raw).toMatch(/^From: Tianguis <no-responder@tianguis\.mx>\r$/m);
  });

  it.each([
    'ana@correo.com,x@malo.mx',
    'ana@correo.com;x@malo.mx',
    'ana@correo.com\r\nBcc: x@malo.mx',
    'Ana <ana@correo.com>, x@malo.mx',
    '"x@malo.mx" <ana@correo.com>',
  ])('refuses %j and sends nothing anywhere', async (to) => {
    const before = smtp.mails.length;
    await expect(notifier().sendEmail({ to, subject: 'Hola', text: 'Texto' })).rejects.toThrow();
    expect(smtp.mails.length).toBe(before);
    const outbox = createNotifier(
      { outboxDir, smtpUrl: undefined, mailFrom: 'no-responder@tianguis.mx' },
      log,
    );
    await expect(outbox.sendEmail({ to, subject: 'Hola', text: 'Texto' })).rejects.toThrow();
    expect(await fs.readdir(outboxDir)).toEqual([]);
  });

  it('a subject cannot add a header', async () => {
    await notifier().sendEmail({
      to: 'ana@correo.com',
      subject: 'Hola\r\nBcc: x@malo.mx',
      text: 'Texto',
    });
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['ana@correo.com']);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
  });
});

describe('notifier: MAIL_FROM is read into {name, address}', () => {
  it.each([
    [
      'Tianguis <no-responder@tianguis.mx>',
      { name: 'Tianguis', address: 'no-responder@tianguis.mx' },
    ],
    ['"Tianguis MX" <hola@tianguis.mx>', { name: 'Tianguis MX', address: 'hola@tianguis.mx' }],
    ['hola@tianguis.mx', { name: '', address: 'hola@tianguis.mx' }],
  ])('%j', (value, expected) => {
    expect(parseMailFrom(value)).toEqual(expected);
  });

  it.each([
    'a@b.mx, c@d.mx',
    'Tianguis <a@b.mx>\r\nBcc: c@d.mx',
    'Tianguis <a@b.mx>, <c@d.mx>',
    'Tianguis',
    '',
  ])('refuses %j', (value) => {
    expect(() => parseMailFrom(value)).toThrow(/MAIL_FROM/);
  });
});

describe('notifier: SMS (docs/reliability.md, "Limits")', () => {
  it('in production without SMS_URL nothing goes to the outbox: SMS_NO_DISPONIBLE', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-notifier-'));
    try {
      const notifier = createNotifier(
        { outboxDir, smtpUrl: undefined, mailFrom: 'a@b.mx', production: true },
        log,
      );
      await expect(
        notifier.sendSms({ to: '5512345678', text: 'Código 123456' }),
      ).rejects.toMatchObject({ code: 'SMS_NO_DISPONIBLE' });
      expect(await fs.readdir(outboxDir)).toEqual([]);
    } finally {
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('a provider that does not answer is SMS_NO_DISPONIBLE', async () => {
    const notifier = createNotifier(
      {
        outboxDir: os.tmpdir(),
        smtpUrl: undefined,
        mailFrom: 'a@b.mx',
        production: true,
        smsUrl: 'http://127.0.0.1:1/sms',
        smsToken: 't',
      },
      log,
    );
    await expect(notifier.sendSms({ to: '5512345678', text: 'x' })).rejects.toMatchObject({
      code: 'SMS_NO_DISPONIBLE',
    });
  });
});
