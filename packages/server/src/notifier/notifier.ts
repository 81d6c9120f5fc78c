import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isMailbox } from '@tianguis/domain';
import { AppError } from '../http/app-error.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  /** Ten-digit Mexican number. */
  to: string;
  text: string;
}

/** Every outgoing email and phone message goes through here. */
export interface Notifier {
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<void>;
}

export interface NotifierOptions {
  outboxDir: string;
  smtpUrl: string | undefined;
  /** `Name <address>` or `address` (MAIL_FROM). */
  mailFrom: string;
  /** In production nothing that must reach a person goes to the outbox instead. */
  production?: boolean;
  smsUrl?: string | undefined;
  smsToken?: string | undefined;
}

/** How long the SMS provider may take before the message counts as not sent. */
const SMS_TIMEOUT_MS = 10_000;

interface Mailbox {
  name: string;
  address: string;
}

/**
 * MAIL_FROM read once into a structured address: nodemailer gets `{name, address}`, never a
 * string it would parse (and where a comma or a line break would add recipients or headers).
 */
export function parseMailFrom(value: string): Mailbox {
  const match = /^\s*(?:([^<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const name = (match?.[1] ?? '').replace(/^"(.*)"$/, '$1');
  const address = match?.[2] ?? match?.[3] ?? '';
  if (!isMailbox(address) || /[\r\n"]/.test(name)) {
    throw new Error(`Configuración inválida: MAIL_FROM ("${value}") no es una dirección de correo`);
  }
  return { name, address };
}

/** One recipient, checked again here: whatever the caller passes becomes an SMTP envelope. */
function recipientOf(to: string): Mailbox {
  if (!isMailbox(to)) throw new Error('dirección de correo inválida: no se envía');
  return { name: '', address: to };
}

/**
 * Writes one plain UTF-8 text file per message, so every flow works on a machine with no mail
 * or SMS service. The log names the file and recipient, never the text (it carries secrets).
 */
function createOutbox(dir: string, log: FastifyBaseLogger) {
  return async (kind: 'email' | 'sms', to: string, lines: string[]): Promise<void> => {
    await fs.mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.txt`);
    await fs.writeFile(file, `${lines.join('\n')}\n`, { encoding: 'utf8', mode: 0o600 });
    log.info({ kind, to, file }, 'mensaje guardado en el outbox');
  };
}

/**
 * SMS through the provider named by SMS_URL: POST JSON {to, text} with a bearer token, the shape
 * most SMS and WhatsApp gateways take. Any failure is SMS_NO_DISPONIBLE.
 */
function createSmsSender(url: string, token: string | undefined, log: FastifyBaseLogger) {
  return async (to: string, text: string): Promise<void> => {
    let status: number | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token !== undefined && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      log.error({ err: error }, 'el proveedor de SMS no respondió');
      throw new AppError('SMS_NO_DISPONIBLE');
    }
    if (status < 200 || status >= 300) {
      log.error({ status }, 'el proveedor de SMS rechazó el mensaje');
      throw new AppError('SMS_NO_DISPONIBLE');
    }
    log.info({ to }, 'SMS enviado');
  };
}

/** Whether phone messages can reach a person: a provider, or (outside production) the outbox. */
export function canSendSms(options: Pick<NotifierOptions, 'production' | 'smsUrl'>): boolean {
  return options.smsUrl !== undefined || options.production !== true;
}

export function createNotifier(options: NotifierOptions, log: FastifyBaseLogger): Notifier {
  const writeOutbox = createOutbox(options.outboxDir, log);
  const from = parseMailFrom(options.mailFrom);
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const sendSms = options.smsUrl
    ? createSmsSender(options.smsUrl, options.smsToken, log)
    : undefined;
  return {
    async sendEmail({ to, subject, text }) {
      const recipient = recipientOf(to);
      if (transport) {
        await transport.sendMail({
          from,
          to: [recipient],
          // A subject is one header line.
          subject: subject.replace(/[\r\n]+/g, ' '),
          text,
        });
        log.info({ to: recipient.address }, 'correo enviado por SMTP');
        return;
      }
      await writeOutbox('email', recipient.address, [
        `Para: ${recipient.address}`,
        `Asunto: ${subject}`,
        '',
        text,
      ]);
    },
    async sendSms({ to, text }) {
      if (sendSms) return sendSms(`+52${to}`, text);
      // In production nobody reads the outbox: a code written there would reach no one.
      if (!canSendSms(options)) throw new AppError('SMS_NO_DISPONIBLE');
      await writeOutbox('sms', to, [`Para: +52${to}`, '', text]);
    },
  };
}
