import { execFileSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.js';
import { runWrite } from '../src/db/group-commit.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { DISCO_LLENO_MENSAJE } from '../src/http/error-handler.js';
import { isDiskFull } from '../src/lib/db-errors.js';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import {
  createPublicShop,
  guestBody,
  PEDIDO2,
  placeGuest,
  postInvitado,
  type PublicShop,
} from './pedido-factories.js';
import { describeWhenAvailable, tmpfsMountReason } from './requires.js';

/**
 * SQLite on a disk that fills up, made for real: the database file lives on a small tmpfs that
 * the test fills to the last byte (ENOSPC, which SQLite reports as SQLITE_FULL). A write answers
 * 503 SERVICIO_NO_DISPONIBLE with a Spanish message instead of a 500, every request of a failed
 * group commit batch gets it, `/ready` answers 503 `sin-espacio` while writes fail and 200 once
 * they work again, and no order committed before is lost or damaged.
 *
 * When the disk fills, a write that fits in WAL space already allocated still succeeds; one
 * that must grow the WAL fails. To make "the next write must grow a file" hold every run, the
 * WAL is checkpointed and truncated to 0 bytes (`wal_checkpoint(TRUNCATE)`) before the disk is
 * filled: the moment a filling disk reaches sooner or later, reached at once.
 *
 * SQLite only (on PostgreSQL a full disk is the database server's, answered 503 by SQLSTATE
 * 53100 in lib/db-errors.ts); needs root to mount (test/requires.ts says so, and fails in CI).
 */

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });

const isMounted = (dir: string) =>
  fsSync
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[1] === dir);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const mountReason = onPostgres ? undefined : tmpfsMountReason();

/** A small tmpfs at a new folder; `fill()` takes every free byte, `free()` gives them back. */
async function mountSmallDisk(sizeMb: number) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-disco-lleno-'));
  const dir = path.join(root, 'disco');
  await fs.mkdir(dir);
  run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir]);
  const filler = path.join(dir, 'relleno');
  return {
    dir,
    async freeBytes() {
      const { bavail, bsize } = await fs.statfs(dir);
      return bavail * bsize;
    },
    async fill() {
      const { bavail, bsize } = await fs.statfs(dir);
      await fs.writeFile(filler, Buffer.alloc(bavail * bsize));
      expect((await fs.statfs(dir)).bavail).toBe(0);
    },
    async free() {
      await fs.rm(filler, { force: true });
    },
    async unmount() {
      while (isMounted(dir)) run('umount', ['-l', dir]);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** Copies the whole WAL into the file and truncates it, from a connection of the test's own. */
function truncateWal(file: string): void {
  const own = new SqliteDatabase(file, { timeout: 5000 });
  try {
    const [result] = own.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    expect(result?.busy).toBe(0);
  } finally {
    own.close();
  }
  expect(fsSync.statSync(`${file}-wal`).size).toBe(0);
}

const suite = (name: string, body: () => void) =>
  onPostgres
    ? describe.skip(`${name} (solo SQLite: corre en la pasada SQLite de CI)`, body)
    : describeWhenAvailable(name, mountReason, body);

suite('SQLite on a full disk: the group commit', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let handle: DbHandle;

  beforeEach(async () => {
    disk = await mountSmallDisk(16);
    handle = createDb(`sqlite:${path.join(disk.dir, 'g.db')}`);
    await migrateToLatest(handle.db);
    await sql`create table relleno (id integer primary key, datos blob not null)`.execute(
      handle.db,
    );
  });
  afterEach(async () => {
    await handle?.db.destroy();
    await disk?.unmount();
  });

  const insert = (bytes: number) =>
    runWrite(handle.db, async (trx) => {
      await sql`insert into relleno (datos) values (${Buffer.alloc(bytes, 7)})`.execute(trx);
    });
  const rows = async () =>
    (await sql<{ n: number }>`select count(*) as n from relleno`.execute(handle.db)).rows[0]!.n;

  it('every piece of a batch whose commit fails on the full disk is rejected with the disk error', async () => {
    await insert(100);
    truncateWal(handle.sqliteFile!);
    await disk.fill();
    // Started together: one batch (group-commit.ts), whose COMMIT cannot grow the WAL.
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => insert(100)));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as { code?: string };
      expect(isDiskFull(reason), String(reason.code)).toBe(true);
    }
    expect(handle.diskFull?.isFull).toBe(true);
    expect(await rows()).toBe(1);

    await disk.free();
    await insert(100);
    expect(await rows()).toBe(2);
  });

  it("a piece whose own statement meets the full disk fails the batch with that error, not with a lost savepoint's", async () => {
    await insert(100);
    truncateWal(handle.sqliteFile!);
    await disk.fill();
    // The big one spills its pages to the WAL while it runs (a page cache of 10 pages makes
    // sure it must): SQLite rolls the whole transaction back there, savepoint included, so the
    // pieces before it in the batch are gone too.
    await sql`pragma cache_size = 10`.execute(handle.db);
    const before = insert(10);
    const big = insert(6 * 1024 * 1024);
    const after = insert(10);
    const results = await Promise.allSettled([before, big, after]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as { code?: string };
      expect(isDiskFull(reason), String(reason.code)).toBe(true);
    }
    expect(await rows()).toBe(1);

    await disk.free();
    await Promise.all([insert(10), insert(10)]);
    expect(await rows()).toBe(3);
  });
});

