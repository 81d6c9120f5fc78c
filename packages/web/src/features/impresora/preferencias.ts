import {
  ANCHOS_PAPEL,
  BAUDIOS,
  BAUDIOS_POR_OMISION,
  TIPOS_CONEXION,
  type AnchoPapel,
  type TipoConexion,
} from './transporte';

/**
 * The thermal printer's settings, kept on this device only (docs/web-screens.md, "Thermal
 * printer"): one device has the printer beside it, another person's phone does not.
 */
export const IMPRESORA_KEY = 'tianguis.impresora';

export interface PreferenciasImpresora {
  /** Print each order's ticket when it is accepted on this device. */
  imprimirAlAceptar: boolean;
  ancho: AnchoPapel;
  /** The last kind of connection used, to reconnect to it without asking. */
  tipo: TipoConexion | null;
  baudios: number;
}

export const PREFERENCIAS_POR_OMISION: PreferenciasImpresora = {
  imprimirAlAceptar: false,
  ancho: 58,
  tipo: null,
  baudios: BAUDIOS_POR_OMISION,
};

/** Where the settings live when the browser keeps no storage (private mode): this visit only. */
let sinAlmacen: PreferenciasImpresora | undefined;

export function readPreferencias(): PreferenciasImpresora {
  if (sinAlmacen) return sinAlmacen;
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(IMPRESORA_KEY) ?? 'null');
  } catch {
    return PREFERENCIAS_POR_OMISION;
  }
  if (!raw || typeof raw !== 'object') return PREFERENCIAS_POR_OMISION;
  const p = raw as Record<string, unknown>;
  return {
    imprimirAlAceptar: p.imprimirAlAceptar === true,
    ancho: ANCHOS_PAPEL.find((a) => a === p.ancho) ?? PREFERENCIAS_POR_OMISION.ancho,
    tipo: TIPOS_CONEXION.find((t) => t === p.tipo) ?? null,
    baudios: BAUDIOS.find((b) => b === p.baudios) ?? BAUDIOS_POR_OMISION,
  };
}

export function savePreferencias(cambios: Partial<PreferenciasImpresora>): PreferenciasImpresora {
  const nuevas = { ...readPreferencias(), ...cambios };
  try {
    localStorage.setItem(IMPRESORA_KEY, JSON.stringify(nuevas));
  } catch {
    sinAlmacen = nuevas;
  }
  return nuevas;
}
