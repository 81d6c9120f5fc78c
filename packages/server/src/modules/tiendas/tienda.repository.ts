import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { changedOneRow, existsRow, insertedId } from '../../db/rows.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { hasVisibleProduct } from '../catalogo/catalogo.service.js';
import { ubicacionDe } from './tienda.view.js';
import {
  TIENDA_VISIBLE,
  type EntregaTienda,
  type PagosTienda,
  type PausaAutomatica,
  type Programacion,
  type PuntoMapa,
} from '@tianguis/domain';

export async function insertTienda(
  db: DbOrTx,
  values: { accountId: number; usuario: string; now: string },
): Promise<number> {
  return insertedId(
    db
      .insertInto('tienda')
      .values({
        account_id: values.accountId,
        usuario: values.usuario,
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id'),
  );
}

export async function findTiendaIdByAccountId(
  db: DbOrTx,
  accountId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('tienda')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A shop's delivery and payment choices as stored: what the domain's toEntregaTienda and
 * toPagosTienda read. Every read of a shop whose answer carries them selects these (here, and
 * the catalogue's line pricing, PRODUCTO_Y_TIENDA).
 */
export const ENTREGA_Y_PAGOS_DE_TIENDA = [
  'tienda.entrega_recoger',
  'tienda.entrega_domicilio',
  'tienda.pago_efectivo',
  'tienda.pago_terminal',
  'tienda.transferencia_clabe',
  'tienda.transferencia_banco',
  'tienda.transferencia_titular',
] as const;

/** Orders for later, the automatic pause and the busy delay (programacion.view.ts). */
export const PROGRAMACION_DE_TIENDA = [
  'tienda.programacion_activa',
  'tienda.programacion_dias_adelante',
  'tienda.programacion_intervalo_min',
  'tienda.programacion_pedidos_por_intervalo',
  'tienda.programacion_preparacion_min',
  'tienda.pausa_automatica_activa',
  'tienda.pausa_automatica_pedidos',
  'tienda.demora_min',
  'tienda.demora_hasta',
] as const;

const tiendaColumns = [
  'tienda.id',
  'tienda.usuario',
  'tienda.nombre',
  'tienda.image_url',
  'tienda.monto_minimo',
  'tienda.costo_de_envio',
  'tienda.radio_monto_minimo',
  'tienda.radio_costo_de_envio',
  'tienda.configured',
  'tienda.approved',
  'tienda.activated',
  'tienda.deleted',
  'tienda.time_zone',
  'tienda.version',
  ...ENTREGA_Y_PAGOS_DE_TIENDA,
  'tienda.pausado_hasta',
  'tienda.direccion',
  'tienda.telefono',
  'tienda.ubicacion_lat',
  'tienda.ubicacion_lng',
  ...PROGRAMACION_DE_TIENDA,
  'account.celular',
] as const;

function selectTiendas(db: DbOrTx) {
  return db
    .selectFrom('tienda')
    .innerJoin('account', 'account.id', 'tienda.account_id')
    .select(tiendaColumns)
    .where('tienda.deleted', '=', 0);
}

export type TiendaRow = Awaited<ReturnType<typeof findTiendaById>> & object;

export function findTiendaById(db: DbOrTx, id: number) {
  return selectTiendas(db).where('tienda.id', '=', id).executeTakeFirst();
}

/**
 * docs/api.md, "Shops": the domain's TIENDA_VISIBLE (selectTiendas already leaves deleted shops
 * out) and something to sell.
 */
export function listPublicTiendas(db: DbOrTx) {
  return selectTiendas(db)
    .where('tienda.approved', '=', TIENDA_VISIBLE.approved)
    .where('tienda.activated', '=', TIENDA_VISIBLE.activated)
    .where('tienda.configured', '=', TIENDA_VISIBLE.configured)
    .where(hasVisibleProduct)
    .orderBy('tienda.id')
    .execute();
}

/**
 * Names the state of every shop at once: versions only go up and every change under a shop
 * raises its own, so the count and the sum change with any change anywhere.
 */
const selectCatalogueVersion = preparedQuery(
  (db) =>
    db
      .selectFrom('tienda')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('version').as('v')]),
  { untilWrite: true },
);

export async function findCatalogueVersion(db: DbOrTx): Promise<string> {
  const row = (await selectCatalogueVersion(db)).rows[0];
  return `${Number(row?.n ?? 0)}.${Number(row?.v ?? 0)}`;
}

export function findPublicTiendaByUsuario(db: DbOrTx, usuario: string) {
  return selectTiendas(db)
    .where('tienda.usuario', '=', usuario)
    .where('tienda.approved', '=', TIENDA_VISIBLE.approved)
    .where('tienda.activated', '=', TIENDA_VISIBLE.activated)
    .where('tienda.configured', '=', TIENDA_VISIBLE.configured)
    .where(hasVisibleProduct)
    .executeTakeFirst();
}

/**
 * What a delivery quote needs of a publicly visible shop (the same rule as its public page):
 * its version (its zones are kept under it) and its map point. Undefined for an unknown,
 * deleted or hidden shop.
 */
export function findPublicTiendaPuntoById(db: DbOrTx, id: number) {
  return db
    .selectFrom('tienda')
    .select(['tienda.id', 'tienda.version', 'tienda.ubicacion_lat', 'tienda.ubicacion_lng'])
    .where('tienda.id', '=', id)
    .where('tienda.deleted', '=', 0)
    .where('tienda.approved', '=', TIENDA_VISIBLE.approved)
    .where('tienda.activated', '=', TIENDA_VISIBLE.activated)
    .where('tienda.configured', '=', TIENDA_VISIBLE.configured)
    .where(hasVisibleProduct)
    .executeTakeFirst();
}

export function listAllTiendas(db: DbOrTx) {
  return selectTiendas(db).orderBy('tienda.id').execute();
}

/** The shop's map point, or null without one. */
export async function findUbicacionDeTienda(db: DbOrTx, id: number): Promise<PuntoMapa | null> {
  const row = await db
    .selectFrom('tienda')
    .select(['ubicacion_lat', 'ubicacion_lng'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? ubicacionDe(row) : null;
}

export async function updateTiendaSettings(
  db: DbOrTx,
  id: number,
  values: {
    nombre: string;
    imageUrl: string;
    montoMinimo: number;
    costoDeEnvio: number;
    radioMontoMinimo: string;
    radioCostoDeEnvio: string;
    entrega?: EntregaTienda | undefined;
    pagos?: PagosTienda | undefined;
    direccion?: string | null | undefined;
    telefono?: string | null | undefined;
    ubicacion?: PuntoMapa | null | undefined;
    programacion?: Programacion | undefined;
    pausaAutomatica?: PausaAutomatica | undefined;
    now: string;
  },
) {
  const { entrega, pagos, direccion, telefono, ubicacion, programacion, pausaAutomatica } = values;
  await db
    .updateTable('tienda')
    .set({
      nombre: values.nombre,
      image_url: values.imageUrl,
      monto_minimo: values.montoMinimo,
      costo_de_envio: values.costoDeEnvio,
      radio_monto_minimo: values.radioMontoMinimo,
      radio_costo_de_envio: values.radioCostoDeEnvio,
      // Left out of the request: kept as stored.
      ...(entrega && {
        entrega_recoger: entrega.recoger ? 1 : 0,
        entrega_domicilio: entrega.domicilio ? 1 : 0,
      }),
      ...(pagos && {
        pago_efectivo: pagos.efectivo ? 1 : 0,
        pago_terminal: pagos.terminal ? 1 : 0,
        transferencia_clabe: pagos.transferencia?.clabe ?? null,
        transferencia_banco: pagos.transferencia?.banco ?? null,
        transferencia_titular: pagos.transferencia?.titular ?? null,
      }),
      ...(direccion !== undefined && { direccion }),
      ...(telefono !== undefined && { telefono }),
      ...(ubicacion !== undefined && {
        ubicacion_lat: ubicacion?.lat ?? null,
        ubicacion_lng: ubicacion?.lng ?? null,
      }),
      ...(programacion && {
        programacion_activa: programacion.activa ? 1 : 0,
        programacion_dias_adelante: programacion.diasAdelante,
        programacion_intervalo_min: programacion.intervaloMin,
        programacion_pedidos_por_intervalo: programacion.pedidosPorIntervalo,
        programacion_preparacion_min: programacion.preparacionMin,
      }),
      ...(pausaAutomatica && {
        pausa_automatica_activa: pausaAutomatica.activa ? 1 : 0,
        pausa_automatica_pedidos: pausaAutomatica.pedidosSinAceptar,
      }),
      configured: 1,
      updated_at: values.now,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/** Pauses new orders until `hasta` (null resumes); raises the version like any shop change. */
export async function updatePausadoHasta(
  db: DbOrTx,
  id: number,
  hasta: string | null,
  now: string,
) {
  await db
    .updateTable('tienda')
    .set({ pausado_hasta: hasta, updated_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * The busy delay: `minutos` added to every estimate until `hasta` (0 and null clear it); raises
 * the version like any shop change, so cached answers carrying `demoraMin` are made again.
 */
export async function updateDemora(
  db: DbOrTx,
  id: number,
  minutos: number,
  hasta: string | null,
  now: string,
) {
  await db
    .updateTable('tienda')
    .set({ demora_min: minutos, demora_hasta: hasta, updated_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * The future ends of shops' busy delays (distinct ISO texts): like a sold-out mark's end, the
 * moment a cached answer carrying `demoraMin` stops being right with no write.
 */
export async function listDemoraHastaAfter(db: DbOrTx, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tienda')
    .select('demora_hasta')
    .distinct()
    .where('demora_hasta', '>', nowIso)
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => r.demora_hasta ?? '');
}

export function updateTiendaFlag(
  db: DbOrTx,
  id: number,
  flag: 'activated' | 'approved',
  value: boolean,
  now: string,
) {
  return changedOneRow(
    db
      .updateTable('tienda')
      .set({ [flag]: value ? 1 : 0, updated_at: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('deleted', '=', 0),
  );
}

/**
 * Approves a shop still pending: true only for the one call that turned `approved` on (a second
 * approval, or two at once, answers false for all but the first).
 */
export function approvePendingTienda(db: DbOrTx, id: number, now: string) {
  return changedOneRow(
    db
      .updateTable('tienda')
      .set({ approved: 1, updated_at: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .where('approved', '=', 0),
  );
}

export interface ContactoPublicoDeTienda {
  nombre: string;
  direccion: string | null;
  telefono: string | null;
  ubicacion: PuntoMapa | null;
}

/** Where each shop is and its public phone, as they are now (a pickup order's answer). */
export async function findContactosPublicosDeTiendas(
  db: DbOrTx,
  tiendaIds: number[],
): Promise<Map<number, ContactoPublicoDeTienda>> {
  if (tiendaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tienda')
    .select(['id', 'nombre', 'direccion', 'telefono', 'ubicacion_lat', 'ubicacion_lng'])
    .where('id', 'in', tiendaIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { nombre: r.nombre, direccion: r.direccion, telefono: r.telefono, ubicacion: ubicacionDe(r) },
    ]),
  );
}

/** Who to tell that a shop was approved: its name and path, the owner's email and phone. */
export function findAvisoDeTienda(db: DbOrTx, id: number) {
  return db
    .selectFrom('tienda')
    .innerJoin('account', 'account.id', 'tienda.account_id')
    .select(['tienda.nombre', 'tienda.usuario', 'account.email', 'account.celular'])
    .where('tienda.id', '=', id)
    .executeTakeFirst();
}

/** Every change under a shop raises its version, which invalidates its public page. */
export async function bumpTiendaVersion(db: DbOrTx, id: number, now: string) {
  await db
    .updateTable('tienda')
    .set({ version: sql`version + 1`, updated_at: now })
    .where('id', '=', id)
    .execute();
}

// Every public page read starts with it (the ETag and the cache key).
const selectTiendaVersionByUsuario = preparedQuery(
  (db, usuario: string) =>
    db
      .selectFrom('tienda')
      .select(['id', 'version'])
      .where('usuario', '=', usuario)
      .where('deleted', '=', 0),
  { untilWrite: true },
);

export async function findTiendaVersionByUsuario(db: DbOrTx, usuario: string) {
  return (await selectTiendaVersionByUsuario(db, usuario)).rows[0];
}

/** Whether a shop row exists (deleted or hidden ones too: those are refused as closed). */
export function existsTienda(db: DbOrTx, tiendaId: number): Promise<boolean> {
  return existsRow(db.selectFrom('tienda').select('id').where('id', '=', tiendaId));
}

export interface ContactoDeTienda {
  email: string;
  celular: string | null;
}

/** Where a shop's alerts go: its owner's email and phone as they are now. */
export async function findContactosDeTiendas(
  db: DbOrTx,
  tiendaIds: number[],
): Promise<Map<number, ContactoDeTienda>> {
  if (tiendaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tienda')
    .innerJoin('account', 'account.id', 'tienda.account_id')
    .select(['tienda.id as tienda_id', 'account.email', 'account.celular'])
    .where('tienda.id', 'in', tiendaIds)
    .execute();
  return new Map(rows.map((r) => [r.tienda_id, { email: r.email, celular: r.celular }]));
}
