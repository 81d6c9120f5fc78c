import {
  startPushServiceStandIn,
  type StandInSubscription,
} from '../../packages/server/test/push-service.js';
import { openEventStream, type OpenStream } from './event-stream.js';
import { percentile } from './load.js';
import { signInSeeded } from './built-server.js';
import type { SeededScale } from './seed-scale.js';

/** What the alert rows measured, for run.ts to print beside the others. */
export interface AlertMeasure {
  /** Order answer → the Web Push request at the push service (decrypted there). */
  push: number[];
  /** Order answer → the order's event on its owner's open stream (what rings the screen). */
  sse: number[];
  orders: number;
  seconds: number;
  errors: number;
  /** Requests the push service stand-in found wrong (VAPID, encryption, headers). */
  problems: string[];
}

export const ALERT_OWNERS = 100;
export const ALERT_ORDERS = 200;
const ALERT_CONNECTIONS = 10;

/**
 * Every owner's alert path, (docs/alerts.md, "Measured"): 100 shops whose owners each have a Web Push
 * subscription (at a push service stand-in on this machine that checks the VAPID signature and
 * decrypts every message) and an open live stream; 10 neighbours place 200 guest orders spread
 * over them. For each order, from its answer (the commit happened just before) to the push
 * request arriving at the push service, and to the event on the owner's stream. Both leave after
 * the commit, so either may beat the answer: that shows as a negative figure.
 */
export async function measureAlerts(options: {
  base: string;
  seeded: SeededScale;
  /** First shop index of the 100 (the other rows leave them alone). */
  firstShop: number;
  lineas: (shopIndex: number) => { productoId: number; cantidad: number }[];
  addressOf: (n: number) => string;
}): Promise<AlertMeasure> {
  const { base, seeded, firstShop } = options;
  const shops = seeded.shops.slice(firstShop, firstShop + ALERT_OWNERS);
  const service = await startPushServiceStandIn();
  const streams: OpenStream[] = [];
  try {
    const tokens = await signInSeeded(
      base,
      shops.map((s) => s.ownerEmail),
      (i) => ({ 'x-forwarded-for': options.addressOf(20_000 + i) }),
    );
    const clave = (await (await fetch(`${base}/api/push/clavepublica`)).json()) as {
      publicKey: string;
    };
    service.expectedVapidKey = clave.publicKey;

    const subscriptionOf = new Map<number, StandInSubscription>();
    const eventAt = new Map<number, number>();
    for (const shop of shops) {
      const token = tokens.get(shop.ownerEmail)!;
      const subscription = service.subscribe();
      const res = await fetch(`${base}/api/push/suscribir`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(subscription.json),
      });
      if (res.status !== 201) throw new Error(`suscribir: ${res.status} ${await res.text()}`);
      subscriptionOf.set(shop.id, subscription);
      streams.push(
        await openEventStream(`${base}/api/pedido/eventos`, token, (e) => {
          if (e.event !== 'pedido') return;
          const { tipo, pedido } = JSON.parse(e.data) as { tipo: string; pedido?: { id: number } };
          if (tipo === 'NUEVO' && pedido) eventAt.set(pedido.id, performance.now());
        }),
      );
    }

    const answeredAt = new Map<number, { at: number; shopId: number }>();
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: ALERT_CONNECTIONS }, async () => {
        while (next < ALERT_ORDERS) {
          const n = next++;
          const shopIndex = firstShop + (n % ALERT_OWNERS);
          const shop = seeded.shops[shopIndex]!;
          const res = await fetch(`${base}/api/pedido/invitado`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'idempotency-key': `alertas-${process.pid}-${n}-${Date.now()}`,
              'x-forwarded-for': options.addressOf(30_000 + n),
            },
            body: JSON.stringify({
              tiendaId: shop.id,
              lineas: options.lineas(shopIndex),
              cliente: { nombreCompleto: 'Vecino de prueba', celular: String(5600000000 + n) },
              entrega: { tipo: 'DOMICILIO', direccion: 'Av. Juárez 10', referencias: 'Azul' },
              pago: { metodo: 'EFECTIVO' },
            }),
          });
          const at = performance.now();
          const body = (await res.json()) as { pedido?: { id: number } };
          if (res.status === 201 && body.pedido)
            answeredAt.set(body.pedido.id, { at, shopId: shop.id });
          else errors += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // Alerts still on their way: wait for each, up to 10 s.
    const pushAt = (pedidoId: number, shopId: number) =>
      service.received(subscriptionOf.get(shopId)!.id).find((r) => r.payload.pedidoId === pedidoId)
        ?.at;
    const deadline = performance.now() + 10_000;
    const missing = () =>
      [...answeredAt].some(
        ([id, { shopId }]) => !eventAt.has(id) || pushAt(id, shopId) === undefined,
      );
    while (missing() && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const push: number[] = [];
    const sse: number[] = [];
    for (const [id, { at, shopId }] of answeredAt) {
      const pushed = pushAt(id, shopId);
      const streamed = eventAt.get(id);
      if (pushed === undefined || streamed === undefined) errors += 1;
      if (pushed !== undefined) push.push(pushed - at);
      if (streamed !== undefined) sse.push(streamed - at);
    }
    push.sort((a, b) => a - b);
    sse.sort((a, b) => a - b);
    return { push, sse, orders: answeredAt.size, seconds, errors, problems: service.problems };
  } finally {
    for (const stream of streams) stream.close();
    await service.close();
  }
}

export const summarize = (lags: number[]) => ({
  p50: percentile(lags, 50),
  p95: percentile(lags, 95),
  p99: percentile(lags, 99),
});
