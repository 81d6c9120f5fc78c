import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.js';
import {
  contentTypeOf,
  isSafeImageName,
  StorageFaultError,
  type ImageStorage,
} from './imagen.storage.js';

/**
 * How long one call to the store may take. A store that doesn't answer must fail an upload in
 * a few seconds (503), not hold the owner's request: each call gets 2 s to connect and 3 s for
 * the answer to start (or a stalled body to move), and one retry, so about 7 s at worst; a
 * store that refuses connections fails at once (docs/operations.md, "Images and storage").
 */
export interface S3Timeouts {
  connectMs: number;
  requestMs: number;
  maxAttempts: number;
}

export const DEFAULT_S3_TIMEOUTS: S3Timeouts = {
  connectMs: 2_000,
  requestMs: 3_000,
  maxAttempts: 2,
};

interface S3Failure {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Failure | undefined)?.$metadata?.httpStatusCode;

/** A key that isn't there (GetObject's NoSuchKey, HeadObject's bare 404), not a missing bucket. */
function isMissing(error: unknown): boolean {
  const { name } = (error ?? {}) as S3Failure;
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (statusOf(error) === 404 && name !== 'NoSuchBucket')
  );
}

/**
 * Any other failure means the store can't be used now (down, slow, wrong credentials, no
 * bucket): `unavailable`, which the upload answers 503 ALMACENAMIENTO_NO_DISPONIBLE. The SDK's
 * errors carry no credentials; only the name and message are kept.
 */
function unavailable(action: string, error: unknown): StorageFaultError {
  const { name, code, message } = (error ?? {}) as S3Failure;
  const cause = code ?? name ?? 'Error';
  return new StorageFaultError(
    'unavailable',
    cause,
    `el almacenamiento S3 falló al ${action}: ${cause}${message ? ` (${message})` : ''}`,
    { cause: error },
  );
}

/**
 * The SDK warns once per process that its releases after January 2027 will need Node 22. The
 * project supports Node 20.19 (README), so that warning is noise in every log; the SDK's
 * documented switch turns it off, unless the operator already set it
 * (docs/decisions/0016-image-storage-s3.md).
 */
function silenceNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

/**
 * Images in an S3-compatible bucket that every instance shares (docs/operations.md, "Images
 * and storage"). Keys are the image names themselves.
 */
export function createS3ImageStorage(
  config: S3StorageConfig,
  timeouts: S3Timeouts = DEFAULT_S3_TIMEOUTS,
): ImageStorage & { close(): void } {
  silenceNodeVersionWarning();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId !== undefined && config.secretAccessKey !== undefined
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    maxAttempts: timeouts.maxAttempts,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      // The answer's body may not stall longer than that either.
      socketTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
    },
    // Checksums only where S3 requires them: the SDK's newer default (a CRC32 header on
    // every upload) is refused by several S3-compatible stores. Content-MD5 guards saves.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => {
    if (!isSafeImageName(name)) throw new Error(`nombre de imagen inválido: ${name}`);
    return name;
  };

  return {
    // One PUT: S3 makes an object visible whole or not at all, and refuses a body that doesn't
    // match its Content-MD5, so a cut upload never appears under the image's name.
    async save(name, data) {
      const Key = keyOf(name);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: data,
            ContentLength: data.length,
            ContentMD5: createHash('md5').update(data).digest('base64'),
            ContentType: contentTypeOf(name),
          }),
        );
      } catch (error) {
        throw unavailable('guardar la imagen', error);
      }
    },
    async exists(name) {
      const Key = keyOf(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw unavailable('buscar la imagen', error);
      }
    },
    // Deleting a key that isn't there succeeds in S3.
    async remove(name) {
      const Key = keyOf(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        throw unavailable('borrar la imagen', error);
      }
    },
    async read(name, conditions = {}) {
      const Key = keyOf(name);
      const { ifNoneMatch, ifModifiedSince } = conditions;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            // If-None-Match wins over If-Modified-Since (RFC 9110 §13.1.3): never both.
            ...(ifNoneMatch !== undefined
              ? { IfNoneMatch: ifNoneMatch }
              : ifModifiedSince !== undefined && { IfModifiedSince: ifModifiedSince }),
          }),
        );
        return {
          notModified: false,
          body: answer.Body as Readable,
          length: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOf(name),
          etag: answer.ETag,
          lastModified: answer.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 304) return { notModified: true, etag: ifNoneMatch };
        if (isMissing(error)) return undefined;
        throw unavailable('leer la imagen', error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
