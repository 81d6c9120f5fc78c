import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 standing in for the browsers' (FCM, Mozilla, Apple): it hands out
// subscriptions as a browser would (its own P-256 pair and 16-byte auth secret for each) and, for
// every message it receives, checks the request the way a push service and then the browser do:
// the headers, the RFC 8292 VAPID authorization (ES256 JWT), and the RFC 8291 aes128gcm body,
// which it decrypts itself with node:crypto (no web-push, no http_ece). What it decrypted is
// kept per subscription; what was wrong is kept in `problems`.

export type Answer = 201 | 404 | 410 | 429 | 500 | 'hang';

export interface Received {
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string;
  vapid: { aud: string; exp: number; sub: string; k: string };
  /** performance.now() when the request arrived (the benchmark's clock). */
  at: number;
}

export interface StandInSubscription {
  id: string;
  endpoint: string;
  /** What PushSubscription.toJSON() gives a web app. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Slot {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  /** Answers for the next POSTs, in order; the last one repeats. */
  answers: Answer[];
  attempts: number;
  received: Received[];
}

export interface PushServiceStandIn {
  origin: string;
  /** The VAPID key (base64url) every message must be signed with; set it from clavepublica. */
  expectedVapidKey: string | undefined;
  /** Requests that broke a rule: a test that sends anything expects this to stay empty. */
  problems: string[];
  subscribe(): StandInSubscription;
  /** How the next POSTs to this subscription are answered (the last one repeats). */
  answer(id: string, ...answers: Answer[]): void;
  received(id: string): Received[];
  attempts(id: string): number;
  /** Polls until the subscription has `count` decrypted messages. */
  waitForMessages(id: string, count: number, timeoutMs?: number): Promise<Received[]>;
  /** Polls until the subscription got `count` POSTs (whatever was answered). */
  waitForAttempts(id: string, count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function rawP256Key(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('k no es un punto P-256 sin comprimir');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; answers the claims or throws saying what is wrong. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization no es "vapid t=..., k=...": ${header}`);
  const [, token = '', k = ''] = match;
  if (expectedKey !== undefined && k !== expectedKey) throw new Error('k no es la clave pública');
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('t no es un JWT');
  const [head = '', body = '', signature = ''] = parts;
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error(`alg ${header64.alg}`);
  const isSigned = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: rawP256Key(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isSigned) throw new Error('la firma ES256 del JWT no es de k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${String(claims.aud)} no es ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) {
    throw new Error(`exp ${String(claims.exp)} fuera de las próximas 24 h`);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('falta sub');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, k };
}

/** RFC 8291 §3.3–3.4 keys, then RFC 8188 records; answers the plaintext or throws. */
function decrypt(body: Buffer, slot: Slot): Buffer {
  if (body.length < 21) throw new Error('cuerpo demasiado corto');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || senderKey[0] !== 0x04)
    throw new Error('keyid no es la clave P-256 del remitente');
  if (rs < 18) throw new Error(`rs ${rs}`);
  const ecdhSecret = slot.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), slot.publicKey, senderKey]);
  const ikm = hmac(hmac(slot.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let at = 0, seq = 0; at < records.length; at += rs, seq += 1) {
    const record = records.subarray(at, at + rs);
    const isLast = at + rs >= records.length;
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low bytes (RFC 8188 §2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const delimiter = plain[end];
    if (delimiter !== (isLast ? 0x02 : 0x01)) throw new Error(`delimitador ${delimiter}`);
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const slots = new Map<string, Slot>();
  const problems: string[] = [];
  let sequence = 0;
  let origin = '';
  const standIn: PushServiceStandIn = {
    origin: '',
    expectedVapidKey: undefined,
    problems,
    subscribe,
    answer(id, ...answers) {
      slotOf(id).answers = answers;
    },
    received: (id) => slotOf(id).received,
    attempts: (id) => slotOf(id).attempts,
    async waitForMessages(id, count, timeoutMs = 10_000) {
      await pollUntil(
        () => slotOf(id).received.length >= count,
        timeoutMs,
        () => {
          return `${slotOf(id).received.length} de ${count} mensajes; problemas: ${problems.join('; ')}`;
        },
      );
      return slotOf(id).received;
    },
    async waitForAttempts(id, count, timeoutMs = 10_000) {
      await pollUntil(
        () => slotOf(id).attempts >= count,
        timeoutMs,
        () => `${slotOf(id).attempts} de ${count} intentos`,
      );
    },
    close,
  };

  function slotOf(id: string): Slot {
    const slot = slots.get(id);
    if (!slot) throw new Error(`suscripción ${id} desconocida`);
    return slot;
  }

  function subscribe(): StandInSubscription {
    sequence += 1;
    const id = `s${sequence}-${randomBytes(6).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    slots.set(id, { ecdh, publicKey, auth, answers: [201], attempts: 0, received: [] });
    const endpoint = `${origin}/push/${id}`;
    return {
      id,
      endpoint,
      json: {
        endpoint,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  const server = http.createServer((request, response) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const slot = id === undefined ? undefined : slots.get(id);
      if (request.method !== 'POST' || !slot) {
        response.writeHead(404).end();
        return;
      }
      slot.attempts += 1;
      try {
        const ttl = Number(request.headers.ttl);
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        }
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${request.headers.ttl}`);
        const urgency = String(request.headers.urgency);
        if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) {
          throw new Error(`Urgency ${urgency}`);
        }
        const vapid = checkVapid(request.headers.authorization, origin, standIn.expectedVapidKey);
        const plain = decrypt(Buffer.concat(chunks), slot);
        const answer = slot.answers.length > 1 ? slot.answers.shift()! : slot.answers[0]!;
        if (answer === 'hang') return;
        if (answer === 201) {
          slot.received.push({
            payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
            ttl,
            urgency,
            vapid,
            at,
          });
        }
        response.writeHead(answer).end();
      } catch (error) {
        problems.push(`${id}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.origin = origin;

  async function close() {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return standIn;
}

/** Polls `done` every 20 ms; throws with `describe()` once `timeoutMs` has passed. */
export async function pollUntil(
  done: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  describe: () => string = () => 'condición',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`tiempo agotado esperando: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
