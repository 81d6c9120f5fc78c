import {
  catalogoMessages,
  centavosToPesos,
  cleanCodigosPostales,
  cleanColonias,
  ubicacionTiendaSchema,
  ZONAS_MAX,
  zonasInputSchema,
  zonasSinUbicacion,
  type PuntoMapa,
  type ZonaBody,
  type ZonaPublica,
} from '@tianguis/domain';

// The "Zonas de envío" form's state and its checks, apart from the screen so they can be read and
// tested on their own. Every rule and message is the domain's (zonas.ts): the server runs the
// same zonasInputSchema and zonasSinUbicacion on the same body.

/** A zone as the form holds it: texts as typed; `id` for a zone already saved. */
export interface ZonaForm {
  /** React's key: stays with the zone while it moves. */
  clave: string;
  id: number | undefined;
  nombre: string;
  /** One per line, as typed or pasted. */
  colonias: string;
  /** Separated by spaces, commas or lines. */
  codigosPostales: string;
  /** Km as typed; '' when the zone is not by distance. */
  radioKm: string;
  /** Pesos as typed. */
  costoDeEnvio: string;
  /** Pesos as typed; '' is no minimum. */
  montoMinimo: string;
  activa: boolean;
}

/** A zone as updatetienda's `zonas` takes it: lists cleaned, amounts in pesos. */
export type { ZonaBody };

/** The shop's point as typed: '' and '' is none. */
export interface PuntoForm {
  lat: string;
  lng: string;
}

export type ZonasCheck =
  | { ok: true; zonas: ZonaBody[]; ubicacion: PuntoMapa | null }
  | {
      ok: false;
      message: string;
      /** The zone the message is about; undefined when it is about the shop's point. */
      index: number | undefined;
    };

let siguienteClave = 0;
function nuevaClave(): string {
  siguienteClave += 1;
  return `zona-${siguienteClave}`;
}

/** An amount as the form shows it: 0 as an empty field for the minimum, pesos as they are. */
function textoDeMonto(pesos: number, ceroVacio: boolean): string {
  return ceroVacio && pesos === 0 ? '' : String(pesos);
}

/** The saved zones, in the owner's order, as the form opens on them. */
export function zonasFormDesdeTienda(
  zonas: readonly (ZonaPublica & { id?: number | undefined })[] | undefined,
): ZonaForm[] {
  return (zonas ?? []).map((zona) => ({
    clave: nuevaClave(),
    id: zona.id,
    nombre: zona.nombre,
    colonias: zona.colonias.join('\n'),
    codigosPostales: zona.codigosPostales.join(', '),
    radioKm: zona.radioKm === null ? '' : String(zona.radioKm),
    costoDeEnvio: textoDeMonto(zona.costoDeEnvio, false),
    montoMinimo: textoDeMonto(zona.montoMinimo, true),
    activa: zona.activa,
  }));
}

/** A blank zone, switched on, added at the end. */
export function zonaNueva(): ZonaForm {
  return {
    clave: nuevaClave(),
    id: undefined,
    nombre: '',
    colonias: '',
    codigosPostales: '',
    radioKm: '',
    costoDeEnvio: '',
    montoMinimo: '',
    activa: true,
  };
}

export function puntoFormDesde(punto: PuntoMapa | null | undefined): PuntoForm {
  return punto ? { lat: String(punto.lat), lng: String(punto.lng) } : { lat: '', lng: '' };
}

/** The zones with the one at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveZona<T>(zonas: readonly T[], index: number, paso: -1 | 1): T[] {
  const destino = index + paso;
  if (index < 0 || index >= zonas.length || destino < 0 || destino >= zonas.length) {
    return [...zonas];
  }
  const copia = [...zonas];
  const [zona] = copia.splice(index, 1);
  copia.splice(destino, 0, zona as T);
  return copia;
}

/** How a zone is named on screen (its legend, its buttons): its name, or its place while it has none. */
export function nombreDeZona(zona: Pick<ZonaForm, 'nombre'>, index: number): string {
  const nombre = zona.nombre.replace(/\s+/g, ' ').trim();
  return nombre === '' ? `Zona ${index + 1}` : nombre;
}

function plural(n: number, uno: string, varios: string): string {
  return `${n} ${n === 1 ? uno : varios}`;
}

/** Under the colonias: how many distinct colonias will be saved (blank lines and repeats out). */
export function cuentaDeColonias(texto: string): string {
  const n = cleanColonias(texto).length;
  return n === 0 ? 'Ninguna colonia' : `Se guardarán ${plural(n, 'colonia', 'colonias')}`;
}

/** Under the postal codes: how many distinct codes will be saved. */
export function cuentaDeCodigosPostales(texto: string): string {
  const n = cleanCodigosPostales(texto).length;
  return n === 0
    ? 'Ningún código postal'
    : `Se guardarán ${plural(n, 'código postal', 'códigos postales')}`;
}

