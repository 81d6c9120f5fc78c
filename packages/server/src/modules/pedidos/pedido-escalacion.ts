import type { FastifyBaseLogger } from 'fastify';
import { formatPesos, type TipoEventoPedido } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { startSweep, type Sweep } from '../../lib/sweep.js';
import type { Notifier } from '../../notifier/notifier.js';
import type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';
import * as repo from './pedido.repository.js';
import { findContactosDeTiendas, type ContactoDeTienda } from '../tiendas/tienda.service.js';

/** The event tipo of an order that waited too long; its status is still NUEVO. */
export const TIPO_ESCALADO = 'ESCALADO' as const satisfies TipoEventoPedido;

/** Orders claimed per transaction: a backlog (a long outage) is worked through in short turns. */
const LOTE = 100;

/**
 * Orders older than this are never escalated: the first boot of this feature on a database full
 * of long-abandoned NUEVO orders must not send the shop a message for each of them, and a
 * message about a day-old order helps no shopper.
 */
export const EDAD_MAXIMA_MS = 24 * 60 * 60 * 1000;

export interface EscalacionDeps {
  db: Db;
  bus: PedidoEventBus;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** The web app's address, for the order's link. */
  publicUrl: string;
}

export interface EscalacionOptions {
  /** An order still NUEVO this long after it was placed escalates. */
  alertaEscalarS: number;
  now?: Date;
}

interface Mensaje {
  pedidoId: number;
  canal: 'sms' | 'email';
  send: () => Promise<void>;
}

/** "menos de 1 minuto", "1 minuto", "4 minutos". */
function textoEspera(ms: number): string {
  const minutos = Math.floor(ms / 60_000);
  if (minutos < 1) return 'menos de 1 minuto';
  return minutos === 1 ? '1 minuto' : `${minutos} minutos`;
}

/** The order's address in the web app, where the owner can accept or cancel it. */
export function enlaceDePedido(publicUrl: string, pedidoId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/pedidosdetalle?id=${pedidoId}`;
}

function mensajesDe(
  pedido: repo.PedidoEscalado,
  contacto: ContactoDeTienda | undefined,
  deps: EscalacionDeps,
  now: Date,
): Mensaje[] {
  const total = formatPesos(pedido.monto_total);
  const espera = textoEspera(now.getTime() - Date.parse(pedido.fecha));
  const enlace = enlaceDePedido(deps.publicUrl, pedido.id);
  const mensajes: Mensaje[] = [];
  const celular = contacto?.celular ?? pedido.celular_tienda;
  if (/^\d{10}$/.test(celular)) {
    const text =
      `Tianguis: Pedido #${pedido.id} sin aceptar desde hace ${espera}. ` +
      `${pedido.nombre_completo}, ${total}. Ábrelo: ${enlace}`;
    mensajes.push({
      pedidoId: pedido.id,
      canal: 'sms',
      send: () => deps.notifier.sendSms({ to: celular, text }),
    });
  }
  if (contacto?.email) {
    const email = contacto.email;
    const text = [
      `Hola, ${pedido.nombre_tienda}:`,
      '',
      `Pedido #${pedido.id} de ${pedido.nombre_completo} por ${total} lleva ${espera} sin aceptar.`,
      'Tu cliente espera tu respuesta: acéptalo con un tiempo estimado, o cancélalo con un motivo para que sepa qué pasó.',
      '',
      `Ver el pedido: ${enlace}`,
    ].join('\n');
    mensajes.push({
      pedidoId: pedido.id,
      canal: 'email',
      send: () =>
        deps.notifier.sendEmail({ to: email, subject: `Pedido #${pedido.id} sin aceptar`, text }),
    });
  }
  return mensajes;
}

/**
 * One pass: claims the orders due for escalation and answers the messages to send. The claim
 * is one conditional UPDATE (escalado 0 → 1) in a transaction that also writes the orders'
 * events, so when several instances share one PostgreSQL each order is claimed by exactly one
 * of them (the others' UPDATE finds `escalado = 1` and skips the row), and an order accepted,
 * completed or cancelled before the cutoff is no longer NUEVO and is never claimed. Owner-typed
 * orders never escalate: the owner typed them. Messages go out after the commit; a crash
 * between the two loses them rather than sending twice.
 */
export async function claimPedidosVencidos(
  deps: EscalacionDeps,
  options: EscalacionOptions,
): Promise<{ eventos: PedidoEvento[]; mensajes: Mensaje[] }> {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - options.alertaEscalarS * 1000).toISOString();
  const desde = new Date(now.getTime() - EDAD_MAXIMA_MS).toISOString();
  const eventos: PedidoEvento[] = [];
  const mensajes: Mensaje[] = [];
  for (;;) {
    const claimed = await runInWriteTransaction(deps.db, async (trx) => {
      const pedidos = await repo.claimPedidosPorEscalar(trx, {
        desde,
        cutoff,
        now: nowIso,
        limite: LOTE,
      });
      const eventos = pedidos.map((p) => ({
        tiendaId: p.tienda_id,
        accountId: p.account_id,
        pedidoId: p.id,
        tipo: TIPO_ESCALADO,
      }));
      // The events also move each owner's list version (its 304 ends).
      const ids = await repo.insertPedidoEventos(
        trx,
        eventos.map((e) => ({ ...e, now: nowIso })),
      );
      const nuevos: PedidoEvento[] = eventos.map((e, i) => ({ id: ids[i]!, ...e }));
      return { pedidos, nuevos };
    });
    eventos.push(...claimed.nuevos);
    if (claimed.pedidos.length > 0) {
      const contactos = await findContactosDeTiendas(deps.db, [
        ...new Set(claimed.pedidos.map((p) => p.tienda_id)),
      ]);
      for (const p of claimed.pedidos) {
        mensajes.push(...mensajesDe(p, contactos.get(p.tienda_id), deps, now));
      }
    }
    if (claimed.pedidos.length < LOTE) return { eventos, mensajes };
  }
}

/**
 * Escalates every order due now, on every instance: claims them, tells the live boards, sends
 * the messages. A failing SMS or mail service is retried a few times and then logged; it never
 * stops the sweep.
 */
export function startEscalacionSweep(
  deps: EscalacionDeps,
  options: { everyMs: number; alertaEscalarS: number },
): () => Promise<unknown> {
  const pass = async (sweep: Sweep) => {
    const { eventos, mensajes } = await claimPedidosVencidos(deps, {
      alertaEscalarS: options.alertaEscalarS,
    });
    if (eventos.length > 0) {
      deps.log.info({ pedidos: eventos.map((e) => e.pedidoId) }, 'pedidos sin aceptar escalados');
    }
    for (const evento of eventos) {
      // The event row is committed: a board that misses this wake-up reads it on reconnecting.
      await deps.bus.publish(evento).catch(() => undefined);
    }
    for (const mensaje of mensajes) {
      sweep.deliver({
        send: mensaje.send,
        contexto: { pedidoId: mensaje.pedidoId, canal: mensaje.canal },
        fallo: 'no se pudo enviar el aviso de pedido sin aceptar',
        reintento: 'aviso de pedido sin aceptar no enviado; se reintenta',
      });
    }
  };

  return startSweep({
    everyMs: options.everyMs,
    log: deps.log,
    fallo: 'no se pudieron revisar los pedidos sin aceptar',
    pass,
  });
}
