import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 (smtp-server) that keeps every mail it receives: for the tests
// that send email through SMTP_URL instead of the outbox.

export interface ReceivedMail {
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  /** The message as it arrived (headers and body), decoded with the server's `encoding`. */
  raw: string;
}

export interface TestSmtpServer {
  /** The SMTP_URL to give the server. */
  url: string;
  /** Every mail received, oldest first. */
  mails: ReceivedMail[];
  /** The first `count` mails, waiting for them up to `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops it (once; later calls do nothing): a mail server that is down. */
  close(): Promise<void>;
}

export async function startSmtpServer(
  options: { encoding?: BufferEncoding } = {},
): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(options.encoding ?? 'utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  let open = true;
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMails(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`llegaron ${mails.length} de ${count} correos`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return mails.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!open) return resolve();
        open = false;
        smtp.close(() => resolve());
      }),
  };
}