const COSTO_TECLEADO = /^\d{0,4}(?:\.\d{0,2})?$/;
const MINIMO_TECLEADO = /^\d{0,5}(?:\.\d{0,2})?$/;
const RADIO_TECLEADO = /^\d{0,2}(?:[.,]\d{0,3})?$/;
const COORDENADA_TECLEADA = /^-?\d{0,3}(?:[.,]\d{0,8})?$/;

/** Whether a field may take this text: the keystroke is refused rather than shown as an error. */
export const tecleoPermitido = {
  costoDeEnvio: (texto: string) => COSTO_TECLEADO.test(texto),
  montoMinimo: (texto: string) => MINIMO_TECLEADO.test(texto),
  radioKm: (texto: string) => RADIO_TECLEADO.test(texto),
  coordenada: (texto: string) => COORDENADA_TECLEADA.test(texto),
} as const;

/** A decimal as typed (a comma is a point, as many phones type it); NaN when it is not one. */
function numeroDe(texto: string): number {
  const limpio = texto.trim().replace(',', '.');
  return limpio === '' || limpio === '-' ? Number.NaN : Number(limpio);
}

/** A zone's wire body, before the checks (the domain's schema checks it). */
function zonaBodyDe(zona: ZonaForm): Record<string, unknown> {
  return {
    ...(zona.id === undefined ? {} : { id: zona.id }),
    nombre: zona.nombre,
    colonias: cleanColonias(zona.colonias),
    codigosPostales: cleanCodigosPostales(zona.codigosPostales),
    radioKm: zona.radioKm.trim() === '' ? null : numeroDe(zona.radioKm),
    // As typed: an empty fee is its own message; an empty minimum is none.
    costoDeEnvio: zona.costoDeEnvio.trim(),
    montoMinimo: zona.montoMinimo.trim() === '' ? 0 : zona.montoMinimo.trim(),
    activa: zona.activa,
  };
}

/** The shop's point as typed: both blank is none; one of them blank, or out of range, is a message. */
export function checkPunto(
  punto: PuntoForm,
): { ok: true; ubicacion: PuntoMapa | null } | { ok: false; message: string } {
  if (punto.lat.trim() === '' && punto.lng.trim() === '') return { ok: true, ubicacion: null };
  const result = ubicacionTiendaSchema.safeParse({
    lat: numeroDe(punto.lat),
    lng: numeroDe(punto.lng),
  });
  if (!result.success) {
    return {
      ok: false,
      message: result.error.issues[0]?.message ?? catalogoMessages.datosInvalidos,
    };
  }
  return { ok: true, ubicacion: result.data };
}

/** The first zone a message from the server names (by «name» or by its place), if any. */
export function zonaDelMensaje(message: string, zonas: readonly ZonaForm[]): number | undefined {
  const porNombre = /^Zona «(.+?)»:/.exec(message);
  if (porNombre) {
    const nombre = porNombre[1]?.toLowerCase();
    const index = zonas.findIndex((z) => nombreDeZona(z, 0).toLowerCase() === nombre);
    return index === -1 ? undefined : index;
  }
  const porLugar = /^Zona (\d+):/.exec(message);
  if (porLugar) {
    const index = Number(porLugar[1]) - 1;
    return index >= 0 && index < zonas.length ? index : undefined;
  }
  return undefined;
}

/**
 * What Guardar sends, checked with the domain's rules in the server's order: the zones (the
 * first broken rule, naming its zone), then the shop's point, then whether a zone by distance has
 * a point to measure from. Amounts go as pesos, as docs/api.md's "Wire conventions" say.
 */
export function checkZonas(zonas: readonly ZonaForm[], punto: PuntoForm): ZonasCheck {
  const bodies = zonas.map(zonaBodyDe);
  const result = zonasInputSchema.safeParse(bodies);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? catalogoMessages.datosInvalidos;
    // The zone that broke the rule: the shortest list of the first zones that is refused.
    let index: number | undefined;
    for (let n = 1; n <= Math.min(bodies.length, ZONAS_MAX); n++) {
      if (!zonasInputSchema.safeParse(bodies.slice(0, n)).success) {
        index = n - 1;
        break;
      }
    }
    return { ok: false, message, index };
  }
  const ubicacion = checkPunto(punto);
  if (!ubicacion.ok) return { ok: false, message: ubicacion.message, index: undefined };
  const sinPunto = zonasSinUbicacion(result.data, ubicacion.ubicacion);
  if (sinPunto !== undefined) {
    return {
      ok: false,
      message: sinPunto,
      index: result.data.findIndex((z) => z.radioKm !== null),
    };
  }
  return {
    ok: true,
    ubicacion: ubicacion.ubicacion,
    zonas: result.data.map((zona) => ({
      ...(zona.id === undefined ? {} : { id: zona.id }),
      nombre: zona.nombre,
      colonias: zona.colonias,
      codigosPostales: zona.codigosPostales,
      radioKm: zona.radioKm,
      costoDeEnvio: centavosToPesos(zona.costoDeEnvio),
      montoMinimo: centavosToPesos(zona.montoMinimo),
      activa: zona.activa,
    })),
  };
}
