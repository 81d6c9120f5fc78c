import { z } from 'zod';
import { parsePesos } from './money.js';
import { puntoMapaSchema } from './punto-mapa.js';

// Delivery zones (docs/api.md, "Delivery zones"): a shop may price delivery by colonia, postal
// code or distance from its map point. Written once here: the owner's form and the server check
// zones with these schemas, and the checkout, the quote (`cotizarenvio`) and the shopper's basket
// find an address's zone with zonaDeEntrega.

export const ZONAS_MAX = 20;
export const ZONA_NOMBRE_MIN = 2;
export const ZONA_NOMBRE_MAX = 40;
export const COLONIAS_MAX = 200;
export const COLONIA_MIN = 2;
export const COLONIA_MAX = 60;
export const CODIGOS_POSTALES_MAX = 200;
export const RADIO_KM_MIN = 0.1;
export const RADIO_KM_MAX = 30;
/** Centavos. */
export const ZONA_COSTO_MAX = 9_999_99;
/** Centavos. */
export const ZONA_MINIMO_MAX = 99_999_99;

const CODIGO_POSTAL = /^\d{5}$/;

/** How a zone is named in its messages: by its name, or by its place when the name is the problem. */
function zonaLabel(nombre: string): string {
  return `Zona «${nombre}»`;
}
function zonaLabelPorLugar(index: number): string {
  return `Zona ${index + 1}`;
}

export const zonaMessages = {
  zonas: `Las zonas de envío deben ser una lista de hasta ${ZONAS_MAX} zonas`,
  zonasMax: `Puedes tener hasta ${ZONAS_MAX} zonas de envío`,
  zona: (index: number) => `${zonaLabelPorLugar(index)}: datos de la zona no válidos`,
  nombre: (index: number) =>
    `${zonaLabelPorLugar(index)}: el nombre debe tener de ${ZONA_NOMBRE_MIN} a ${ZONA_NOMBRE_MAX} caracteres`,
  nombreRepetido: (nombre: string) => `${zonaLabel(nombre)}: ya tienes otra zona con ese nombre`,
  colonias: (nombre: string) => `${zonaLabel(nombre)}: las colonias deben ser una lista de nombres`,
  coloniasMax: (nombre: string) =>
    `${zonaLabel(nombre)}: puedes poner hasta ${COLONIAS_MAX} colonias`,
  colonia: (nombre: string, colonia: string) =>
    `${zonaLabel(nombre)}: la colonia «${colonia.slice(0, COLONIA_MAX + 10)}» debe tener de ${COLONIA_MIN} a ${COLONIA_MAX} caracteres`,
  codigosPostales: (nombre: string) =>
    `${zonaLabel(nombre)}: los códigos postales deben ser una lista`,
  codigosPostalesMax: (nombre: string) =>
    `${zonaLabel(nombre)}: puedes poner hasta ${CODIGOS_POSTALES_MAX} códigos postales`,
  codigoPostal: (nombre: string, codigo: string) =>
    `${zonaLabel(nombre)}: el código postal «${codigo.slice(0, 20)}» debe tener 5 dígitos`,
  radio: (nombre: string) =>
    `${zonaLabel(nombre)}: el radio debe ser de ${RADIO_KM_MIN} a ${RADIO_KM_MAX} km`,
  radioSinUbicacion: (nombre: string) =>
    `${zonaLabel(nombre)}: para enviar por distancia, primero marca el punto de tu tienda en el mapa`,
  costo: (nombre: string) =>
    `${zonaLabel(nombre)}: el costo de envío debe ser de 0 a 9999.99 (hasta 2 decimales)`,
  minimo: (nombre: string) =>
    `${zonaLabel(nombre)}: el monto mínimo debe ser de 0 a 99999.99 (hasta 2 decimales)`,
  activa: (nombre: string) => `${zonaLabel(nombre)}: activa debe ser true o false`,
  vacia: (nombre: string) =>
    `${zonaLabel(nombre)}: pon al menos una colonia, un código postal o un radio`,
} as const;

// ---- Normalising what people type ----

