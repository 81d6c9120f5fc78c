import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale, type ScaleSpec } from '../../../scripts/bench/seed-scale.js';
import { createDb, sqliteFileOf } from '../src/db/create-db.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';
import { createShopper, signInAdmin, TEST_ADMIN, type SignedIn } from './factories.js';
import { createPublicShop, type PublicShop } from './pedido-factories.js';
import { startServerProcess } from './server-process.js';
import { repoRoot, runToEnd } from './child-process.js';

const backupScript = path.join(repoRoot, 'scripts/backup.ts');

/** Orders placed live before the backup starts, so the copy has plenty of fresh ones to check. */
const ORDERS_BEFORE_BACKUP = 40;

/** Order history loaded before the server starts (about 7 MB), as a shop with a past has. */
const HISTORY: ScaleSpec = {
  shops: 20,
  productsPerShop: 20,
  categoriesPerShop: 2,
  shoppers: 100,
  orders: 20_000,
  hotShopOrders: 0,
};

/** `npm run backup -- <destination>`, as its own process, the way an administrator runs it. */
const runBackup = (env: Record<string, string>, destination: string) =>
  runToEnd(process.execPath, ['--import', 'tsx', backupScript, destination], { env });

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * `npm run backup` while the server takes a burst of orders and image uploads: the copy passes
 * SQLite's integrity check, holds every order acknowledged before the backup started, and every
 * order in it is whole (all its lines, its total, its live event); the copied images are whole
 * files, none half-written.
 *
 * SQLite only: on PostgreSQL the script hands over to pg_dump, whose consistent snapshot is
 * PostgreSQL's own business, and the SQLite file this test inspects does not exist.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(onPostgres)(
  `npm run backup on a busy server${onPostgres ? ' (solo SQLite: en PostgreSQL copia pg_dump; corre en la pasada SQLite de CI)' : ''}`,
  () => {
    let database: TestDatabase;
    let setup: TestServer;
    let shop: PublicShop;
    let shoppers: SignedIn[];
    let workDir: string;
    let imagesDir: string;
    let server: ChildProcess | undefined;

    beforeAll(async () => {
      workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-backup-'));
      imagesDir = path.join(workDir, 'images');
      database = await createTestDatabase();
      setup = await startTestServer({ database, config: { ...TEST_ADMIN, imagesDir } });
      const adminToken = await signInAdmin(setup);
      shop = await createPublicShop(setup, adminToken, {
        costoDeEnvio: 12.5,
        productos: [
          { name: 'Taco de pastor', price: 19.99 },
          { name: 'Agua de jamaica', price: 25.5 },
        ],
      });
      shoppers = [];
      for (let i = 0; i < 16; i += 1) shoppers.push(await createShopper(setup));
      await setup.stop();
      const history = createDb(database.url);
      try {
        await seedScale(history.db, history.dialect, HISTORY);
      } finally {
        await history.db.destroy();
      }
    });

    afterAll(async () => {
      if (server) await stopProcess(server);
      await setup?.destroy();
      await fs.rm(workDir, { recursive: true, force: true });
    });

    it('copies a consistent database and whole images while orders keep coming', async () => {
      const env = {
        DATABASE_URL: database.url,
        IMAGES_DIR: imagesDir,
        OUTBOX_DIR: path.join(workDir, 'outbox'),
      };
      const started = await startServerProcess(env);
      server = started.child;
      const base = `http://127.0.0.1:${started.port}`;
      // A long reader (a report, another backup) holds a snapshot from before the burst, so no
      // checkpoint can move the burst's commits into the database file: they are in the WAL
      // only. A copy of the file alone (cp) would miss every one of them; the backup must not.
      const longReader = new SqliteDatabase(sqliteFileOf(database.url), { readonly: true });
      longReader.exec('BEGIN');
      longReader.prepare('SELECT COUNT(*) FROM pedido').pluck().get();
      const post = (url: string, token: string, body: unknown) =>
        fetch(base + url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      const acknowledged: number[] = [];
      let stopping = false;
      const [taco, agua] = shop.productos;

      const orderLoops = shoppers.map(async (shopper) => {
        while (!stopping) {
          for (const productoId of [taco!.id, agua!.id]) {
            const res = await post('/api/shoppingcartmarket/addItem', shopper.token, {
              productoId,
            });
            expect(res.status).toBe(200);
            await res.arrayBuffer();
          }
          const res = await post('/api/shoppingcartmarket/proccesscart', shopper.token, {
            tiendaId: shop.tiendaId,
          });
          await res.arrayBuffer();
          expect(res.status).toBe(200);
          const pedidoId = Number(res.headers.get('x-pedido-id'));
          acknowledged.push(pedidoId);
          // The shop works its board: at most 3 NUEVO orders per phone per shop (docs/api.md).
          const done = await post('/api/pedido/completarpedidobypedidoid', shop.owner.token, {
            pedidoId,
          });
          await done.arrayBuffer();
          expect(done.status).toBe(200);
        }
      });
      // The owner keeps uploading new pictures meanwhile: files appear while the folder is copied.
      let uploads = 0;
      const uploadLoop = (async () => {
        while (!stopping) {
          uploads += 1;
          const png = await sharp({
            create: {
              width: 400,
              height: 300,
              channels: 3,
              background: { r: uploads % 256, g: 90, b: 40 },
            },
          })
            .png()
            .toBuffer();
          const body = new FormData();
          body.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
          const res = await fetch(`${base}/api/ImageStorage/uploadImage`, {
            method: 'POST',
            headers: { authorization: `Bearer ${shop.owner.token}` },
            body,
          });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      })();

      const deadline = Date.now() + 30_000;
      while (acknowledged.length < ORDERS_BEFORE_BACKUP) {
        if (Date.now() > deadline) throw new Error(`solo ${acknowledged.length} pedidos en 30 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const beforeBackup = [...acknowledged];
      const destination = path.join(workDir, 'copias', 'tianguis.db');
      const backup = await runBackup(env, destination);
      const duringBackup = acknowledged.length - beforeBackup.length;
      longReader.exec('COMMIT');
      longReader.close();
      stopping = true;
      await Promise.all([...orderLoops, uploadLoop]);
      await stopProcess(server);

      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('integrity_check: ok');
      expect(backup.stdout).toMatch(/pedido\s+\d+/);
      // The server did take orders while the script ran: the copy was made under load.
      expect(duringBackup).toBeGreaterThan(0);
      console.info(
        `${beforeBackup.length} pedidos antes de la copia, ${duringBackup} mientras corría, ` +
          `${uploads} imágenes subidas\n${backup.stdout}`,
      );

      // Only the copy and its images folder: no temporary or -wal file beside it.
      expect((await fs.readdir(path.dirname(destination))).sort()).toEqual([
        'tianguis-images',
        'tianguis.db',
      ]);
      const copy = new SqliteDatabase(destination, { readonly: true, fileMustExist: true });
      const live = new SqliteDatabase(sqliteFileOf(database.url), { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        const count = (query: string, ...params: unknown[]) =>
          copy
            .prepare(query)
            .pluck()
            .get(...params) as number;
        // The copy is one moment of the database, over the whole history: no order without
        // lines, none whose lines don't add up to it, no line or event without its order.
        expect(count('SELECT COUNT(*) FROM pedido')).toBeGreaterThan(HISTORY.orders);
        expect(
          count(
            `SELECT COUNT(*) FROM pedido p
           WHERE p.monto_total != p.subtotal + p.costo_de_envio
              OR p.subtotal IS NOT (SELECT SUM(d.precio * d.cantidad) FROM pedido_detalle d
                                    WHERE d.pedido_id = p.id)`,
          ),
        ).toBe(0);
        expect(
          count(
            `SELECT COUNT(*) FROM pedido_detalle d
           WHERE NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id = d.pedido_id)`,
          ),
        ).toBe(0);
        expect(
          count(
            `SELECT COUNT(*) FROM pedido_evento e
           WHERE NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id = e.pedido_id)`,
          ),
        ).toBe(0);

        // The orders of this run, one by one.
        const pedidos = copy
          .prepare('SELECT id, subtotal, monto_total FROM pedido WHERE tienda_id = ? ORDER BY id')
          .all(shop.tiendaId) as { id: number; subtotal: number; monto_total: number }[];
        const lines = copy
          .prepare(
            'SELECT pedido_id, nombre_producto, precio, cantidad FROM pedido_detalle WHERE tienda_id = ?',
          )
          .all(shop.tiendaId) as {
          pedido_id: number;
          nombre_producto: string;
          precio: number;
          cantidad: number;
        }[];
        // Each order's NUEVO event (its completion, when the copy has it, is a second event).
        const eventos = copy
          .prepare("SELECT pedido_id FROM pedido_evento WHERE tipo = 'NUEVO'")
          .pluck()
          .all() as number[];
        const ids = pedidos.map((p) => p.id);

        // Everything acknowledged before the backup began is in it; nothing that never was.
        expect(beforeBackup.filter((id) => !ids.includes(id))).toEqual([]);
        const liveIds = new Set(
          live
            .prepare('SELECT id FROM pedido WHERE tienda_id = ?')
            .pluck()
            .all(shop.tiendaId) as number[],
        );
        expect(ids.filter((id) => !liveIds.has(id))).toEqual([]);
        // One live event each, committed with its order.
        expect([...eventos].sort((a, b) => a - b)).toEqual(ids);
        for (const pedido of pedidos) {
          const own = lines.filter((l) => l.pedido_id === pedido.id);
          expect(own.map((l) => l.nombre_producto).sort(), `pedido ${pedido.id}`).toEqual([
            'Agua de jamaica',
            'Taco de pastor',
          ]);
          const subtotal = own.reduce((sum, l) => sum + l.precio * l.cantidad, 0);
          expect(pedido.subtotal).toBe(subtotal);
          expect(pedido.monto_total).toBe(subtotal + 1250);
        }
      } finally {
        copy.close();
        live.close();
      }

      // The images: whole files only (each decodes to the end), no temporary ones.
      const copied = await fs.readdir(path.join(workDir, 'copias', 'tianguis-images'));
      expect(copied.length).toBeGreaterThan(0);
      expect(copied.filter((name) => !/^[a-f0-9]{32}(-\d+\.webp|\.png)$/.test(name))).toEqual([]);
      for (const name of copied) {
        await sharp(path.join(workDir, 'copias', 'tianguis-images', name)).stats();
      }
    }, 90_000);
  },
);
