import { createECDH } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import {
  buildAlertaPedidoEstado,
  buildAlertaPedidoNuevo,
  isStatusAlertado,
  parsePesos,
  urlsDeAlerta,
  type AlertaPush,
  type PushSuscripcion,
} from '@tianguis/domain';
import type { PushConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { getOrCreateSetting } from '../../db/settings.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import * as pedidos from '../pedidos/pedido.service.js';
import type { PedidoEventBus, PedidoEvento } from '../pedidos/pedido.service.js';
import { findTiendaById } from '../tiendas/tienda.service.js';
import * as repo from './push.repository.js';
import {
  createPushSender,
  defaultPushDelivery,
  type PushDeliveryOptions,
  type PushResultado,
  type VapidKeys,
} from './push.sender.js';

/** Browsers an account (or a guest order) may have subscribed at once; the oldest go first. */
export const SUSCRIPCIONES_POR_DUENO = 10;

const VAPID_SETTING = 'vapid_keys';

/**
 * While nobody anywhere has subscribed (push unused), how long an instance trusts that it is
 * still so before reading it again. A subscription made through this instance ends it at once;
 * one made through another instance is seen within this time (docs/alerts.md).
 */
export const NADIE_SUSCRITO_MS = 2_000;

export interface PushService {
  /** False in production without VAPID keys: nothing is sent and the routes answer 503. */
  readonly enabled: boolean;
  publicKey(): string;
  subscribe(session: Session | null, body: PushSuscripcion): Promise<void>;
  /** Answers whether a subscription of the caller's was removed. */
  unsubscribe(
    session: Session | null,
    body: { endpoint: string; seguimiento?: string | undefined },
  ): Promise<boolean>;
  /** Sends the alerts an order event calls for, after the fact; never waits, never throws. */
  alert(evento: PedidoEvento): void;
  /** Sends `alerta` to every device of the shop's owner; never waits, never throws. */
  alertDueno(tiendaId: number, alerta: AlertaPush): void;
  close(): Promise<void>;
}

/**
 * Whether 65 bytes are a point on P-256: an ECDH agreement with it fails otherwise. A random
 * 65 bytes after 0x04 are almost never one, and a browser's key always is.
 */
const probe = createECDH('prime256v1');
probe.generateKeys();
export function isP256Point(bytes: Uint8Array): boolean {
  try {
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The VAPID pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; outside production without them, one pair
 * made once and kept in the database (every process and restart signs with the same key, so
 * browsers' subscriptions stay valid); in production without them, none.
 */
async function resolveVapid(
  db: Db,
  config: PushConfig,
  production: boolean,
): Promise<VapidKeys | undefined> {
  const { vapidPublicKey, vapidPrivateKey, vapidSubject: subject } = config;
  if (vapidPublicKey && vapidPrivateKey) {
    try {
      // Checks the pair's form (and the subject) now rather than at the first order.
      webpush.getVapidHeaders(
        'https://push.invalid',
        subject,
        vapidPublicKey,
        vapidPrivateKey,
        'aes128gcm',
      );
    } catch (error) {
      throw new Error(
        `Configuración inválida: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY/VAPID_SUBJECT: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return { subject, publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
  }
  if (production) return undefined;
  const stored = await getOrCreateSetting(db, VAPID_SETTING, () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { subject, ...keys };
}

export async function createPushService(deps: {
  db: Db;
  config: PushConfig;
  production: boolean;
  log: FastifyBaseLogger;
  delivery?: Partial<PushDeliveryOptions>;
  /** Told what became of every delivery attempt (the metrics, http/metrics.ts). */
  onOutcome?: (resultado: PushResultado) => void;
}): Promise<PushService> {
  const { db, log } = deps;
  const vapid = await resolveVapid(db, deps.config, deps.production);
  if (!vapid) {
    log.warn(
      'notificaciones push desactivadas: faltan VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY (docs/alerts.md)',
    );
  }
  const sender = vapid
    ? createPushSender({
        vapid,
        options: { ...defaultPushDelivery, ...deps.delivery },
        log,
        onGone: (s) => repo.deleteSuscripcionVencida(db, s),
        onOutcome: deps.onOutcome,
      })
    : undefined;
  /**
   * Push on, nobody subscribed: each order's alert would read the subscriptions and find none.
   * Until the first subscription, that is known for NADIE_SUSCRITO_MS at a time, so an order
   * costs no read for a feature nobody uses; from the first one on, every alert reads as before.
   */
  let hayAlguna = false;
  let nadieHasta = 0;
  async function nadieSuscrito(): Promise<boolean> {
    if (hayAlguna) return false;
    if (Date.now() < nadieHasta) return true;
    if (await repo.hasAnySuscripcion(db)) {
      hayAlguna = true;
      return false;
    }
    // A subscription made here while that read ran has set hayAlguna: it wins.
    if (!hayAlguna) nadieHasta = Date.now() + NADIE_SUSCRITO_MS;
    return !hayAlguna;
  }

  /** Alerts whose order is still being read: awaited (briefly) on close. */
  const preparing = new Set<Promise<void>>();
  let closed = false;

  const requireEnabled = () => {
    if (!vapid) throw new AppError('PUSH_NO_DISPONIBLE');
    return vapid;
  };

  /** A guest names their order by its tracking secret; anyone else must be signed in. */
  async function duenoOf(
    session: Session | null,
    seguimiento: string | undefined,
  ): Promise<repo.PushDueno> {
    if (seguimiento !== undefined) {
      return { pedidoId: await pedidos.findPedidoIdBySeguimiento(db, seguimiento) };
    }
    if (!session) throw new AppError('NO_AUTENTICADO');
    return { accountId: session.accountId };
  }

  function sendTo(suscripciones: repo.SuscripcionRow[], alerta: AlertaPush) {
    const payload = JSON.stringify(alerta);
    for (const s of suscripciones) sender?.send(s, payload);
  }

  /**
   * Queues an event's alerts, with the order as it is now. Who would be told is read first:
   * most events tell nobody (an order opened or paid, a shop or shopper without push), and
   * those cost one read at most, not the whole order.
   */
  async function prepare(evento: PedidoEvento) {
    if (evento.tipo !== 'NUEVO' && !isStatusAlertado(evento.tipo)) return;
    if (await nadieSuscrito()) return;
    if (evento.tipo === 'NUEVO') {
      const suscripciones = await repo.listSuscripcionesDeTienda(db, evento.tiendaId);
      if (suscripciones.length === 0) return;
      const found = await pedidos.findPedidoConSeguimiento(db, evento.pedidoId);
      // The owner typed it: they know.
      if (!found || found.pedido.origen === 'MANUAL') return;
      const { pedido } = found;
      // An order for later says when it is for, on the shop's clock (one more read, for it only).
      const programado =
        pedido.programadoPara === null
          ? null
          : {
              para: pedido.programadoPara,
              timeZone:
                (await findTiendaById(db, pedido.tiendaId))?.time_zone ?? 'America/Mexico_City',
            };
      const alerta = buildAlertaPedidoNuevo(
        {
          id: pedido.id,
          tiendaId: pedido.tiendaId,
          montoTotal: parsePesos(pedido.montoTotal) ?? 0,
          nombreCompleto: pedido.nombreCompleto,
          entregaTipo: pedido.entrega.tipo,
          programado,
        },
        urlsDeAlerta.tienda(pedido.id),
        new Date(),
      );
      sendTo(suscripciones, alerta);
      return;
    }
    // The event names the order's shopper (null: a guest, who subscribed with the order).
    const dueno: repo.PushDueno =
      evento.accountId !== null ? { accountId: evento.accountId } : { pedidoId: evento.pedidoId };
    const suscripciones = await repo.listSuscripcionesDe(db, dueno);
    if (suscripciones.length === 0) return;
    const found = await pedidos.findPedidoConSeguimiento(db, evento.pedidoId);
    if (!found) return;
    const { pedido, seguimiento } = found;
    const tienda = await findTiendaById(db, pedido.tiendaId);
    const url =
      'accountId' in dueno
        ? urlsDeAlerta.comprador(pedido.id)
        : seguimiento
          ? urlsDeAlerta.invitado(seguimiento)
          : '/';
    const alerta = buildAlertaPedidoEstado(
      {
        id: pedido.id,
        // The event names the change; the order may have moved on since.
        status: evento.tipo,
        listoEstimado: evento.tipo === 'ACEPTADO' ? pedido.listoEstimado : null,
        motivoCancelacion: evento.tipo === 'CANCELADO' ? pedido.motivoCancelacion : null,
        nombreTienda: pedido.nombreTienda,
        entregaTipo: pedido.entrega.tipo,
      },
      tienda?.time_zone ?? 'America/Mexico_City',
      url,
    );
    sendTo(suscripciones, alerta);
  }

  return {
    enabled: vapid !== undefined,
    publicKey: () => requireEnabled().publicKey,
    async subscribe(session, body) {
      requireEnabled();
      const dueno = await duenoOf(session, body.seguimiento);
      await repo.upsertSuscripcion(db, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        dueno,
        now: nowIso(),
      });
      hayAlguna = true;
      await repo.trimSuscripciones(db, dueno, SUSCRIPCIONES_POR_DUENO);
    },
    async unsubscribe(session, body) {
      const dueno = await duenoOf(session, body.seguimiento);
      return repo.deleteSuscripcionDe(db, body.endpoint, dueno);
    },
    alert(evento) {
      if (!sender || closed) return;
      const work = prepare(evento).catch((error: unknown) =>
        log.warn({ err: error, pedidoId: evento.pedidoId }, 'no se prepararon las notificaciones'),
      );
      preparing.add(work);
      void work.finally(() => preparing.delete(work));
    },
    alertDueno(tiendaId, alerta) {
      if (!sender || closed) return;
      const work = (async () => {
        if (await nadieSuscrito()) return;
        sendTo(await repo.listSuscripcionesDeTienda(db, tiendaId), alerta);
      })().catch((error: unknown) =>
        log.warn({ err: error, tiendaId }, 'no se prepararon las notificaciones'),
      );
      preparing.add(work);
      void work.finally(() => preparing.delete(work));
    },
    async close() {
      closed = true;
      await Promise.all(preparing);
      await sender?.close();
    },
  };
}

/**
 * The event bus, with alerts: after the real publish (the commit is done), the alerts are
 * queued without waiting. Wrapping publish, not subscribing, keeps one alert per event on
 * PostgreSQL, where every process hears every event but only the committing one publishes it.
 */
export function withPushAlerts(bus: PedidoEventBus, push: PushService): PedidoEventBus {
  return {
    async publish(evento) {
      try {
        await bus.publish(evento);
      } finally {
        push.alert(evento);
      }
    },
    subscribe: (listener) => bus.subscribe(listener),
    ready: () => bus.ready(),
    close: () => bus.close(),
  };
}