/** Spaces collapsed and trimmed, NFC: a colonia as it is kept and shown. */
export function cleanColonia(colonia: string): string {
  return colonia.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The key colonias are compared by: without case, accents or repeated spaces. */
export function claveDeColonia(colonia: string): string {
  return colonia.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Colonias pasted one per line (or a list): blank lines and repeats (by claveDeColonia) out, typed order kept. */
export function cleanColonias(colonias: readonly string[] | string): string[] {
  const lista = typeof colonias === 'string' ? colonias.split(/\r?\n/) : colonias;
  const vistas = new Set<string>();
  const limpias: string[] = [];
  for (const colonia of lista) {
    const limpia = cleanColonia(colonia);
    const clave = claveDeColonia(limpia);
    if (clave === '' || vistas.has(clave)) continue;
    vistas.add(clave);
    limpias.push(limpia);
  }
  return limpias;
}

/** Postal codes typed with spaces or pasted on lines or with commas: blanks and repeats out. */
export function cleanCodigosPostales(codigos: readonly string[] | string): string[] {
  const lista = typeof codigos === 'string' ? codigos.split(/[\s,;]+/) : codigos;
  return [...new Set(lista.map((c) => c.trim()).filter((c) => c !== ''))];
}

// ---- The owner's zones (updatetienda) ----

export interface Punto {
  lat: number;
  lng: number;
}

/** A zone as the owner's answers carry it. Amounts in pesos. */
export const zonaVistaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  colonias: z.array(z.string()),
  codigosPostales: z.array(z.string()),
  radioKm: z.number().nullable(),
  costoDeEnvio: z.number(),
  montoMinimo: z.number(),
  activa: z.boolean(),
});
export type ZonaVista = z.output<typeof zonaVistaSchema>;

/** A zone as public answers carry it (active zones only, without `id`). */
export const zonaPublicaSchema = zonaVistaSchema.omit({ id: true });
export type ZonaPublica = z.output<typeof zonaPublicaSchema>;

/** A zone's fields, as `updatetienda`'s body carries them (ZonaBody) and once checked (ZonaInput). */
interface ZonaCampos {
  nombre: string;
  colonias: string[];
  codigosPostales: string[];
  radioKm: number | null;
  costoDeEnvio: number;
  montoMinimo: number;
  activa: boolean;
}

/**
 * A zone as the web sends it in `updatetienda`'s `zonas`: lists cleaned, amounts in pesos; an
 * existing zone sent back with its `id` keeps it.
 */
export interface ZonaBody extends ZonaCampos {
  id?: number;
}

/** A zone as `updatetienda` takes it, checked: names cleaned, amounts in centavos. */
export interface ZonaInput extends ZonaCampos {
  /** An existing zone sent back keeps it. */
  id: number | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Typed lines as one text, or a list of texts (the names and codes of a zone). */
function isTextos(value: unknown): value is string | string[] {
  return (
    typeof value === 'string' || (Array.isArray(value) && value.every((c) => typeof c === 'string'))
  );
}

function centavosDe(value: unknown, max: number): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const centavos = parsePesos(value);
  return centavos === undefined || centavos < 0 || centavos > max ? undefined : centavos;
}

