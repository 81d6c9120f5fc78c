import {
  CANTIDAD_MAXIMA_POR_LINEA,
  claveDeLinea,
  normalizeNota,
  type OpcionElegidaVista,
} from '@tianguis/domain';
import { useSyncExternalStore } from 'react';
import { CANASTA_EVENTO, CANASTA_KEY } from './canasta-clave';

/**
 * The basket of a visitor who is not signed in, kept in this browser (localStorage) until they
 * order as a guest or sign in (then it is merged into the account's cart: merge-canasta.ts).
 * One basket per shop; a line is one product with one set of options and one note, with its
 * quantity. Prices are never stored: they come from the shop's public page when shown.
 */
export { CANASTA_KEY };

export interface LineaLocal {
  productoId: number;
  /** Option ids, sorted. */
  opciones: number[];
  /** Trimmed; null for none. */
  nota: string | null;
  cantidad: number;
  /** What it was called when added, shown if the shop no longer has it. */
  nombre: string;
  /** The options as they were when added (pesos), for the same reason. */
  opcionesVista: OpcionElegidaVista[];
}

export interface CanastaLocal {
  tiendaId: number;
  /** The shop's public address: its page gives the current prices. */
  usuario: string;
  nombre: string;
  lineas: LineaLocal[];
}

const VACIAS: CanastaLocal[] = [];
let cache: { raw: string | null; canastas: CanastaLocal[] } | undefined;
const listeners = new Set<() => void>();

function isLinea(value: unknown): value is LineaLocal {
  const l = value as LineaLocal;
  return (
    typeof l === 'object' &&
    l !== null &&
    Number.isSafeInteger(l.productoId) &&
    Array.isArray(l.opciones) &&
    Number.isSafeInteger(l.cantidad) &&
    l.cantidad > 0
  );
}

function leerRaw(): string | null {
  try {
    return localStorage.getItem(CANASTA_KEY);
  } catch {
    return null;
  }
}

/** Every shop's local basket (a stable array between changes, for useSyncExternalStore). */
export function getCanastasLocales(): CanastaLocal[] {
  const raw = leerRaw();
  if (cache?.raw === raw) return cache.canastas;
  let canastas = VACIAS;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      canastas = parsed
        .filter((c): c is CanastaLocal => Number.isSafeInteger((c as CanastaLocal)?.tiendaId))
        .map((c) => ({
          tiendaId: c.tiendaId,
          usuario: String(c.usuario ?? ''),
          nombre: String(c.nombre ?? ''),
          lineas: (Array.isArray(c.lineas) ? c.lineas : []).filter(isLinea).map((l) => ({
            ...l,
            nota: l.nota || null,
            nombre: String(l.nombre ?? ''),
            opcionesVista: Array.isArray(l.opcionesVista) ? l.opcionesVista : [],
          })),
        }))
        .filter((c) => c.lineas.length > 0);
    }
  } catch {
    // A damaged entry is an empty basket.
  }
  cache = { raw, canastas };
  return canastas;
}

function guardar(canastas: CanastaLocal[]): void {
  const limpias = canastas.filter((c) => c.lineas.length > 0);
  try {
    if (limpias.length === 0) localStorage.removeItem(CANASTA_KEY);
    else localStorage.setItem(CANASTA_KEY, JSON.stringify(limpias));
  } catch {
    // Private mode or a full storage: the basket lasts this page only (kept in memory).
    cache = { raw: leerRaw(), canastas: limpias };
  }
  for (const listener of listeners) listener();
  window.dispatchEvent(new Event(CANASTA_EVENTO));
}

function conCanasta(
  tiendaId: number,
  cambio: (lineas: LineaLocal[]) => LineaLocal[],
  tienda?: { usuario: string; nombre: string },
): void {
  const canastas = getCanastasLocales();
  const actual = canastas.find((c) => c.tiendaId === tiendaId);
  const base: CanastaLocal = actual ?? {
    tiendaId,
    usuario: tienda?.usuario ?? '',
    nombre: tienda?.nombre ?? '',
    lineas: [],
  };
  const nueva = { ...base, ...(tienda ?? {}), lineas: cambio(base.lineas) };
  guardar(actual ? canastas.map((c) => (c === actual ? nueva : c)) : [...canastas, nueva]);
}

/** Adds `cantidad` units of a line (the same product, options and note add to that line). */
export function addLocal(
  tienda: { tiendaId: number; usuario: string; nombre: string },
  linea: Omit<LineaLocal, 'cantidad'>,
  cantidad = 1,
): void {
  const nueva: LineaLocal = {
    ...linea,
    opciones: [...linea.opciones].sort((a, b) => a - b),
    nota: normalizeNota(linea.nota) || null,
    cantidad: 0,
  };
  const clave = claveDeLinea(nueva);
  conCanasta(
    tienda.tiendaId,
    (lineas) => {
      const existe = lineas.some((l) => claveDeLinea(l) === clave);
      const todas = existe ? lineas : [...lineas, nueva];
      return todas.map((l) =>
        claveDeLinea(l) === clave
          ? { ...l, cantidad: Math.min(CANTIDAD_MAXIMA_POR_LINEA, l.cantidad + cantidad) }
          : l,
      );
    },
    { usuario: tienda.usuario, nombre: tienda.nombre },
  );
}

/** Sets a line's quantity (0 drops it). */
export function setCantidadLocal(tiendaId: number, clave: string, cantidad: number): void {
  const n = Math.max(0, Math.min(CANTIDAD_MAXIMA_POR_LINEA, Math.floor(cantidad)));
  conCanasta(tiendaId, (lineas) =>
    lineas
      .map((l) => (claveDeLinea(l) === clave ? { ...l, cantidad: n } : l))
      .filter((l) => l.cantidad > 0),
  );
}

/** Empties one shop's local basket. */
export function clearLocal(tiendaId: number): void {
  guardar(getCanastasLocales().filter((c) => c.tiendaId !== tiendaId));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the basket: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CANASTA_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Every local basket, re-rendering on every change (this tab or another). */
export function useCanastasLocales(): CanastaLocal[] {
  // A server-rendered page knows no browser's basket: hydration starts from none.
  return useSyncExternalStore(subscribe, getCanastasLocales, () => VACIAS);
}
