import { z } from 'zod';
import { addDays, getLocalDateTime, isValidFecha } from './horario.js';
import { finDelDia } from './tienda-estado.js';

// Sales for the owner (docs/sales.md): the range rules, the shop's calendar days as UTC
// instants, the local day and hour of an order, and the CSV cells of the export. The clock and
// the zone are always parameters.

/** A range holds at most this many calendar days, both ends included. */
export const VENTAS_MAX_DIAS = 366;

export const ventasMessages = {
  desdeInvalida: 'La fecha de inicio (desde) no es válida; usa AAAA-MM-DD',
  hastaInvalida: 'La fecha final (hasta) no es válida; usa AAAA-MM-DD',
  fechaInvalida: 'La fecha del corte no es válida; usa AAAA-MM-DD',
  rangoInvertido: 'La fecha de inicio (desde) no puede ser posterior a la fecha final (hasta)',
  rangoLargo: `El periodo puede tener a lo más ${VENTAS_MAX_DIAS} días`,
  sinVentas: 'Aún no hay ventas en este periodo',
} as const;

const DIA_MS = 86_400_000;
const HORA_MS = 3_600_000;

/** 'YYYY-MM-DD' at UTC midnight, as milliseconds: calendar arithmetic without zones. */
function diaUtc(fecha: string): number {
  return Date.UTC(
    Number(fecha.slice(0, 4)),
    Number(fecha.slice(5, 7)) - 1,
    Number(fecha.slice(8, 10)),
  );
}

/** Calendar days from `desde` to `hasta`, both included (1 for the same day). */
export function diasDelRango(desde: string, hasta: string): number {
  return Math.round((diaUtc(hasta) - diaUtc(desde)) / DIA_MS) + 1;
}

const fechaTexto = (message: string) =>
  z
    .string({ error: message })
    .max(10, message)
    .refine((v) => isValidFecha(v), message);

/**
 * `?desde=&hasta=` of the sales, export and (with one date) cash-close calls: real calendar
 * dates, desde ≤ hasta, at most VENTAS_MAX_DIAS days. The server and the web form share it.
 */
export const rangoVentasSchema = z
  .object({
    desde: fechaTexto(ventasMessages.desdeInvalida),
    hasta: fechaTexto(ventasMessages.hastaInvalida),
  })
  .superRefine(({ desde, hasta }, ctx) => {
    if (desde > hasta) {
      ctx.addIssue({ code: 'custom', path: ['desde'], message: ventasMessages.rangoInvertido });
    } else if (diasDelRango(desde, hasta) > VENTAS_MAX_DIAS) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: ventasMessages.rangoLargo });
    }
  });
export type RangoVentas = z.infer<typeof rangoVentasSchema>;

export const corteQuerySchema = z.object({ fecha: fechaTexto(ventasMessages.fechaInvalida) });

/** The first message a range breaks, or undefined when it is valid (the web form's check). */
export function errorDeRango(desde: string, hasta: string): string | undefined {
  const parsed = rangoVentasSchema.safeParse({ desde, hasta });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

// ---- The shop's days as UTC instants ----

/** Some instant inside the calendar day `fecha` on the shop's wall clock. */
function instanteDentroDe(fecha: string, timeZone: string): number {
  // Noon UTC is that day's date in every zone from UTC-12 to UTC+11; beyond that one step of
  // six hours lands inside it (no zone is more than 14 hours from UTC).
  let t = diaUtc(fecha) + 12 * HORA_MS;
  for (let paso = 0; paso < 8; paso += 1) {
    const local = getLocalDateTime(new Date(t), timeZone).fecha;
    if (local === fecha) return t;
    t += local < fecha ? 6 * HORA_MS : -6 * HORA_MS;
  }
  throw new RangeError(`sin instante para ${fecha} en ${timeZone}`);
}

/**
 * The first instant of a calendar day on the shop's wall clock. The day before's end
 * (tienda-estado.ts's finDelDia) already handles days of 23 or 25 hours and days whose
 * midnight the clock skips.
 */
export function inicioDelDia(fecha: string, timeZone: string): Date {
  return finDelDia(new Date(instanteDentroDe(addDays(fecha, -1), timeZone)), timeZone);
}

/**
 * The UTC half-open interval [inicio, fin) of a range of the shop's calendar days, as ISO text:
 * `pedido.fecha` is ISO-8601 UTC text on both databases, so text comparison compares instants.
 */
export function rangoUtc(
  desde: string,
  hasta: string,
  timeZone: string,
): { inicio: string; fin: string } {
  return {
    inicio: inicioDelDia(desde, timeZone).toISOString(),
    fin: inicioDelDia(addDays(hasta, 1), timeZone).toISOString(),
  };
}

export interface CalendarioLocal {
  /** The range's dates, in order. */
  readonly dias: readonly string[];
  /** True when every day starts on a whole UTC hour: a UTC hour then lies in one local hour. */
  readonly alineadoAHoras: boolean;
  /** The local day (index into `dias`) and hour (0–23) of an instant, or undefined outside. */
  locate(ms: number): { dia: number; hora: number } | undefined;
}

/**
 * The range's local days, worked out once (one Intl call per day), so placing each of tens of
 * thousands of orders is a binary search and a division. A day that is not 24 hours long, or
 * does not start at 00:00 (a DST change), asks the wall clock for each instant instead.
 */
export function calendarioLocal(desde: string, hasta: string, timeZone: string): CalendarioLocal {
  const n = diasDelRango(desde, hasta);
  const dias: string[] = [];
  const inicios: number[] = [];
  // Whether the day starts at 00:00 on the wall clock (not where the clock skips midnight).
  const aMedianoche: boolean[] = [];
  for (let k = 0; k <= n; k += 1) {
    const fecha = addDays(desde, k);
    if (k < n) dias.push(fecha);
    // Usually the day after starts 24 hours later: one look at the wall clock confirms it.
    const guess = k === 0 ? undefined : inicios[k - 1]! + DIA_MS;
    const local = guess === undefined ? undefined : getLocalDateTime(new Date(guess), timeZone);
    if (local !== undefined && local.fecha === fecha && local.hora === '00:00:00') {
      inicios.push(guess!);
      aMedianoche.push(true);
    } else {
      const inicio = inicioDelDia(fecha, timeZone);
      inicios.push(inicio.getTime());
      aMedianoche.push(getLocalDateTime(inicio, timeZone).hora === '00:00:00');
    }
  }
  const regular = dias.map((_, k) => inicios[k + 1]! - inicios[k]! === DIA_MS && aMedianoche[k]);
  return {
    dias,
    alineadoAHoras: inicios.every((t) => t % HORA_MS === 0),
    locate(ms) {
      if (!(ms >= inicios[0]! && ms < inicios[n]!)) return undefined;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (inicios[mid]! <= ms) lo = mid;
        else hi = mid - 1;
      }
      if (regular[lo]) return { dia: lo, hora: Math.floor((ms - inicios[lo]!) / HORA_MS) };
      return { dia: lo, hora: Number(getLocalDateTime(new Date(ms), timeZone).hora.slice(0, 2)) };
    },
  };
}

