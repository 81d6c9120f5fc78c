import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the SMS provider (SMS_URL, docs/operations.md): an HTTP server on 127.0.0.1 that
// keeps every message the server posts to it and answers 202, or refuses the ones a test asks it
// to refuse.

export interface Sms {
  to: string;
  text: string;
}

/** One request as the provider got it: its headers and its JSON body, as sent. */
export interface SmsRequest {
  authorization?: string;
  contentType?: string;
  body: unknown;
}

export interface SmsProvider {
  /** The SMS_URL to give the server. */
  url: string;
  /** The messages taken (202), oldest first. */
  recibidos: Sms[];
  /** Every message posted, taken or refused, oldest first. */
  intentos: Sms[];
  /** The requests taken, with their headers. */
  requests: SmsRequest[];
  /** Refuses with `status` the next `n` messages `which` picks (every message by default). */
  refuse(n: number, options?: { status?: number; which?: (sms: Sms) => boolean }): void;
  /** How many of the refusals asked for are still to come. */
  refusalsLeft(): number;
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const recibidos: Sms[] = [];
  const intentos: Sms[] = [];
  const requests: SmsRequest[] = [];
  let refusals = { left: 0, status: 503, which: (_sms: Sms) => true };
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const sms = JSON.parse(text) as Sms;
      intentos.push(sms);
      if (refusals.left > 0 && refusals.which(sms)) {
        refusals.left -= 1;
        response.writeHead(refusals.status).end();
        return;
      }
      recibidos.push(sms);
      requests.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: sms,
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    recibidos,
    intentos,
    requests,
    refuse(n, { status = 503, which = () => true } = {}) {
      refusals = { left: n, status, which };
    },
    refusalsLeft: () => refusals.left,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
