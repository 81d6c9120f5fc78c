import { execFileSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
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
  call,
  createPublicShop,
  guestBody,
  newKey,
  type PedidoConSeguimiento,
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
 * On PostgreSQL the disk is the database server's: the order tables are moved to a tablespace
 * on a small tmpfs, filled the same way, and a write that must extend a table file fails with
 * SQLSTATE 53100 (disk_full), answered with the same 503. `/ready` stays 200 there on purpose:
 * every instance shares that disk, and taking them all out of the balancer would not free it.
 *
 * Needs root to mount, and on PostgreSQL a server on this machine (test/requires.ts says what
 * is missing, and fails in CI).
 */

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });

const isMounted = (dir: string) =>
  fsSync
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[1] === dir);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const mountReason = tmpfsMountReason();

/** The PostgreSQL server's own user, which must own a tablespace's folder (a local server). */
const postgresUser = (() => {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
})();

/** A small tmpfs at a new folder; `fill()` takes every free byte, `free()` gives them back. */
async function mountSmallDisk(sizeMb: number, owner?: { uid: number; gid: number }) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-disco-lleno-'));
  // The PostgreSQL server must be able to reach the folder.
  await fs.chmod(root, 0o755);
  const dir = path.join(root, 'disco');
  await fs.mkdir(dir);
  const ownerOptions = owner ? `,uid=${owner.uid},gid=${owner.gid},mode=0700` : ',mode=0755';
  run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m${ownerOptions}`, 'tmpfs', dir]);
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

const postgresSuite = (name: string, body: () => void) =>
  onPostgres
    ? describeWhenAvailable(
        name,
        mountReason ??
          (postgresUser ? undefined : 'un servidor PostgreSQL en esta máquina (usuario postgres)'),
        body,
      )
    : describe.skip(`${name} (solo PostgreSQL: corre con TEST_DATABASE_URL, como en CI)`, body);

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

  it('a write outside the group commit (an owner adding a special day) is refused the same way, and /ready notices it too', async () => {
    truncateWal(file);
    await disk.fill();
    const refused = await server.call('/api/horariosdias/add', {
      token: shop.owner.token,
      body: { fecha: '2099-12-25' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'SERVICIO_NO_DISPONIBLE', message: DISCO_LLENO_MENSAJE });
    // Only the request's error told: no group commit batch failed.
    expect((await server.call('/ready')).body).toEqual({
      status: 'sin-espacio',
      database: 'sqlite',
    });

    await disk.free();
    expect((await server.call('/ready')).status).toBe(200);
    const saved = await server.call('/api/horariosdias/add', {
      token: shop.owner.token,
      body: { fecha: '2099-12-25' },
    });
    expect(saved.status).toBe(200);
  });

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

postgresSuite('PostgreSQL on a full disk (its tables on a filled tmpfs tablespace)', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let server: TestServer;
  let shop: PublicShop;
  let admin: pg.Client;
  const tablespace = `tianguis_lleno_${process.pid}`;

  beforeAll(async () => {
    disk = await mountSmallDisk(8, postgresUser);
    // Guests come from many addresses (X-Forwarded-For believed): more orders than one address
    // may place are needed before a page fills.
    server = await startTestServer({ config: { ...TEST_ADMIN, trustProxy: true } });
    shop = await createPublicShop(server, await signInAdmin(server), {
      productos: [{ name: 'Memela', price: 30 }],
    });
    admin = new pg.Client({ connectionString: server.database.url });
    await admin.connect();
    await admin.query(`create tablespace ${tablespace} location '${disk.dir}'`);
    // An order writes these three: each new row needs room in its table's file.
    for (const table of ['pedido', 'pedido_detalle', 'pedido_evento']) {
      await admin.query(`alter table ${table} set tablespace ${tablespace}`);
    }
  });
  afterAll(async () => {
    await admin?.end();
    // The database (and its files in the tablespace) first, then the tablespace, then the disk.
    await server?.destroy();
    if (disk) {
      const root = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await root.connect();
      await root.query(`drop tablespace if exists ${tablespace}`).finally(() => root.end());
      await disk.unmount();
    }
  });

  /** A guest order that had to be taken: 201 and its answer. */
  const placed = (res: { status: number; body: PedidoConSeguimiento }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  let guest = 0;
  /** A guest order from an address of its own. */
  const order = () => {
    guest += 1;
    return call<PedidoConSeguimiento>(
      server,
      PEDIDO2.invitado,
      undefined,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
      {
        headers: {
          'idempotency-key': newKey(),
          'x-forwarded-for': `10.9.${guest >> 8}.${guest & 255}`,
        },
      },
    );
  };

  it('a write that cannot extend a table answers 503 with the Spanish message; orders committed before stay; it works again once there is room', async () => {
    const before = placed(await order());
    await disk.fill();
    // Orders still fit in the pages the tables have; one of them soon needs a new page, which
    // the disk refuses (53100). At most a page's worth of orders can get in first.
    const accepted: number[] = [];
    let refused: Awaited<ReturnType<typeof order>> | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await order();
      if (res.status === 201) accepted.push(res.body.pedido.id);
      else refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body).toEqual({ code: 'SERVICIO_NO_DISPONIBLE', message: DISCO_LLENO_MENSAJE });
    expect(refused?.headers.get('retry-after')).toBe('30');
    // Still full: refused again; the process serves reads, and /ready stays 200 (see above).
    const again = await order();
    expect(again.status).toBe(503);
    expect((await server.call(PEDIDO2.seguimiento(before.seguimiento))).status).toBe(200);
    expect((await server.call('/ready')).status).toBe(200);

    await disk.free();
    const after = placed(await order());
    // Every acknowledged order is there, whole; the refused ones are not.
    const { rows } = await admin.query<{ id: number; lineas: number }>(
      `select p.id, (select count(*)::int from pedido_detalle d where d.pedido_id = p.id) as lineas
         from pedido p order by p.id`,
    );
    expect(rows.map((r) => r.id)).toEqual([before.pedido.id, ...accepted, after.pedido.id]);
    expect(rows.every((r) => r.lineas === 1)).toBe(true);
  });
});