/** 'YYYY-MM-DD HH:MM' on the shop's wall clock: the export's date column. */
export function fechaHoraLocal(instant: Date, timeZone: string): string {
  const local = getLocalDateTime(instant, timeZone);
  return `${local.fecha} ${local.hora.slice(0, 5)}`;
}

// ---- CSV (RFC 4180) ----

/** UTF-8 byte order mark: Excel in Spanish then reads accents right. */
export const CSV_BOM = '\uFEFF';
export const CSV_FIN_DE_LINEA = '\r\n';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const INICIO_DE_FORMULA = /^[=+\-@\t\r]/;

/**
 * One CSV field: text that a spreadsheet would run as a formula gets a leading apostrophe, and
 * a field holding a quote, comma or line break is quoted with its quotes doubled (RFC 4180).
 */
export function celdaCsv(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (INICIO_DE_FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function filaCsv(values: readonly (string | number | null | undefined)[]): string {
  return values.map(celdaCsv).join(',') + CSV_FIN_DE_LINEA;
}

/**
 * Parses RFC 4180 text back into rows (a leading BOM is skipped): for tests and for reading an
 * export again. Not a general CSV reader: it trusts the quoting it is given.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The export's header row, in column order (docs/sales.md). */
export const COLUMNAS_EXPORTACION = [
  'Pedido',
  'Fecha',
  'Estado',
  'Cliente',
  'Teléfono',
  'Entrega',
  'Forma de pago',
  'Producto',
  'Opciones',
  'Cantidad',
  'Precio unitario',
  'Importe',
  'Total del pedido',
] as const;

/** '12.50': pesos with two decimals and a dot, from integer centavos (no float on the way). */
export function pesosCsv(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A line's options as ordered ('Tortilla: Maíz; Extras: Queso'), from its stored JSON. */
export function opcionesTexto(json: string): string {
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return '';
    return list
      .map((o: { grupo?: unknown; nombre?: unknown }) =>
        typeof o?.grupo === 'string' && o.grupo !== ''
          ? `${o.grupo}: ${String(o.nombre ?? '')}`
          : String(o?.nombre ?? ''),
      )
      .join('; ');
  } catch {
    return '';
  }
}

// ---- Wire shapes ----

const pesos = z.number();
const cuenta = z.object({ pedidos: z.number().int(), total: pesos });

export const ventasSchema = z.object({
  total: pesos,
  pedidos: z.number().int(),
  ticketPromedio: pesos,
  porDia: z.array(z.object({ fecha: z.string(), total: pesos, pedidos: z.number().int() })),
  porHora: z.array(z.object({ hora: z.number().int(), pedidos: z.number().int() })),
  porProducto: z.array(
    z.object({
      productoId: z.number().int(),
      nombre: z.string(),
      cantidad: z.number().int(),
      total: pesos,
    }),
  ),
  porMetodo: z.array(z.object({ metodo: z.string(), total: pesos, pedidos: z.number().int() })),
});
export type Ventas = z.infer<typeof ventasSchema>;

export const corteSchema = z.object({
  fecha: z.string(),
  efectivo: cuenta,
  terminal: cuenta,
  transferencia: z.object({ pagados: cuenta, pendientes: cuenta }),
});
export type Corte = z.infer<typeof corteSchema>;

/** `GET /api/pedido/exportar` as /docs shows it: a CSV file (COLUMNAS_EXPORTACION). */
export const exportacionCsvResponse = {
  description: 'CSV UTF-8 con BOM (RFC 4180), una fila por producto de cada pedido',
  content: {
    'text/csv': {
      schema: z.string().describe(`Columnas: ${COLUMNAS_EXPORTACION.join(', ')}`),
    },
  },
};

/** Average ticket in centavos, rounded half up to the centavo (0 without orders). */
export function ticketPromedioCentavos(totalCentavos: number, pedidos: number): number {
  return pedidos === 0 ? 0 : Math.round(totalCentavos / pedidos);
}

/** 'ventas-2026-11-01-a-2026-11-30.csv' */
export function nombreArchivoVentas(desde: string, hasta: string): string {
  return `ventas-${desde}-a-${hasta}.csv`;
}
