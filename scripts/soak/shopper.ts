/**
 * One simulated shopper, signed in, behaving like a person on the web app: a visit starts on
 * the home page (the directory, at most once a minute, as the app caches it) or straight on a
 * shop's page (a QR code or a link), reads the shop's public page (revalidated with its ETag,
 * as the browser does), looks at the cart, adds a few products with pauses in between, now and
 * then takes one off or drops a line, sometimes gives up and empties the basket, and otherwise
 * checks out once the basket reaches the shop's minimum (sometimes trying too early first, which
 * the server must refuse). Every basket is ordered with its own Idempotency-Key, as the app
 * does; now and then the checkout is sent twice (a retry after a lost answer, a double tap),
 * and both answers must name the same order. Each cart answer is compared with what the
 * shopper believes the basket holds.
 */
import { randomUUID } from 'node:crypto';
import type { Traffic } from './traffic.js';

export interface SoakShop {
  index: number;
  id: number;
  usuario: string;
}

interface Catalogue {
  etag: string;
  montoMinimo: number;
  costoDeEnvio: number;
  /** Centavos by product id. */
  precios: Map<number, number>;
  productoIds: number[];
}

export interface AckedOrder {
  pedidoId: number;
  accountId: number;
  tiendaId: number;
  key: string;
  /** [productoId, cantidad], sorted by product. */
  lines: [number, number][];
  /** Centavos. */
  montoTotal: number;
  /** performance.now() when the answer was read. */
  answeredAt: number;
}

/** What all shoppers share: the server, the shops, the clock, and what was ordered. */
export interface ShopperWorld {
  traffic: Traffic;
  shops: SoakShop[];
  shopById: Map<number, SoakShop>;
  /** performance.now() after which no new request is started. */
  deadline: number;
  rampMs: number;
  acked: AckedOrder[];
  counters: {
    visits: number;
    abandoned: number;
    belowMinimumTries: number;
    retries: number;
    doubleSubmits: number;
    /** A repeated checkout answered with another order than the first: a duplicate. */
    duplicateAnswers: number;
  };
  /** Catalogues as read by anyone (they don't change during a soak). */
  catalogues: Map<string, Catalogue>;
}

export interface ShopperAccount {
  index: number;
  accountId: number;
  token: string;
}

/** Small deterministic PRNG (mulberry32): each shopper gets its own sequence. */
export function rngOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const centavos = (pesos: number) => Math.round(pesos * 100);

interface CartLine {
  productoId: number;
  cantidad: number;
  shoppingCartId: number;
  precio: number;
}

/** The lines of `tiendaId`'s group in a cart answer, or undefined if the answer isn't a cart. */
function linesOf(answer: unknown, tiendaId: number): CartLine[] | undefined {
  if (!Array.isArray(answer)) return undefined;
  const group = (answer as { tiendaId: number; listOfShoppingCartMarketStore: CartLine[] }[]).find(
    (g) => g.tiendaId === tiendaId,
  );
  return group ? group.listOfShoppingCartMarketStore : [];
}

