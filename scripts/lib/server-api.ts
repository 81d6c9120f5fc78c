/**
 * Calls to a running server's HTTP API that several scripts make the same way (the A/B bench's
 * seed, the fault scripts, the cluster checks).
 */

/** A 1×1 PNG: catalogue images must be ones the server stored (docs/reliability.md, "Limits"). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PNG (the 1×1 one unless given) as `token`'s shop; answers its path. */
export async function uploadImage(
  baseUrl: string,
  token: string,
  png: Buffer = PNG_1X1,
): Promise<string> {
  const body = new FormData();
  body.append('files', new Blob([png], { type: 'image/png' }), 'prueba.png');
  const res = await fetch(`${baseUrl}/api/ImageStorage/uploadImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`uploadImage: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { path: string }).path;
}

/** The claims of a session token (its payload, unverified). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** POSTs `body` as JSON as `token`'s session, with an Idempotency-Key when given; the answer as is. */
export function postAs(
  url: string,
  token: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    },
    body: JSON.stringify(body),
  });
}
