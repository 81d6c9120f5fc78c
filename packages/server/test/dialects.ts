import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  dialect: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new PostgreSQL database when
 * TEST_DATABASE_URL names a server, otherwise a new SQLite file in a temporary folder.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `tianguis_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dialect: 'postgres',
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-test-'));
  return {
    url: `sqlite:${path.join(dir, 'tianguis.db')}`,
    dialect: 'sqlite',
    drop: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
