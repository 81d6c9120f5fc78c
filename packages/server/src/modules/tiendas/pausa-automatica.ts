import type { FastifyBaseLogger } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import {
  buildAlertaTiendaPausada,
  getTiendaStatus,
  PAUSA_AUTOMATICA_MIN,
  programacionMessages,
} from '@tianguis/domain';
import type { Database, Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { startSweep, type Sweep } from '../../lib/sweep.js';
import type { Notifier } from '../../notifier/notifier.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import type { PushService } from '../push/push.service.js';
import { findContactosDeTiendas } from './tienda.service.js';

// The automatic pause (docs/api.md, "Orders for later", and "Third edition: fine points"): a
// shop with the setting on and `pedidosSinAceptar` orders NUEVO, not scheduled for later, and
// older than ALERTA_ESCALAR_S pauses itself for 15 minutes, as `POST /api/tienda/pausar` would,
// at most once per 15 minutes, and its owner gets one push and one SMS saying so.

const PAUSA_MS = PAUSA_AUTOMATICA_MIN * 60_000;

export interface PausaAutomaticaDeps {
  db: Db;
  notifier: Notifier;
  push: Pick<PushService, 'alertDueno'>;
  log: FastifyBaseLogger;
}

export interface PausaAutomaticaOptions {
  /** An order still NUEVO this long after it was placed counts as waiting (ALERTA_ESCALAR_S). */
  alertaEscalarS: number;
  now?: Date;
}

/** A shop that paused itself in this pass, and what to tell its owner. */
export interface PausaHecha {
  tiendaId: number;
  /** The orders waiting when it paused (N in the message). */
  pedidos: number;
  pausadoHasta: string;
  /** The owner's phone (10 digits), or null: no SMS. */
  celular: string | null;
}

interface Instantes {
  now: string;
  /** Orders placed at or before it have waited long enough to count. */
  cutoff: string;
  /** A shop that paused itself after it may not do so again yet. */
  ultimaAntesDe: string;
}

function instantesDe(now: Date, alertaEscalarS: number): Instantes {
  return {
    now: now.toISOString(),
    cutoff: new Date(now.getTime() - alertaEscalarS * 1000).toISOString(),
    ultimaAntesDe: new Date(now.getTime() - PAUSA_MS).toISOString(),
  };
}

/**
 * The shop's orders that count: NUEVO, for now (not scheduled), placed by the cutoff. A shop's
 * count seeks its NUEVO orders (`pedido_nuevo_celular`, NUEVO rows only, or
 * `pedido_tienda_status_id`; the status is a literal so both databases can use the partial one)
 * and reads only the orders waiting now. The date is compared as an expression so that SQLite,
 * which keeps no statistics here, does not pick `pedido_tienda_fecha` instead and walk the
 * shop's whole history up to the cutoff. (`pedido_por_escalar`, the escalation's index, does
 * not serve: an order leaves it when it escalates, at this same age.)
 */
function sinAceptar(eb: ExpressionBuilder<Database, 'tienda'>, cutoff: string) {
  return (
    eb
      .selectFrom('pedido')
      // A number on both databases: create-db.ts reads PostgreSQL's int8 counts as numbers.
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('pedido.tienda_id', '=', 'tienda.id')
      .where('pedido.status', '=', sql.lit('NUEVO'))
      .where('pedido.programado_para', 'is', null)
      .where(sql<string>`${sql.ref('pedido.fecha')} || ''`, '<=', cutoff)
  );
}

/**
 * The conditions a shop must meet to pause itself now, but the count: the setting on, taking
 * orders, not paused now, and its last automatic pause (if any) at least 15 minutes ago. The
 * flag and the visibility flags are the partial index `tienda_pausa_automatica` (migration
 * 2026_12_01_1100), written as literals so both databases use it: shops without the setting
 * are never read.
 */
function puedePausarse(eb: ExpressionBuilder<Database, 'tienda'>, t: Instantes) {
  return eb.and([
    eb('tienda.pausa_automatica_activa', '=', sql.lit(1)),
    eb('tienda.deleted', '=', sql.lit(0)),
    eb('tienda.approved', '=', sql.lit(1)),
    eb('tienda.activated', '=', sql.lit(1)),
    eb.or([eb('tienda.pausado_hasta', 'is', null), eb('tienda.pausado_hasta', '<=', t.now)]),
    eb.or([
      eb('tienda.pausa_automatica_en', 'is', null),
      eb('tienda.pausa_automatica_en', '<=', t.ultimaAntesDe),
    ]),
  ]);
}

/** Every shop due to pause itself now, in one statement. */
export function findTiendasPorPausar(db: DbOrTx, t: Instantes) {
  return db
    .selectFrom('tienda')
    .select(['tienda.id', 'tienda.version', 'tienda.time_zone'])
    .where((eb) =>
      eb.and([
        puedePausarse(eb, t),
        eb('tienda.pausa_automatica_pedidos', '<=', sinAceptar(eb, t.cutoff)),
      ]),
    )
    .orderBy('tienda.id')
    .execute();
}

/**
 * Pauses one shop if it is still due, and answers how many orders made it (undefined: it was
 * not). The UPDATE repeats every condition, so when several instances share one PostgreSQL the
 * first to commit wins and the others' UPDATE, waiting on the row, finds `pausa_automatica_en`
 * just set and changes nothing; an owner who paused or accepted orders in the meantime is not
 * paused over. Like `pausar`, it raises the version: every cached answer of the shop is made
 * again (the public page says paused, checkout refuses orders for now).
 */
async function claimPausa(
  trx: DbOrTx,
  tiendaId: number,
  t: Instantes,
  pausadoHasta: string,
): Promise<number | undefined> {
  const contado = await trx
    .selectFrom('tienda')
    .select((eb) => sinAceptar(eb, t.cutoff).as('pedidos'))
    .where('tienda.id', '=', tiendaId)
    .executeTakeFirst();
  const pedidos = contado?.pedidos ?? 0;
  if (pedidos === 0) return undefined;
  const result = await trx
    .updateTable('tienda')
    .set({
      pausado_hasta: pausadoHasta,
      pausa_automatica_en: t.now,
      updated_at: t.now,
      version: sql`version + 1`,
    })
    .where('tienda.id', '=', tiendaId)
    .where((eb) =>
      eb.and([puedePausarse(eb, t), eb('tienda.pausa_automatica_pedidos', '<=', pedidos)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? pedidos : undefined;
}

/**
 * One pass: pauses every shop due now and answers them. A shop closed by its hours now is left
 * alone: it takes no orders for now, so a pause would change nothing for its shoppers and only
 * wake its owner (orders left from the day before, all night long).
 */
export async function pauseTiendasDesbordadas(
  deps: Pick<PausaAutomaticaDeps, 'db'>,
  options: PausaAutomaticaOptions,
): Promise<PausaHecha[]> {
  const now = options.now ?? new Date();
  const t = instantesDe(now, options.alertaEscalarS);
  const candidatas = await findTiendasPorPausar(deps.db, t);
  if (candidatas.length === 0) return [];
  const pausadoHasta = new Date(now.getTime() + PAUSA_MS).toISOString();
  const hechas: Omit<PausaHecha, 'celular'>[] = [];
  for (const tienda of candidatas) {
    const { horarios, diasEspeciales } = await findCalendarioDe(deps.db, tienda.id, tienda.version);
    if (!getTiendaStatus(horarios, diasEspeciales, now, tienda.time_zone).abierta) continue;
    const pedidos = await runInWriteTransaction(deps.db, (trx) =>
      claimPausa(trx, tienda.id, t, pausadoHasta),
    );
    if (pedidos !== undefined) hechas.push({ tiendaId: tienda.id, pedidos, pausadoHasta });
  }
  if (hechas.length === 0) return [];
  const contactos = await findContactosDeTiendas(
    deps.db,
    hechas.map((h) => h.tiendaId),
  );
  return hechas.map((h) => {
    const celular = contactos.get(h.tiendaId)?.celular ?? '';
    return { ...h, celular: /^\d{10}$/.test(celular) ? celular : null };
  });
}

/**
 * Pauses the shops due, on every instance, every `everyMs`: the one that claims a shop tells
 * its owner (one push to each of their devices, one SMS). A failing SMS service is retried a
 * few times and then logged; a failure never stops the sweep.
 */
export function startPausaAutomaticaSweep(
  deps: PausaAutomaticaDeps,
  options: { everyMs: number; alertaEscalarS: number },
): () => Promise<unknown> {
  const pass = async (sweep: Sweep) => {
    const hechas = await pauseTiendasDesbordadas(deps, {
      alertaEscalarS: options.alertaEscalarS,
    });
    for (const pausa of hechas) {
      deps.log.info(
        { tiendaId: pausa.tiendaId, pedidos: pausa.pedidos },
        'tienda pausada automáticamente',
      );
      // The pause is committed: a message lost here loses only the message.
      deps.push.alertDueno(
        pausa.tiendaId,
        buildAlertaTiendaPausada({
          tiendaId: pausa.tiendaId,
          pedidosSinAceptar: pausa.pedidos,
          pausadoHasta: pausa.pausadoHasta,
        }),
      );
      if (pausa.celular === null) continue;
      const sms = {
        to: pausa.celular,
        text: programacionMessages.pausaAutomaticaAviso(pausa.pedidos),
      };
      sweep.deliver({
        send: () => deps.notifier.sendSms(sms),
        contexto: { tiendaId: pausa.tiendaId },
        fallo: 'no se pudo enviar el aviso de pausa automática',
        reintento: 'aviso de pausa automática no enviado; se reintenta',
      });
    }
  };

  return startSweep({
    everyMs: options.everyMs,
    log: deps.log,
    fallo: 'no se pudieron revisar las pausas automáticas',
    pass,
  });
}
