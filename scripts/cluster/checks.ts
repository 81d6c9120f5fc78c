/**
 * `npm run cluster -- --check`: what "three working instances with shared images" means, asked
 * of the running cluster through its API (docs/operations.md, "Three instances on one machine").
 * Each check prints one line; packages/server/test/cluster.test.ts reads them.
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  ADMIN,
  claimsOf,
  createApprovedShop,
  signIn,
  uploadImage,
  type Post,
} from '../faults/api-setup.js';
import { openSseStream, type SseStream } from '../lib/sse-client.js';
import type { RoundRobinProxy } from './proxy.js';

/** The lines a passing run prints, in order (each after "✔ "). */
export const CHECKS = {
  ready: '/ready responde 200 en las tres instancias',
  imagen: 'una imagen subida por la instancia 1 la sirven la 2 y la 3 con los mismos bytes',
  pedido:
    'un pedido de invitado hecho en la instancia 2 llega en vivo (SSE) al dueño conectado a la instancia 3',
  pagina: 'la página pública de la tienda responde en las tres instancias',
  proxy: 'el proxy reparte entre las tres y deja pasar el SSE sin retenerlo',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function postTo(base: string): Post {
  return async <T>(urlPath: string, body: unknown, token?: string): Promise<T> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(base + urlPath, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

/** A small PNG of random noise: new bytes every run, so no earlier upload can stand in for it. */
function noisePng(): Promise<Buffer> {
  const width = 64;
  const height = 48;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Resolves once the stream has answered 200 (its subscription exists by then). */
async function opened(stream: SseStream, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (stream.opens === 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `${what} no se abrió (respuestas: ${stream.refusals.join(', ') || 'ninguna'})`,
      );
    }
    await sleep(50);
  }
}

const orderIdOf = (data: string) =>
  (JSON.parse(data) as { pedido?: { id?: number } }).pedido?.id ?? -1;

/**
 * Runs every check against `instances` (their direct addresses, instance 1 first) and the proxy
 * in front of them; prints ✔ or ✘ per check. Answers whether all passed.
 */
export async function runChecks(options: {
  instances: string[];
  proxy: RoundRobinProxy;
  admin?: { email: string; password: string };
}): Promise<boolean> {
  const { instances, proxy } = options;
  const [uno, dos, tres] = instances as [string, string, string];
  const proxyBase = `http://127.0.0.1:${proxy.port}`;
  const admin = options.admin ?? ADMIN;
  let passed = true;
  const check = async (name: string, run: () => Promise<string | void>) => {
    try {
      const detail = await run();
      console.log(`✔ ${name}${detail ? ` (${detail})` : ''}`);
    } catch (error) {
      passed = false;
      console.log(`✘ ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  await check(CHECKS.ready, async () => {
    const statuses = await Promise.all(
      instances.map(async (base) => {
        const res = await fetch(`${base}/ready`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    if (statuses.some((s) => s !== 200)) throw new Error(`respuestas ${statuses.join(', ')}`);
  });

  // A shop of its own, made through instance 1: approved and with no opening hours, so it takes
  // orders whatever the time (the sample taquería is closed in the morning and on Sundays).
  let shop: Awaited<ReturnType<typeof createApprovedShop>>;
  try {
    const post = postTo(uno);
    const adminToken = await signIn(post, admin.email, admin.password);
    shop = await createApprovedShop(
      post,
      adminToken,
      [{ name: 'Torta de milanesa', price: 65, descripcion: 'Con aguacate', detalle: 'Grande' }],
      (token) => uploadImage(uno, token),
    );
  } catch (error) {
    console.log(
      `✘ no se pudo preparar la tienda de prueba por la instancia 1 (${admin.email}): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
    return false;
  }
  const owner = shop.owner;
  // The token's `actort` claim is the shop's public name (packages/server/src/modules/accounts/token.ts).
  const usuario = String(claimsOf(owner.token).actort);

  await check(CHECKS.imagen, async () => {
    const png = await noisePng();
    const imagePath = await uploadImage(uno, owner.token, png);
    const served = await Promise.all(
      instances.map(async (base) => {
        const res = await fetch(base + imagePath);
        const body = Buffer.from(await res.arrayBuffer());
        return { status: res.status, type: res.headers.get('content-type'), body };
      }),
    );
    const first = served[0]!;
    if (first.status !== 200) throw new Error(`la instancia 1 responde ${first.status}`);
    for (const [i, s] of served.entries()) {
      if (s.status !== 200) throw new Error(`la instancia ${i + 1} responde ${s.status}`);
      if (!s.body.equals(first.body) || s.type !== first.type) {
        throw new Error(`la instancia ${i + 1} sirve otros bytes (${s.body.length}, ${s.type})`);
      }
    }
    return `${imagePath}, ${first.body.length} bytes, sha256 ${sha256(first.body).slice(0, 12)}…`;
  });

  // Opened with ?lastEventId=0 so the stream's starting point is fixed before the order exists;
  // half a second later its first read of the outbox is done, so the order can only reach it
  // through PostgreSQL's NOTIFY from instance 2 (docs/reliability.md).
  const direct = openSseStream(`${tres}/api/pedido/eventos?lastEventId=0`, owner.token, {
    reconnect: false,
  });
  const throughProxy = openSseStream(`${proxyBase}/api/pedido/eventos?lastEventId=0`, owner.token, {
    reconnect: false,
  });
  let pedidoId: number | undefined;
  try {
    await check(CHECKS.pedido, async () => {
      await opened(direct, 'el stream de la instancia 3');
      await opened(throughProxy, 'el stream por el proxy');
      await sleep(500);
      const started = performance.now();
      const res = await fetch(`${dos}/api/pedido/invitado`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `cluster-${process.pid}-${Date.now()}`,
        },
        body: JSON.stringify({
          tiendaId: owner.tiendaId,
          lineas: [{ productoId: shop.productos[0]!.id, cantidad: 2 }],
          cliente: { nombreCompleto: 'Vecina de prueba', celular: '5512345678' },
          entrega: { tipo: 'DOMICILIO', direccion: 'Av. Juárez 10', referencias: 'Portón azul' },
          pago: { metodo: 'EFECTIVO' },
        }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`pedido: ${res.status} ${text.slice(0, 300)}`);
      pedidoId = (JSON.parse(text) as { pedido: { id: number } }).pedido.id;
      const event = await direct.waitFor(
        (e) => e.event === 'pedido' && orderIdOf(e.data) === pedidoId,
      );
      const ms = Math.round(performance.now() - started);
      const tipo = (JSON.parse(event.data) as { tipo: string }).tipo;
      return `pedido ${pedidoId}, ${tipo}, ${ms} ms desde el pedido`;
    });

    await check(CHECKS.pagina, async () => {
      const pages = await Promise.all(
        instances.map(async (base) => {
          const res = await fetch(`${base}/tienda/${encodeURIComponent(usuario)}`);
          return { status: res.status, html: await res.text() };
        }),
      );
      for (const [i, page] of pages.entries()) {
        if (page.status !== 200) throw new Error(`la instancia ${i + 1} responde ${page.status}`);
        if (!page.html.includes('Torta de milanesa')) {
          throw new Error(`la página de la instancia ${i + 1} no muestra el menú`);
        }
      }
      return `/tienda/${usuario}`;
    });

    await check(CHECKS.proxy, async () => {
      if (pedidoId === undefined) throw new Error('no hubo pedido que esperar');
      await throughProxy.waitFor((e) => e.event === 'pedido' && orderIdOf(e.data) === pedidoId);
      await proxy.refresh();
      const before = proxy.upstreams.map((u) => u.served);
      for (let i = 0; i < 9; i += 1) {
        const res = await fetch(`${proxyBase}/api/tienda/publica/${usuario}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`por el proxy: ${res.status}`);
      }
      const spread = proxy.upstreams.map((u, i) => u.served - before[i]!);
      if (spread.some((n) => n !== 3))
        throw new Error(`9 peticiones repartidas ${spread.join('/')}`);
      return `9 peticiones: ${spread.join('/')}; el pedido llegó por el SSE del proxy`;
    });
  } finally {
    direct.close();
    throughProxy.close();
  }
  return passed;
}
