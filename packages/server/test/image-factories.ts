import fs from 'node:fs/promises';
import sharp from 'sharp';

// Shared setup for the image tests: pictures made on the spot, the multipart body the web app
// sends, the upload call and the images folder as it stands.

/** A PNG of one colour (a CSS colour or {r, g, b}). */
export function solidPng(
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

let colour = 0;
/** A different PNG each call (a new colour: a new content hash, so a new file). */
export function uniquePng(width = 16, height = width): Promise<Buffer> {
  colour += 1;
  const c = colour;
  return solidPng(width, height, {
    r: c % 256,
    g: Math.floor(c / 256) % 256,
    b: (c * 7) % 256,
  });
}

/** A multipart body holding one file, in the field the web app uses (`files`) unless told. */
export function imageForm(
  data: Uint8Array,
  filename = 'foto.png',
  type = 'image/png',
  field = 'files',
): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return body;
}

export interface UploadAnswer {
  status: number;
  body: Record<string, string>;
}

/** POST /api/ImageStorage/uploadImage with `body`, as `token` (none when null or undefined). */
export function postImage(
  server: { baseUrl: string },
  token: string | null | undefined,
  body: FormData,
): Promise<Response> {
  return fetch(`${server.baseUrl}/api/ImageStorage/uploadImage`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
}

/** postImage, read: the answer's status and JSON body. */
export async function uploadImage(
  server: { baseUrl: string },
  token: string | null | undefined,
  body: FormData,
): Promise<UploadAnswer> {
  const response = await postImage(server, token, body);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** Uploads a PNG that must be taken; answers its path (/images/…). */
export async function uploadPng(
  server: { baseUrl: string },
  token: string,
  png: Buffer,
  filename = 'foto.png',
): Promise<string> {
  const res = await uploadImage(server, token, imageForm(png, filename));
  if (res.status !== 200 || !res.body.path) {
    throw new Error(`uploadImage: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.path;
}

/** The files in the images folder, hidden ones left out. */
export async function storedFiles(server: { imagesDir: string }): Promise<string[]> {
  return (await fs.readdir(server.imagesDir).catch(() => [] as string[])).filter(
    (n) => !n.startsWith('.'),
  );
}
