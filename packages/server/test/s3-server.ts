import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageConfig } from '../src/config.js';

/** The part of s3rver 3.7.1 (untyped CommonJS) these tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's one account: it checks every request's signature against these. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** What IMAGE_STORAGE=s3 would read from S3_*: path-style, s3rver's credentials. */
  config: S3StorageConfig;
  endpoint: string;
  bucket: string;
  /** The objects' keys in the bucket, read from s3rver's folder (not through S3). */
  keys(): Promise<string[]>;
  /** Stops answering: every later request to the endpoint is refused. */
  stop(): Promise<void>;
  /** Stops and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, objects in a temporary folder) on a free port of
 * 127.0.0.1, with one empty bucket.
 */
export async function startS3Server(bucket = 'tianguis-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    // The SDK keeps its connections open; close() alone would wait for them to idle out.
    server.httpServer.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    config: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    async keys() {
      // s3rver keeps `<key>._S3rver_object` (plus metadata files) under <directory>/<bucket>.
      const files = await fs.readdir(path.join(directory, bucket)).catch(() => [] as string[]);
      return files
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length))
        .sort();
    },
    stop,
    async destroy() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