/** One zone, checked; the first broken rule's message (naming the zone) when it is not valid. */
function leerZona(raw: unknown, index: number): ZonaInput | string {
  if (!isRecord(raw)) return zonaMessages.zona(index);
  const nombre = typeof raw.nombre === 'string' ? cleanColonia(raw.nombre) : '';
  if (nombre.length < ZONA_NOMBRE_MIN || nombre.length > ZONA_NOMBRE_MAX) {
    return zonaMessages.nombre(index);
  }
  let id: number | undefined;
  if (raw.id !== undefined && raw.id !== null) {
    if (typeof raw.id !== 'number' || !Number.isSafeInteger(raw.id) || raw.id < 1) {
      return zonaMessages.zona(index);
    }
    id = raw.id;
  }

  const coloniasRaw = raw.colonias ?? [];
  if (!isTextos(coloniasRaw)) return zonaMessages.colonias(nombre);
  const colonias = cleanColonias(coloniasRaw);
  if (colonias.length > COLONIAS_MAX) return zonaMessages.coloniasMax(nombre);
  const malColonia = colonias.find((c) => c.length < COLONIA_MIN || c.length > COLONIA_MAX);
  if (malColonia !== undefined) return zonaMessages.colonia(nombre, malColonia);

  const codigosRaw = raw.codigosPostales ?? [];
  if (!isTextos(codigosRaw)) return zonaMessages.codigosPostales(nombre);
  const codigosPostales = cleanCodigosPostales(codigosRaw);
  if (codigosPostales.length > CODIGOS_POSTALES_MAX) return zonaMessages.codigosPostalesMax(nombre);
  const malCodigo = codigosPostales.find((c) => !CODIGO_POSTAL.test(c));
  if (malCodigo !== undefined) return zonaMessages.codigoPostal(nombre, malCodigo);

  let radioKm: number | null = null;
  if (raw.radioKm !== undefined && raw.radioKm !== null) {
    const radio = raw.radioKm;
    if (
      typeof radio !== 'number' ||
      !Number.isFinite(radio) ||
      radio < RADIO_KM_MIN ||
      radio > RADIO_KM_MAX
    ) {
      return zonaMessages.radio(nombre);
    }
    radioKm = radio;
  }
  if (colonias.length === 0 && codigosPostales.length === 0 && radioKm === null) {
    return zonaMessages.vacia(nombre);
  }

  const costoDeEnvio = centavosDe(raw.costoDeEnvio, ZONA_COSTO_MAX);
  if (costoDeEnvio === undefined) return zonaMessages.costo(nombre);
  const montoMinimo = centavosDe(raw.montoMinimo ?? 0, ZONA_MINIMO_MAX);
  if (montoMinimo === undefined) return zonaMessages.minimo(nombre);
  const activa = raw.activa ?? true;
  if (typeof activa !== 'boolean') return zonaMessages.activa(nombre);

  return { id, nombre, colonias, codigosPostales, radioKm, costoDeEnvio, montoMinimo, activa };
}

/**
 * `updatetienda`'s `zonas`: at most 20, in the owner's order, each checked as the contract says
 * (the first broken rule is the message, naming its zone). Colonias and postal codes come back
 * cleaned: spaces collapsed, blank lines and repeats out, typed order kept. Whether a zone with a
 * radius has the shop's point to measure from is checked where both are known (zonasSinUbicacion).
 */
export const zonasInputSchema = z.unknown().transform((value, ctx): ZonaInput[] => {
  if (!Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: zonaMessages.zonas });
    return z.NEVER;
  }
  if (value.length > ZONAS_MAX) {
    ctx.addIssue({ code: 'custom', message: zonaMessages.zonasMax });
    return z.NEVER;
  }
  const zonas: ZonaInput[] = [];
  const nombres = new Set<string>();
  for (const [index, raw] of value.entries()) {
    const zona = leerZona(raw, index);
    if (typeof zona === 'string') {
      ctx.addIssue({ code: 'custom', message: zona });
      return z.NEVER;
    }
    const clave = claveDeColonia(zona.nombre);
    if (nombres.has(clave)) {
      ctx.addIssue({ code: 'custom', message: zonaMessages.nombreRepetido(zona.nombre) });
      return z.NEVER;
    }
    nombres.add(clave);
    zonas.push(zona);
  }
  return zonas;
});

/** The message for the first zone with a radius when the shop has no point to measure from. */
export function zonasSinUbicacion(
  zonas: readonly { nombre: string; radioKm: number | null }[],
  ubicacion: Punto | null,
): string | undefined {
  if (ubicacion !== null) return undefined;
  const zona = zonas.find((z) => z.radioKm !== null);
  return zona === undefined ? undefined : zonaMessages.radioSinUbicacion(zona.nombre);
}

// ---- Where an address falls ----

/** What a shopper says of a delivery address: any of these may be given. */
export interface DestinoDeEnvio {
  colonia?: string | null | undefined;
  codigoPostal?: string | null | undefined;
  ubicacion?: Punto | null | undefined;
}

/** The zones of a shop, ready to match: colonias as a set of keys (build once per shop version). */
export interface ZonaParaCotizar<Z> {
  zona: Z;
  colonias: ReadonlySet<string>;
  codigosPostales: ReadonlySet<string>;
  radioKm: number | null;
}

