import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

export function createNotifier(
  options: { outboxDir: string; smtpUrl: string | undefined; mailFrom: string },
  log: FastifyBaseLogger,
): Notifier {
  const writeOutbox = createOutbox(options.outboxDir, log);
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async sendEmail({ to, subject, text }) {
      if (transport) {
        await transport.sendMail({ from: options.mailFrom, to, subject, text });
        log.info({ to }, 'correo enviado por SMTP');
        return;
      }
      await writeOutbox('email', to, [`Para: ${to}`, `Asunto: ${subject}`, '', text]);
    },
    async sendSms({ to, text }) {
      // No SMS provider is wired yet: phone messages always go to the outbox.
      await writeOutbox('sms', to, [`Para: +52${to}`, '', text]);
    },
  };
}
