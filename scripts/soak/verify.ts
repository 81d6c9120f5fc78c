/**
 * After the soak, with the server stopped: what the database holds, compared with what the
 * shoppers were told (acknowledged orders) and with what each owner's live stream delivered.
 */
import { createDb } from '../../packages/server/src/db/create-db.js';
import type { Owner } from './owner.js';
import type { AckedOrder } from './shopper.js';

export interface ShopEvents {
  tiendaId: number;
  usuario: string;
  ordersInDb: number;
  nuevoEventsReceived: number;
  eventsInDb: number;
  eventsReceived: number;
  missed: number;
  duplicated: number;
}

export interface Verification {
  orders: {
    acknowledged: number;
    inDb: number;
    /** Acknowledged, not in the database. */
    lost: number;
    /** In the database, never acknowledged to anyone. */
    unacknowledged: number;
    /** Acknowledged, but stored with other lines, total, shop, shopper or key. */
    contentMismatches: number;
    /** More than one order for one basket (one shopper's Idempotency-Key), or without a key. */
    duplicated: number;
    withoutKey: number;
    /** Orders an owner finished (and was told so) whose stored status differs. */
    statusMismatches: number;
    /** Finished in the database but no owner was told so. */
    unacknowledgedFinishes: number;
    samples: string[];
  };
  events: {
    /** All orders of the streams' shops vs NUEVO events the owners received for them. */
    ordersInDb: number;
    nuevoReceived: number;
    /** Orders whose NUEVO event never reached the owner. */
    missedOrders: number;
    /** NUEVO events received more than once. */
    duplicatedOrders: number;
    /** Every event row (new orders and status changes) vs events received. */
    eventsInDb: number;
    eventsReceived: number;
    missedEvents: number;
    duplicatedEvents: number;
    /** Received ids no event row of that shop has. */
    unknownEvents: number;
    outOfOrder: number;
    foreign: number;
    unreadable: number;
    drops: number;
    reconnects: number;
    failedReconnects: number;
    perShop: ShopEvents[];
    samples: string[];
  };
}

const MAX_SAMPLES = 20;