suite('SQLite on a full disk: requests, /ready and committed orders', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let server: TestServer;
  let shop: PublicShop;
  let file: string;
  const log: string[] = [];

  beforeAll(async () => {
    disk = await mountSmallDisk(32);
    file = path.join(disk.dir, 'tianguis.db');
    server = await startTestServer({
      database: { url: `sqlite:${file}`, dialect: 'sqlite', drop: async () => undefined },
      logger: true,
      logStream: logInto(log),
      config: { ...TEST_ADMIN, logLevel: 'warn' },
    });
    shop = await createPublicShop(server, await signInAdmin(server), {
      productos: [
        { name: 'Tlayuda', price: 85 },
        { name: 'Agua de horchata', price: 25.5 },
      ],
    });
  });
  afterAll(async () => {
    await server?.destroy();
    await disk?.unmount();
  });

  const lineas = () => shop.productos.map((p) => ({ productoId: p.id, cantidad: 2 }));

  it('answers 503 with a Spanish message, /ready 503 while writes fail and 200 once they work; no committed order is lost', async () => {
    // Orders acknowledged before the disk fills.
    const committed = [];
    for (let i = 0; i < 3; i++)
      committed.push(await placeGuest(server, guestBody(shop.tiendaId, lineas())));
    expect((await server.call('/ready')).status).toBe(200);

    truncateWal(file);
    await disk.fill();

    // A burst of guests at once: their writes share group commits, and every one is refused
    // alike, with the full-disk message and a Retry-After, never a 500.
    const refusedBodies = Array.from({ length: 8 }, () => guestBody(shop.tiendaId, lineas()));
    const refused = await Promise.all(refusedBodies.map((body) => postInvitado(server, body)));
    for (const res of refused) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'SERVICIO_NO_DISPONIBLE', message: DISCO_LLENO_MENSAJE });
      expect(res.headers.get('retry-after')).toBe('30');
    }

    // Out of the balancer while writes fail; reads still work, the process stays alive.
    const notReady = await server.call('/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ status: 'sin-espacio', database: 'sqlite' });
    expect(notReady.headers.get('retry-after')).toBe('5');
    expect((await server.call('/live')).status).toBe(200);
    for (const { seguimiento, pedido } of committed) {
      const res = await server.call<{ id: number }>(PEDIDO2.seguimiento(seguimiento));
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(pedido.id);
    }

    // Still full: still refused, still not ready (a probe writing one page would fit in the
    // WAL space the failed writes left, so room on the disk comes first).
    const again = await postInvitado(server, guestBody(shop.tiendaId, lineas()));
    expect(again.status).toBe(503);
    expect((await server.call('/ready')).status).toBe(503);
    expect(await disk.freeBytes()).toBeLessThan(1024 * 1024);

    // Room again: ready after a real write commits, and orders are taken, without a restart.
    await disk.free();
    const ready = await server.call('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: 'sqlite' });
    const after = await placeGuest(server, guestBody(shop.tiendaId, lineas()));
    expect(after.pedido.id).toBeGreaterThan(committed.at(-1)!.pedido.id);

    // Nothing failed in a way the log calls an error (a 503 is a warning).
    expect(
      log
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level >= 50),
    ).toEqual([]);

    // The file itself, closed and opened again: sound, every acknowledged order whole, none
    // of the refused ones.
    await server.stop();
    const check = new SqliteDatabase(file, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.pragma('foreign_key_check')).toEqual([]);
      const pedidos = check
        .prepare('select id, celular, monto_total from pedido order by id')
        .all() as { id: number; celular: string; monto_total: number }[];
      const acknowledged = [...committed, after].map((c) => c.pedido);
      expect(pedidos.map((p) => p.id)).toEqual(acknowledged.map((p) => p.id));
      for (const pedido of acknowledged) {
        const lines = check
          .prepare('select cantidad, precio from pedido_detalle where pedido_id = ? order by id')
          .all(pedido.id) as { cantidad: number; precio: number }[];
        expect(lines).toHaveLength(2);
        expect(lines.map((l) => l.cantidad)).toEqual([2, 2]);
      }
      const refusedPhones = refusedBodies.map((b) => b.cliente.celular);
      expect(pedidos.filter((p) => refusedPhones.includes(p.celular))).toEqual([]);
    } finally {
      check.close();
    }
  });
});