export function prepareZonas<
  Z extends {
    colonias: readonly string[];
    codigosPostales: readonly string[];
    radioKm: number | null;
    activa: boolean;
  },
>(zonas: readonly Z[]): ZonaParaCotizar<Z>[] {
  return zonas
    .filter((zona) => zona.activa)
    .map((zona) => ({
      zona,
      colonias: new Set(zona.colonias.map(claveDeColonia)),
      codigosPostales: new Set(zona.codigosPostales),
      radioKm: zona.radioKm,
    }));
}

const RADIO_TIERRA_KM = 6371.0088;

/** Great-circle distance between two points, km (haversine). */
export function distanciaKm(a: Punto, b: Punto): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIO_TIERRA_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The first active zone, in the owner's order, the address falls in: its postal code is listed,
 * or its colonia is (compared by claveDeColonia), or its point is within the zone's radius of the
 * shop's point. Undefined when none.
 */
export function zonaDeEntrega<Z>(
  zonas: readonly ZonaParaCotizar<Z>[],
  tienda: Punto | null,
  destino: DestinoDeEnvio,
): Z | undefined {
  const colonia = destino.colonia ? claveDeColonia(destino.colonia) : '';
  const codigo = destino.codigoPostal?.trim() ?? '';
  const punto = destino.ubicacion ?? null;
  for (const z of zonas) {
    if (codigo !== '' && z.codigosPostales.has(codigo)) return z.zona;
    if (colonia !== '' && z.colonias.has(colonia)) return z.zona;
    if (z.radioKm !== null && tienda !== null && punto !== null) {
      if (distanciaKm(tienda, punto) <= z.radioKm) return z.zona;
    }
  }
  return undefined;
}

/** 'No hacemos envíos a esa dirección. Zonas de envío: Centro, Del Valle' (active zones). */
export function mensajeFueraDeZona(zonas: readonly { nombre: string; activa: boolean }[]): string {
  const nombres = zonas.filter((z) => z.activa).map((z) => z.nombre);
  return `No hacemos envíos a esa dirección. Zonas de envío: ${nombres.join(', ')}`;
}

// ---- What a shopper sends ----

export const destinoMessages = {
  colonia: `La colonia debe tener de ${COLONIA_MIN} a ${COLONIA_MAX} caracteres`,
  codigoPostal: 'El código postal debe tener 5 dígitos',
  ubicacion: 'La ubicación debe tener latitud (lat) de -90 a 90 y longitud (lng) de -180 a 180',
} as const;

export const coloniaDestinoSchema = z
  .string({ error: destinoMessages.colonia })
  .max(COLONIA_MAX * 4, destinoMessages.colonia)
  .transform(cleanColonia)
  .pipe(
    z.string().min(COLONIA_MIN, destinoMessages.colonia).max(COLONIA_MAX, destinoMessages.colonia),
  );

export const codigoPostalDestinoSchema = z
  .string({ error: destinoMessages.codigoPostal })
  .trim()
  .regex(CODIGO_POSTAL, destinoMessages.codigoPostal);

export const ubicacionDestinoSchema = puntoMapaSchema({
  lat: destinoMessages.ubicacion,
  lng: destinoMessages.ubicacion,
  punto: destinoMessages.ubicacion,
});

/** The optional destination fields of checkout's `entrega` and of `cotizarenvio`. */
export const destinoFields = {
  colonia: coloniaDestinoSchema.nullish(),
  codigoPostal: codigoPostalDestinoSchema.nullish(),
  ubicacion: ubicacionDestinoSchema.nullish(),
};

/** Its answer: the zone (amounts in pesos) or null with the reason. */
export const cotizacionEnvioSchema = z.object({
  zona: z
    .object({ nombre: z.string(), costoDeEnvio: z.number(), montoMinimo: z.number() })
    .nullable(),
  mensaje: z.string().nullable(),
});
export type CotizacionEnvio = z.output<typeof cotizacionEnvioSchema>;

/** The zone an order was charged for, as order answers carry it (pesos). */
export const zonaDePedidoSchema = z.object({ nombre: z.string(), costoDeEnvio: z.number() });
export type ZonaDePedido = z.output<typeof zonaDePedidoSchema>;
