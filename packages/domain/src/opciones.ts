// Product options (modifier groups) and the rules a basket line's choice must meet
// (docs/api.md, "Product options" and "Cart lines"). Pure functions: the server checks a line
// with them, the options sheet uses them to say what is missing before the shopper taps "Agregar".

import { centavosToPesos } from './money.js';

export const GRUPOS_MAX = 10;
export const OPCIONES_POR_GRUPO_MAX = 30;
export const NOMBRE_OPCION_MAX = 50;
export const NOTA_LINEA_MAX = 140;
/** 99999.99 pesos. */
export const PRECIO_EXTRA_MAX_CENTAVOS = 9_999_999;

export interface OpcionDef {
  readonly id: number;
  readonly nombre: string;
  /** Centavos. */
  readonly precioExtra: number;
  readonly activo: boolean;
}

export interface GrupoDef {
  readonly id: number;
  readonly nombre: string;
  readonly minimo: number;
  readonly maximo: number;
  readonly opciones: readonly OpcionDef[];
}

/** An option as a basket or order line carries it: names copied, so later edits change nothing. */
export interface OpcionElegida {
  readonly id: number;
  /** The group's name. */
  readonly grupo: string;
  readonly nombre: string;
  /** Centavos. */
  readonly precioExtra: number;
}

/** Options as answers carry them (basket and order lines): the extra in pesos. */
export function opcionesVista(opciones: readonly OpcionElegida[]) {
  return opciones.map((o) => ({ ...o, precioExtra: centavosToPesos(o.precioExtra) }));
}

export const opcionesMessages = {
  minimo: (n: number, grupo: string) =>
    `Elige al menos ${n} ${n === 1 ? 'opción' : 'opciones'} en ${grupo}`,
  maximo: (n: number, grupo: string) =>
    `Elige como máximo ${n} ${n === 1 ? 'opción' : 'opciones'} en ${grupo}`,
  noDisponible: 'Una de las opciones elegidas ya no está disponible; vuelve a elegir',
  repetida: 'Elegiste la misma opción dos veces',
} as const;

export type ResultadoOpciones =
  | { readonly ok: true; readonly opciones: OpcionElegida[]; readonly extra: number }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a set of option ids against a product's groups: every id must be an active option of
 * this product, each at most once, and each group's count within its minimo and maximo. Answers
 * the chosen options in the owner's order (group, then option) with their extra price summed,
 * or the first broken rule's message naming the group.
 */
export function chooseOpciones(
  grupos: readonly GrupoDef[],
  ids: readonly number[],
): ResultadoOpciones {
  const pedidas = new Set(ids);
  if (pedidas.size !== ids.length) return { ok: false, message: opcionesMessages.repetida };
  const elegidas: OpcionElegida[] = [];
  let extra = 0;
  let encontradas = 0;
  for (const grupo of grupos) {
    let enGrupo = 0;
    for (const opcion of grupo.opciones) {
      if (!pedidas.has(opcion.id)) continue;
      if (!opcion.activo) return { ok: false, message: opcionesMessages.noDisponible };
      enGrupo++;
      encontradas++;
      extra += opcion.precioExtra;
      elegidas.push({
        id: opcion.id,
        grupo: grupo.nombre,
        nombre: opcion.nombre,
        precioExtra: opcion.precioExtra,
      });
    }
    if (enGrupo < grupo.minimo) {
      return { ok: false, message: opcionesMessages.minimo(grupo.minimo, grupo.nombre) };
    }
    if (enGrupo > grupo.maximo) {
      return { ok: false, message: opcionesMessages.maximo(grupo.maximo, grupo.nombre) };
    }
  }
  if (encontradas !== pedidas.size) return { ok: false, message: opcionesMessages.noDisponible };
  return { ok: true, opciones: elegidas, extra };
}

/** The key that makes two basket lines the same line: sorted option ids. */
export function claveDeOpciones(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',');
}

/** The ids of a stored key ('' is none). */
export function idsDeClave(clave: string): number[] {
  return clave === '' ? [] : clave.split(',').map(Number);
}

/** A line's note as stored: trimmed, '' for none. */
export function normalizeNota(nota: string | null | undefined): string {
  return (nota ?? '').normalize('NFC').trim();
}

/**
 * A line's identity in a basket or an order being typed: product, sorted option ids (ids or
 * chosen options) and normalised note. Two lines with the same key are one line.
 */
export function claveDeLinea(linea: {
  productoId: number;
  opciones?: readonly number[] | readonly { id: number }[];
  nota?: string | null;
}): string {
  const ids = (linea.opciones ?? []).map((o) => (typeof o === 'number' ? o : o.id));
  return `${linea.productoId}|${claveDeOpciones(ids)}|${normalizeNota(linea.nota)}`;
}

/**
 * One text per group, groups in the order first chosen: ['Tortilla: Harina', 'Extras: Queso,
 * Aguacate'] (a line of the order each, or joined as the caller needs).
 */
export function textosDeOpcionesPorGrupo(
  opciones: readonly { grupo: string; nombre: string }[],
): string[] {
  const porGrupo = new Map<string, string[]>();
  for (const o of opciones) {
    const list = porGrupo.get(o.grupo);
    if (list) list.push(o.nombre);
    else porGrupo.set(o.grupo, [o.nombre]);
  }
  return [...porGrupo].map(([grupo, nombres]) => `${grupo}: ${nombres.join(', ')}`);
}

/** "Tortilla: Harina · Extras: Queso, Aguacate" for a ticket, a WhatsApp text or a CSV cell. */
export function textoDeOpciones(opciones: readonly { grupo: string; nombre: string }[]): string {
  return textosDeOpcionesPorGrupo(opciones).join(' · ');
}