export async function verifyDatabase(
  databaseUrl: string,
  acked: AckedOrder[],
  owners: Owner[],
): Promise<Verification> {
  const { db } = createDb(databaseUrl);
  try {
    const pedidos = await db
      .selectFrom('pedido')
      .select(['id', 'tienda_id', 'account_id', 'status', 'monto_total', 'idempotency_key'])
      .execute();
    const detalles = await db
      .selectFrom('pedido_detalle')
      .select(['pedido_id', 'producto_id', 'cantidad'])
      .execute();
    const eventos = await db
      .selectFrom('pedido_evento')
      .select(['id', 'tienda_id', 'pedido_id', 'tipo'])
      .execute();

    const orderSamples: string[] = [];
    const note = (list: string[], text: string) => {
      if (list.length < MAX_SAMPLES) list.push(text);
    };

    const lineasOf = new Map<number, [number, number][]>();
    for (const d of detalles) {
      const list = lineasOf.get(Number(d.pedido_id)) ?? [];
      list.push([Number(d.producto_id), Number(d.cantidad)]);
      lineasOf.set(Number(d.pedido_id), list);
    }
    const byId = new Map(pedidos.map((p) => [Number(p.id), p]));
    const ackedById = new Map<number, AckedOrder>();
    for (const a of acked) ackedById.set(a.pedidoId, a);

    let lost = 0;
    let contentMismatches = 0;
    for (const a of ackedById.values()) {
      const p = byId.get(a.pedidoId);
      if (!p) {
        lost += 1;
        note(orderSamples, `pedido ${a.pedidoId} confirmado y ausente de la base`);
        continue;
      }
      const stored = (lineasOf.get(a.pedidoId) ?? []).sort((x, y) => x[0] - y[0]);
      const problems = [
        Number(p.tienda_id) !== a.tiendaId && `tienda ${p.tienda_id} ≠ ${a.tiendaId}`,
        Number(p.account_id) !== a.accountId && `cliente ${p.account_id} ≠ ${a.accountId}`,
        p.idempotency_key !== a.key && 'otra Idempotency-Key',
        Number(p.monto_total) !== a.montoTotal && `total ${p.monto_total} ≠ ${a.montoTotal}`,
        JSON.stringify(stored) !== JSON.stringify(a.lines) &&
          `líneas ${JSON.stringify(stored)} ≠ ${JSON.stringify(a.lines)}`,
      ].filter(Boolean);
      if (problems.length > 0) {
        contentMismatches += 1;
        note(orderSamples, `pedido ${a.pedidoId}: ${problems.join('; ')}`);
      }
    }
    let unacknowledged = 0;
    const perBasket = new Map<string, number[]>();
    let withoutKey = 0;
    for (const p of pedidos) {
      const id = Number(p.id);
      if (!ackedById.has(id)) {
        unacknowledged += 1;
        note(orderSamples, `pedido ${id} en la base, nunca confirmado`);
      }
      if (p.idempotency_key === null) {
        withoutKey += 1;
        continue;
      }
      const basket = `${p.account_id}/${p.idempotency_key}`;
      perBasket.set(basket, [...(perBasket.get(basket) ?? []), id]);
    }
    // One key is one basket: the shopper sends a fresh key for every basket it orders.
    const ackedKeys = new Map<string, Set<number>>();
    for (const a of acked) {
      const basket = `${a.accountId}/${a.key}`;
      ackedKeys.set(basket, (ackedKeys.get(basket) ?? new Set()).add(a.pedidoId));
    }
    let duplicated = withoutKey;
    for (const [basket, ids] of perBasket) {
      const all = new Set([...ids, ...(ackedKeys.get(basket) ?? [])]);
      if (all.size > 1) {
        duplicated += all.size - 1;
        note(orderSamples, `canasta ${basket}: pedidos ${[...all].join(', ')}`);
      }
    }

    let statusMismatches = 0;
    const finishedByOwners = new Map<number, string>();
    for (const o of owners) for (const [id, status] of o.finished) finishedByOwners.set(id, status);
    for (const [id, status] of finishedByOwners) {
      const stored = byId.get(id)?.status;
      if (stored !== status) {
        statusMismatches += 1;
        note(orderSamples, `pedido ${id}: ${status} confirmado, ${stored ?? 'ausente'} en la base`);
      }
    }
    const unacknowledgedFinishes = pedidos.filter(
      (p) => p.status !== 'NUEVO' && !finishedByOwners.has(Number(p.id)),
    ).length;

    // Streams.
    const eventSamples: string[] = [];
    const eventosOf = new Map<number, typeof eventos>();
    for (const e of eventos) {
      const list = eventosOf.get(Number(e.tienda_id)) ?? [];
      list.push(e);
      eventosOf.set(Number(e.tienda_id), list);
    }
    const pedidosOf = new Map<number, number[]>();
    for (const p of pedidos) {
      const list = pedidosOf.get(Number(p.tienda_id)) ?? [];
      list.push(Number(p.id));
      pedidosOf.set(Number(p.tienda_id), list);
    }
    const perShop: ShopEvents[] = [];
    const totals = {
      ordersInDb: 0,
      nuevoReceived: 0,
      missedOrders: 0,
      duplicatedOrders: 0,
      eventsInDb: 0,
      eventsReceived: 0,
      missedEvents: 0,
      duplicatedEvents: 0,
      unknownEvents: 0,
    };
    for (const owner of owners) {
      const tiendaId = owner.shop.id;
      const shopEventos = eventosOf.get(tiendaId) ?? [];
      const shopPedidos = pedidosOf.get(tiendaId) ?? [];
      const eventIds = new Set(shopEventos.map((e) => Number(e.id)));
      let missedEvents = 0;
      for (const e of shopEventos) {
        if (!owner.eventCounts.has(Number(e.id))) {
          missedEvents += 1;
          note(
            eventSamples,
            `${owner.shop.usuario}: no recibió el evento ${e.id} (${e.tipo} del pedido ${e.pedido_id})`,
          );
        }
      }
      let duplicatedEvents = 0;
      let unknownEvents = 0;
      let received = 0;
      for (const [id, count] of owner.eventCounts) {
        received += count;
        if (count > 1) {
          duplicatedEvents += count - 1;
          note(eventSamples, `${owner.shop.usuario}: el evento ${id} llegó ${count} veces`);
        }
        if (!eventIds.has(id)) {
          unknownEvents += 1;
          note(eventSamples, `${owner.shop.usuario}: evento ${id} que su tienda no tiene`);
        }
      }
      let missedOrders = 0;
      for (const id of shopPedidos) if (!owner.nuevos.has(id)) missedOrders += 1;
      let duplicatedOrders = 0;
      let nuevoReceived = 0;
      for (const count of owner.nuevos.values()) {
        nuevoReceived += count;
        duplicatedOrders += count - 1;
      }
      totals.ordersInDb += shopPedidos.length;
      totals.nuevoReceived += nuevoReceived;
      totals.missedOrders += missedOrders;
      totals.duplicatedOrders += duplicatedOrders;
      totals.eventsInDb += shopEventos.length;
      totals.eventsReceived += received;
      totals.missedEvents += missedEvents;
      totals.duplicatedEvents += duplicatedEvents;
      totals.unknownEvents += unknownEvents;
      perShop.push({
        tiendaId,
        usuario: owner.shop.usuario,
        ordersInDb: shopPedidos.length,
        nuevoEventsReceived: nuevoReceived,
        eventsInDb: shopEventos.length,
        eventsReceived: received,
        missed: missedEvents,
        duplicated: duplicatedEvents,
      });
    }
    const sum = (f: (o: Owner) => number) => owners.reduce((s, o) => s + f(o), 0);

    return {
      orders: {
        acknowledged: ackedById.size,
        inDb: pedidos.length,
        lost,
        unacknowledged,
        contentMismatches,
        duplicated,
        withoutKey,
        statusMismatches,
        unacknowledgedFinishes,
        samples: orderSamples,
      },
      events: {
        ...totals,
        outOfOrder: sum((o) => o.outOfOrder),
        foreign: sum((o) => o.foreign),
        unreadable: sum((o) => o.unreadable),
        drops: sum((o) => o.drops),
        reconnects: sum((o) => o.reconnects),
        failedReconnects: sum((o) => o.failedReconnects),
        perShop,
        samples: eventSamples,
      },
    };
  } finally {
    await db.destroy();
  }
}