export async function runShopper(account: ShopperAccount, world: ShopperWorld): Promise<void> {
  const rng = rngOf(0x5eed + account.index * 7919);
  const between = (lo: number, hi: number) => lo + rng() * (hi - lo);
  const pick = <T>(items: T[]): T => items[Math.floor(rng() * items.length)]!;
  const over = () => performance.now() >= world.deadline;
  /** A pause; false if the soak ended meanwhile. */
  const think = async (lo = 500, hi = 3000) => {
    const ms = between(lo, hi);
    const left = world.deadline - performance.now();
    await sleep(Math.max(0, Math.min(ms, left)));
    return !over();
  };
  const { traffic } = world;
  const token = account.token;
  // Each shopper has a few shops it goes back to, and sometimes tries another.
  const favourites = Array.from({ length: 3 }, () => pick(world.shops));
  const etags = new Map<string, string>();
  let listedAt = -Infinity;
  // What this shopper believes its basket in the current shop holds: productoId -> cantidad.
  let basket = new Map<number, number>();
  let lines: CartLine[] = [];

  const post = async (kind: string, path: string, body: unknown, extra: Partial<CallOpts> = {}) => {
    const answer = await traffic.call(kind, 'POST', path, { token, body, ...extra });
    if (!answer) unsure = true;
    return answer;
  };

  // After a change whose answer never came (already counted as an error), the basket may or
  // may not hold it: the next answer is taken as it comes instead of being compared.
  let unsure = false;
  /** Compares a cart answer with the basket, then takes the answer as the truth. */
  const checkCart = (kind: string, answer: unknown, tiendaId: number) => {
    const got = linesOf(answer, tiendaId);
    if (!got) {
      traffic.answerError(kind, 'la respuesta no es una canasta');
      return;
    }
    const gotMap = new Map(got.map((l) => [l.productoId, l.cantidad]));
    const same =
      gotMap.size === basket.size && [...basket].every(([id, n]) => gotMap.get(id) === n);
    if (!same && !unsure) {
      traffic.answerError(
        kind,
        `canasta de la tienda ${tiendaId}: esperaba ${JSON.stringify([...basket])}, llegó ${JSON.stringify([...gotMap])}`,
      );
    }
    basket = gotMap;
    lines = got;
    unsure = false;
  };

  const readCatalogue = async (shop: SoakShop): Promise<Catalogue | undefined> => {
    const etag = etags.get(shop.usuario);
    const answer = await traffic.call('publica', 'GET', `/api/tienda/publica/${shop.usuario}`, {
      token,
      headers: etag ? { 'if-none-match': etag } : {},
      expect: etag ? [200, 304] : [200],
    });
    if (!answer?.ok) return undefined;
    if (answer.status === 304) return world.catalogues.get(shop.usuario);
    const newEtag = answer.headers.get('etag') ?? '';
    const body = answer.json as {
      tienda?: {
        tiendaId: number;
        montoMinimo: number;
        costoDeEnvio: number;
        categorias: { productos: { id: number; price: number; activarODesactivar: boolean }[] }[];
      };
    };
    if (body?.tienda?.tiendaId !== shop.id) {
      traffic.answerError('publica', `la página de ${shop.usuario} no es su tienda`);
      return undefined;
    }
    etags.set(shop.usuario, newEtag);
    let catalogue = world.catalogues.get(shop.usuario);
    if (!catalogue || catalogue.etag !== newEtag) {
      const productos = body.tienda.categorias.flatMap((c) => c.productos);
      const activos = productos.filter((p) => p.activarODesactivar);
      catalogue = {
        etag: newEtag,
        montoMinimo: centavos(body.tienda.montoMinimo),
        costoDeEnvio: centavos(body.tienda.costoDeEnvio),
        precios: new Map(activos.map((p) => [p.id, centavos(p.price)])),
        productoIds: activos.map((p) => p.id),
      };
      world.catalogues.set(shop.usuario, catalogue);
    }
    if (catalogue.productoIds.length === 0) {
      traffic.answerError('publica', `${shop.usuario} sin productos`);
      return undefined;
    }
    return catalogue;
  };

  const subtotalOf = (catalogue: Catalogue) =>
    [...basket].reduce((sum, [id, n]) => sum + (catalogue.precios.get(id) ?? 0) * n, 0);

  const addItem = async (shop: SoakShop, productoId: number) => {
    const answer = await post('addItem', '/api/shoppingcartmarket/addItem', { productoId });
    if (!answer?.ok) return;
    basket.set(productoId, (basket.get(productoId) ?? 0) + 1);
    checkCart('addItem', answer.json, shop.id);
  };

  const checkout = async (shop: SoakShop, catalogue: Catalogue) => {
    const key = randomUUID();
    const ordered = [...basket].sort((a, b) => a[0] - b[0]);
    const montoTotal = subtotalOf(catalogue) + catalogue.costoDeEnvio;
    const send = () =>
      post(
        'proccesscart',
        '/api/shoppingcartmarket/proccesscart',
        { tiendaId: shop.id },
        { headers: { 'idempotency-key': key } },
      );
    const double = rng() < 0.03;
    if (double) world.counters.doubleSubmits += 1;
    const answers = double ? await Promise.all([send(), send()]) : [await send()];
    const ids = new Set<number>();
    let cartAnswer: unknown;
    for (const answer of answers) {
      if (!answer?.ok) continue;
      const id = Number(answer.headers.get('x-pedido-id'));
      if (!Number.isSafeInteger(id) || id <= 0) {
        traffic.answerError('proccesscart', 'sin X-Pedido-Id');
        continue;
      }
      ids.add(id);
      cartAnswer = answer.json;
    }
    if (ids.size === 0) return;
    const answeredAt = performance.now();
    if (ids.size > 1) {
      world.counters.duplicateAnswers += ids.size - 1;
      traffic.answerError('proccesscart', `una canasta, dos pedidos: ${[...ids].join(', ')}`);
    }
    for (const pedidoId of ids) {
      world.acked.push({
        pedidoId,
        accountId: account.accountId,
        tiendaId: shop.id,
        key,
        lines: ordered,
        montoTotal,
        answeredAt,
      });
    }
    const [pedidoId] = ids;
    basket = new Map();
    checkCart('proccesscart', cartAnswer, shop.id);

    // A retry after a lost answer: the same key must answer the same order.
    if (rng() < 0.05 && (await think(200, 1500))) {
      world.counters.retries += 1;
      const again = await send();
      if (again?.ok) {
        const id = Number(again.headers.get('x-pedido-id'));
        if (id !== pedidoId) {
          world.counters.duplicateAnswers += 1;
          traffic.answerError('proccesscart', `reintento: pedido ${id} en vez de ${pedidoId}`);
        }
      }
    }
    // Now and then the shopper looks at its orders: the new one must be there.
    if (rng() < 0.25 && (await think())) {
      const mine = await post('listarpedidosbyid', '/api/pedido/listarpedidosbyid', {});
      if (mine?.ok) {
        const found = Array.isArray(mine.json)
          ? (mine.json as { id: number }[]).some((p) => p.id === pedidoId)
          : false;
        if (!found) traffic.answerError('listarpedidosbyid', `falta el pedido ${pedidoId}`);
      }
    }
  };

  const visit = async () => {
    world.counters.visits += 1;
    let shop: SoakShop | undefined;
    if (performance.now() - listedAt > 60_000 && rng() < 0.5) {
      // The home page's list, as the web app asks for it.
      const list = await traffic.call('directorio', 'GET', '/api/tienda/directorio', { token });
      if (!list?.ok) return;
      listedAt = performance.now();
      const tiendas = Array.isArray(list.json) ? (list.json as { tiendaId: number }[]) : [];
      if (tiendas.length !== world.shops.length) {
        traffic.answerError(
          'directorio',
          `${tiendas.length} tiendas públicas, esperaba ${world.shops.length}`,
        );
      }
      if (tiendas.length === 0) return;
      shop = world.shopById.get(pick(tiendas).tiendaId);
      if (!(await think())) return;
    } else {
      shop = rng() < 0.7 ? pick(favourites) : pick(world.shops);
    }
    if (!shop) return;
    const catalogue = await readCatalogue(shop);
    if (!catalogue || over()) return;
    // The cart badge.
    const cart = await post('listarcarrito', '/api/shoppingcartmarket/listarcarrito', {});
    if (!cart?.ok) return;
    lines = linesOf(cart.json, shop.id) ?? [];
    basket = new Map(lines.map((l) => [l.productoId, l.cantidad]));
    unsure = false;

    const adds = 1 + Math.floor(rng() * 4);
    for (let i = 0; i < adds; i += 1) {
      if (!(await think())) return;
      await addItem(shop, pick(catalogue.productoIds));
      if (lines.length > 0 && rng() < 0.12 && (await think())) {
        const line = pick(lines);
        const answer = await post('removeItem', '/api/shoppingcartmarket/removeItem', {
          shoppingCartId: line.shoppingCartId,
        });
        if (answer?.ok) {
          const left = (basket.get(line.productoId) ?? 0) - 1;
          if (left > 0) basket.set(line.productoId, left);
          else basket.delete(line.productoId);
          checkCart('removeItem', answer.json, shop.id);
        }
      } else if (lines.length > 1 && rng() < 0.05 && (await think())) {
        const line = pick(lines);
        const answer = await post('clearItem', '/api/shoppingcartmarket/clearItem', {
          productoId: line.productoId,
        });
        if (answer?.ok) {
          basket.delete(line.productoId);
          checkCart('clearItem', answer.json, shop.id);
        }
      }
    }
    if (!(await think())) return;
    if (rng() < 0.08) {
      world.counters.abandoned += 1;
      const answer = await post('removecart', '/api/shoppingcartmarket/removecart', {
        tiendaId: shop.id,
      });
      if (answer?.ok) {
        basket = new Map();
        checkCart('removecart', answer.json, shop.id);
      }
      return;
    }
    if (basket.size === 0) await addItem(shop, pick(catalogue.productoIds));
    // Below the minimum: sometimes the shopper tries anyway and is told so, then adds more.
    if (subtotalOf(catalogue) < catalogue.montoMinimo && rng() < 0.5) {
      world.counters.belowMinimumTries += 1;
      await post(
        'proccesscart',
        '/api/shoppingcartmarket/proccesscart',
        { tiendaId: shop.id },
        {
          headers: { 'idempotency-key': randomUUID() },
          expect: [],
          refusal: { status: 400, code: 'MONTO_MINIMO' },
        },
      );
    }
    while (basket.size > 0 && subtotalOf(catalogue) < catalogue.montoMinimo) {
      if (!(await think())) return;
      await addItem(shop, pick(catalogue.productoIds));
    }
    if (basket.size === 0 || !(await think())) return;
    await checkout(shop, catalogue);
  };

  await sleep(rng() * world.rampMs);
  while (!over()) {
    await visit();
    // Between visits a shopper is off doing something else for a while.
    if (!(await think(2000, 8000))) break;
  }
}

type CallOpts = Parameters<Traffic['call']>[3] & object;
