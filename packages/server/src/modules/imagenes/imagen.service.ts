import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.js';
import { storageFaultOf, type ImageStorage } from './imagen.storage.js';

/** Where images are kept (a local folder or an S3 bucket), for the modules that store some. */
export type { ImageStorage } from './imagen.storage.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: any phone photo fits; a decompression bomb doesn't. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Longest side kept; larger photos are scaled down (a menu card never shows more). */
const MAX_SIDE = 1600;
/**
 * Widths of the smaller copies made at upload (decision 0009): the app shows images at 64 px
 * (logos), ~180 px (cards on a phone) and ~360 px (product detail), at 1x and 2x.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640] as const;

/** `<hash>.jpg` → `<hash>-320.webp`: a variant's name is derived from the original's. */
export function variantNameOf(originalName: string, width: number): string {
  return `${originalName.replace(/\.(jpg|png)$/, '')}-${width}.webp`;
}

type Kind = 'jpeg' | 'png';

/** Recognises the image by its first bytes; the name and declared type are not trusted. */
export function sniffImage(data: Buffer): Kind | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'png';
  return undefined;
}

/** A smaller WebP copy (never wider than the original); sharp writes no metadata by default. */
function encodeVariant(original: Buffer, width: number): Promise<Buffer> {
  return sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75, effort: 4 })
    .toBuffer();
}

/**
 * What the owner reads when the disk refuses the image. Neither is their mistake nor fixed by
 * trying again, so both send them to whoever runs the site; the fault itself goes to the log.
 */
export const SIN_ESPACIO_IMAGEN =
  'No hay espacio para guardar la imagen. Avisa al administrador del sitio.';
export const ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN =
  'No se puede guardar la imagen: el almacenamiento del sitio no está disponible. Avisa al administrador del sitio.';

/** The answer for a failed write, keeping the disk's error as `cause` for the log. */
function saveFailure(cause: unknown): AppError {
  const fault = storageFaultOf(cause);
  const error =
    fault === 'full'
      ? new AppError('SIN_ESPACIO', SIN_ESPACIO_IMAGEN)
      : fault === 'unavailable'
        ? new AppError('ALMACENAMIENTO_NO_DISPONIBLE', ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN)
        : new AppError(
            'SERVICIO_NO_DISPONIBLE',
            'No se pudo guardar la imagen. Inténtalo de nuevo más tarde.',
          );
  error.cause = cause;
  return error;
}

/**
 * Variants first, then the original: once the original exists, its variants do too (a
 * re-upload of an image stored before variants existed makes the missing ones). When a write
 * fails, the files this call made are removed again, so a full or read-only disk leaves no
 * variants without their original behind.
 */
async function saveWithVariants(
  storage: ImageStorage,
  name: string,
  output: Buffer,
): Promise<number> {
  const saved: string[] = [];
  let bytes = output.length;
  try {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = variantNameOf(name, width);
      if (await storage.exists(variant)) continue;
      const data = await encodeVariant(output, width);
      await storage.save(variant, data);
      saved.push(variant);
      bytes += data.length;
    }
    if (!(await storage.exists(name))) await storage.save(name, output);
    return bytes;
  } catch (error) {
    // Best effort: on a read-only disk the removal fails too, and nothing was written there.
    await Promise.all(saved.map((file) => storage.remove(file).catch(() => undefined)));
    throw saveFailure(error);
  }
}

const notAllowed = (message?: string) => new AppError('ARCHIVO_NO_PERMITIDO', message);

/**
 * Checks, re-encodes (which drops EXIF, GPS and every other metadata) and stores an upload
 * under a name derived from its content; answers the public path.
 */
export async function storeUploadedImage(storage: ImageStorage, data: Buffer): Promise<string> {
  return (await storeImage(storage, data)).path;
}

export interface StoredImage {
  /** The public path, `/images/<name>`. */
  path: string;
  name: string;
  /** What this upload wrote: the original and the smaller copies it made. */
  bytes: number;
}

/**
 * storeUploadedImage for an owner's upload: `admit` sees the image's name and size once it is
 * re-encoded and before anything is written, and may refuse it (the shop's disk quota).
 */
export async function storeImage(
  storage: ImageStorage,
  data: Buffer,
  admit?: (name: string, bytes: number) => Promise<void>,
): Promise<StoredImage> {
  const kind = sniffImage(data);
  if (!kind) throw notAllowed();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    throw notAllowed('La imagen está dañada o no se puede leer');
  }
  if (!width || !height) throw notAllowed('La imagen está dañada o no se puede leer');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'ARCHIVO_GRANDE',
      'La imagen tiene demasiados píxeles: el máximo es 40 megapíxeles',
    );
  }
  let output: Buffer;
  try {
    const pipeline = sharp(data, options)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    output =
      kind === 'jpeg'
        ? await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
        : await pipeline.png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw notAllowed('La imagen está dañada o no se puede leer');
  }
  const name = `${createHash('sha256').update(output).digest('hex').slice(0, 32)}.${kind === 'jpeg' ? 'jpg' : 'png'}`;
  await admit?.(name, output.length);
  const bytes = await saveWithVariants(storage, name, output);
  return { path: `/images/${name}`, name, bytes };
}

/** The original and every smaller copy of an image, as stored. */
export function filesOfImage(name: string): string[] {
  return [name, ...IMAGE_VARIANT_WIDTHS.map((width) => variantNameOf(name, width))];
}
