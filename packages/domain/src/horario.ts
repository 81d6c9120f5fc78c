// Opening hours, special days and whether a shop is open (docs/api.md, "Hours and special
// days"). The instant and the shop's time zone are always parameters: this module never reads
// the clock.

export const DIAS = [
  'LUNES',
  'MARTES',
  'MIERCOLES',
  'JUEVES',
  'VIERNES',
  'SABADO',
  'DOMINGO',
] as const;
export type Dia = (typeof DIAS)[number];

export const HORA_POR_DEFECTO = '08:00:00';
/** The form's default closing time (08:00 to 18:00, docs/api.md, "Hours and special days"). */
export const HORA_CIERRE_POR_DEFECTO = '18:00:00';
export const ZONA_HORARIA_POR_DEFECTO = 'America/Mexico_City';

/**
 * What a closed shop says, in its page's first download (the owner's form texts are
 * horarioMessages', horario-mensajes.ts: kept apart from the page).
 */
export const cierreMessages = {
  titulo: 'está cerrada',
  footer: 'Te esperamos pronto para atenderte mejor',
  fallback: 'Horario de atención no disponible en este momento',
  diaEspecial: 'Cerrado por día especial/feriado',
  sinHorarioHoy: 'No hay horario configurado para el día de hoy',
  proximaAperturaNoDisponible: 'Próxima apertura: No disponible',
  sinHorarios: 'No hay horarios de apertura disponibles',
} as const;

/** 'Cerrado el día de hoy (Domingo) por configuración especial'. */
export function formatCerradoHoy(dia: Dia): string {
  return `Cerrado el día de hoy (${diaLabel(dia)}) por configuración especial`;
}

/** 'Fuera del horario de atención (08:00 - 18:00)'. */
export function formatFueraDeHorario(apertura: string, cierre: string): string {
  return `Fuera del horario de atención (${horaLabel(apertura)} - ${horaLabel(cierre)})`;
}

/** 'Próxima apertura: Hoy a las 08:00' ('Hoy', 'Mañana' or a weekday). */
export function formatProximaApertura(cuando: string, hora: string): string {
  return `Próxima apertura: ${cuando} a las ${horaLabel(hora)}`;
}

export interface HorarioDia {
  dia: Dia | string;
  apertura: string;
  cierre: string;
  cerrado: boolean;
}

export interface DiaEspecial {
  fecha: string;
  recurrenteCadaAnio: boolean;
}

export type MotivoCierre = 'DIA_ESPECIAL' | 'CERRADO_HOY' | 'FUERA_DE_HORARIO' | 'SIN_HORARIO';

export type TiendaStatus =
  | { abierta: true }
  | { abierta: false; motivo: MotivoCierre; mensaje: string; proximaApertura: string };

export interface LocalDateTime {
  /** YYYY-MM-DD */
  fecha: string;
  dia: Dia;
  /** HH:MM:SS */
  hora: string;
}

// ---- Days ----

const DIA_LABELS: Readonly<Record<Dia, string>> = {
  LUNES: 'Lunes',
  MARTES: 'Martes',
  MIERCOLES: 'Miércoles',
  JUEVES: 'Jueves',
  VIERNES: 'Viernes',
  SABADO: 'Sábado',
  DOMINGO: 'Domingo',
};

function isDia(value: string): value is Dia {
  return (DIAS as readonly string[]).includes(value);
}

/** Days are stored uppercase without accents but compared accent- and case-insensitively. */
export function normalizeDia(value: string): Dia | undefined {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();
  return isDia(plain) ? plain : undefined;
}

export function diaLabel(dia: Dia): string {
  return DIA_LABELS[dia];
}

// ---- Times ----

const HORA_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const HOURS_PER_DAY = 24;
const MINUTES_PER_HOUR = 60;

function padTwo(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * 'HH:MM:SS' from 'H:MM', 'HH:MM' or 'HH:MM:SS'; a missing or empty time is the default
 * 08:00:00 (docs/api.md, "Hours and special days"); anything else is undefined. Fixed-width
 * text compares in time order.
 */
export function normalizeHora(value: string | undefined | null): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return HORA_POR_DEFECTO;
  const match = HORA_PATTERN.exec(text);
  if (match === null) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? '0');
  if (hours >= HOURS_PER_DAY || minutes >= MINUTES_PER_HOUR || seconds >= MINUTES_PER_HOUR) {
    return undefined;
  }
  return `${padTwo(hours)}:${padTwo(minutes)}:${padTwo(seconds)}`;
}

/** Display form 'HH:MM'; a text that is not a time is shown as it is. */
export function horaLabel(hora: string): string {
  return normalizeHora(hora)?.slice(0, 5) ?? hora;
}

/** The form's choices: every 30 minutes from 00:00 to 23:30 (docs/api.md, hours). */
export const OPCIONES_DE_HORA: readonly string[] = Array.from(
  { length: HOURS_PER_DAY * 2 },
  (_, index) => `${padTwo(Math.floor(index / 2))}:${index % 2 === 0 ? '00' : '30'}:00`,
);

// ---- Calendar dates ('YYYY-MM-DD'), computed in UTC so no time zone or DST shifts a day ----

const FECHA_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function parseFecha(fecha: string): CalendarDate | undefined {
  const match = FECHA_PATTERN.exec(fecha);
  if (match === null) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** A Date at UTC midnight of that calendar day; setUTCFullYear also carries day overflow. */
function toUtcDate({ year, month, day }: CalendarDate): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function formatFecha(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${padTwo(date.getUTCMonth() + 1)}-${padTwo(date.getUTCDate())}`;
}

export function isValidFecha(fecha: string): boolean {
  const parsed = parseFecha(fecha);
  if (parsed === undefined || parsed.year === 0) return false;
  return formatFecha(toUtcDate(parsed)) === fecha;
}

export function addDays(fecha: string, days: number): string {
  const parsed = parseFecha(fecha);
  if (parsed === undefined) throw new RangeError(`not a calendar date: ${fecha}`);
  return formatFecha(toUtcDate({ ...parsed, day: parsed.day + days }));
}

export function getDiaOfFecha(fecha: string): Dia {
  const parsed = parseFecha(fecha);
  if (parsed === undefined) throw new RangeError(`not a calendar date: ${fecha}`);
  // getUTCDay counts from Sunday; DIAS starts on Monday.
  const index = (toUtcDate(parsed).getUTCDay() + 6) % 7;
  return DIAS[index] ?? 'LUNES';
}

// ---- Local wall-clock time of an instant in a zone ----

// Building a formatter is costly and the status is rechecked every minute for many shops.
const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    getFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date, weekday and time an instant shows on a wall clock in that zone. Throws a
 * RangeError for an unknown zone or an invalid Date.
 */
export function getLocalDateTime(instant: Date, timeZone: string): LocalDateTime {
  return localDateTime(instant, timeZone);
}

let localDateTime = formatLocalDateTime;

/**
 * From now on every instant of one second in one zone shares its answer (the answer has whole
 * seconds): a server checking whether a shop is open on every order reuses it instead of
 * formatting again. The server turns it on at start; the web app never imports it, so the
 * public shop page's download does not carry it.
 */
export function reuseLocalDateTimePerSecond(): void {
  const last = new Map<string, { second: number; value: LocalDateTime }>();
  localDateTime = (instant, timeZone) => {
    const second = Math.floor(instant.getTime() / 1000);
    let entry = last.get(timeZone);
    if (entry?.second !== second) {
      entry = { second, value: formatLocalDateTime(instant, timeZone) };
      last.set(timeZone, entry);
    }
    return { ...entry.value };
  };
}

function formatLocalDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = getFormatter(timeZone).formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((part) => part.type === type)?.value ?? '00';
  // Some engines still print midnight as 24 despite h23.
  const hour = read('hour') === '24' ? '00' : read('hour');
  const fecha = `${read('year').padStart(4, '0')}-${read('month')}-${read('day')}`;
  return { fecha, dia: getDiaOfFecha(fecha), hora: `${hour}:${read('minute')}:${read('second')}` };
}

// ---- Shop status ----

/** Recurring special days match by month and day in any year; others by the exact date. */
export function isDiaEspecial(fecha: string, diasEspeciales: readonly DiaEspecial[]): boolean {
  const monthDay = fecha.slice(5, 10);
  return diasEspeciales.some((especial) => {
    // Tolerates a stored timestamp: the date written in it is the day meant.
    const dia = especial.fecha.trim().slice(0, 10);
    return especial.recurrenteCadaAnio ? dia.slice(5) === monthDay : dia === fecha;
  });
}

export interface Ventana {
  readonly apertura: string;
  readonly cierre: string;
}

export function findHorarioOfDia(
  horarios: readonly HorarioDia[],
  dia: Dia,
): HorarioDia | undefined {
  return horarios.find((horario) => normalizeDia(horario.dia) === dia);
}

export function readVentana(horario: HorarioDia): Ventana | undefined {
  const apertura = normalizeHora(horario.apertura);
  const cierre = normalizeHora(horario.cierre);
  return apertura === undefined || cierre === undefined ? undefined : { apertura, cierre };
}

/**
 * A closing time earlier than the opening spans midnight. Equal times open only at that very
 * minute, not round the clock (docs/api.md, "Hours and special days").
 */
function isWithinVentana({ apertura, cierre }: Ventana, hora: string): boolean {
  if (cierre < apertura) return hora >= apertura || hora <= cierre;
  return apertura <= hora && hora <= cierre;
}

function closed(
  motivo: MotivoCierre,
  mensaje: string,
  proximaApertura: string,
): Extract<TiendaStatus, { abierta: false }> {
  return { abierta: false, motivo, mensaje, proximaApertura };
}

/**
 * Whether a shop is open at an instant (docs/api.md, "Hours and special days"), evaluated in
 * the shop's zone.
 * Rules in order: a special day closes; no hours at all means open; otherwise today's entry
 * decides (missing: closed; cerrado: closed; else within its window).
 *
 * Only today's entry is read, as docs/api.md states: a window that opened yesterday and runs
 * past midnight (Lunes 20:00-02:00) does not keep the shop open early on Tuesday. The same entry
 * opens Monday from 00:00 to 02:00 instead, which is what its midnight rule says.
 */
export function getTiendaStatus(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  instant: Date,
  timeZone: string = ZONA_HORARIA_POR_DEFECTO,
): TiendaStatus {
  const ahora = getLocalDateTime(instant, timeZone);
  const proxima = () => getProximaApertura(horarios, diasEspeciales, instant, timeZone);
  if (isDiaEspecial(ahora.fecha, diasEspeciales)) {
    return closed('DIA_ESPECIAL', cierreMessages.diaEspecial, proxima());
  }
  // Checked before today's entry: without any hours a missing entry is not a closed day.
  if (horarios.length === 0) return { abierta: true };
  const horario = findHorarioOfDia(horarios, ahora.dia);
  if (horario === undefined) {
    return closed('SIN_HORARIO', cierreMessages.sinHorarioHoy, proxima());
  }
  if (horario.cerrado) return closed('CERRADO_HOY', formatCerradoHoy(ahora.dia), proxima());
  const ventana = readVentana(horario);
  // A stored time that cannot be read is no schedule: closed, with the fallback text.
  if (ventana === undefined) return closed('SIN_HORARIO', cierreMessages.fallback, proxima());
  if (isWithinVentana(ventana, ahora.hora)) return { abierta: true };
  return closed(
    'FUERA_DE_HORARIO',
    formatFueraDeHorario(ventana.apertura, ventana.cierre),
    proxima(),
  );
}

export function isTiendaOpenAt(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  instant: Date,
  timeZone: string = ZONA_HORARIA_POR_DEFECTO,
): boolean {
  return getTiendaStatus(horarios, diasEspeciales, instant, timeZone).abierta;
}

const DIAS_DE_BUSQUEDA = 7;

interface Apertura {
  /** Days from today, in the shop's calendar (0: today). */
  readonly offset: number;
  readonly dia: Dia;
  /** HH:MM:SS */
  readonly hora: string;
}

/**
 * The next opening: today (only while the opening is still ahead), then the next 7 days,
 * skipping special days and closed or missing days. Days are stepped on calendar dates in the
 * shop's zone, never by adding 24 hours, so a DST change cannot skip or repeat a day.
 */
function siguienteApertura(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  ahora: LocalDateTime,
): Apertura | undefined {
  for (let offset = 0; offset <= DIAS_DE_BUSQUEDA; offset += 1) {
    const fecha = addDays(ahora.fecha, offset);
    if (isDiaEspecial(fecha, diasEspeciales)) continue;
    const dia = getDiaOfFecha(fecha);
    const horario = findHorarioOfDia(horarios, dia);
    if (horario === undefined || horario.cerrado) continue;
    const ventana = readVentana(horario);
    if (ventana === undefined) continue;
    if (offset === 0 && ahora.hora >= ventana.apertura) continue;
    return { offset, dia, hora: ventana.apertura };
  }
  return undefined;
}

/** The next-opening text: 'Próxima apertura: Hoy a las 08:00' ('Hoy', 'Mañana' or a weekday). */
export function getProximaApertura(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  instant: Date,
  timeZone: string = ZONA_HORARIA_POR_DEFECTO,
): string {
  if (horarios.length === 0) return cierreMessages.sinHorarios;
  const apertura = siguienteApertura(horarios, diasEspeciales, getLocalDateTime(instant, timeZone));
  if (apertura === undefined) return cierreMessages.proximaAperturaNoDisponible;
  const cuando = ['Hoy', 'Mañana'][apertura.offset] ?? diaLabel(apertura.dia);
  return formatProximaApertura(cuando, apertura.hora);
}

/** '8:00', '22:30': the hour as people say it, without a leading zero. */
export function horaCorta(hora: string): string {
  return horaLabel(hora).replace(/^0(?=\d)/, '');
}

export interface LineaDeHorario {
  readonly abierta: boolean;
  /** 'Abierto · cierra a las 22:00', 'Cerrado · abre mañana a las 8:00', 'Abierto', 'Cerrado'. */
  readonly texto: string;
}

/**
 * The shop page's one-line hours notice at an instant (docs/shop-pages.md, "The menu"): open
 * until when, or closed until when. The reasons and the full closed notice are getTiendaStatus'.
 */
export function lineaDeHorario(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  instant: Date,
  timeZone: string = ZONA_HORARIA_POR_DEFECTO,
): LineaDeHorario {
  const status = getTiendaStatus(horarios, diasEspeciales, instant, timeZone);
  const ahora = getLocalDateTime(instant, timeZone);
  if (status.abierta) {
    const horario = findHorarioOfDia(horarios, ahora.dia);
    const ventana = horario && readVentana(horario);
    return {
      abierta: true,
      texto: ventana ? `Abierto · cierra a las ${horaCorta(ventana.cierre)}` : 'Abierto',
    };
  }
  const apertura = siguienteApertura(horarios, diasEspeciales, ahora);
  if (apertura === undefined) return { abierta: false, texto: 'Cerrado' };
  const cuando = ['hoy', 'mañana'][apertura.offset] ?? `el ${diaLabel(apertura.dia).toLowerCase()}`;
  return { abierta: false, texto: `Cerrado · abre ${cuando} a las ${horaCorta(apertura.hora)}` };
}

// ---- Orders now: hours, special days and the owner's pause ----
// (Here rather than in tienda-estado.ts: the shop page's first chunk holds this file.)

export const estadoMessages = {
  pausada: (hora: string) => `La tienda pausó los pedidos hasta las ${hora}`,
  agotado: (nombre: string) => `${nombre} está agotado por hoy`,
} as const;

/** HH:MM of an instant on the shop's wall clock. */
export function horaLocal(instant: Date, timeZone: string): string {
  return getLocalDateTime(instant, timeZone).hora.slice(0, 5);
}

/** Whether a pause stored as an ISO instant (or null) is still running at `now`. */
export function isPausada(pausadoHasta: string | null | undefined, now: Date): boolean {
  return typeof pausadoHasta === 'string' && Date.parse(pausadoHasta) > now.getTime();
}

/** Whether a product's sold-out mark (ISO instant or null) still holds at `now`. */
export function isAgotado(agotadoHasta: string | null | undefined, now: Date): boolean {
  return typeof agotadoHasta === 'string' && Date.parse(agotadoHasta) > now.getTime();
}

/**
 * The closed notice in one line: '{nombre} está cerrada. {motivo}. {próxima apertura}. Te
 * esperamos pronto para atenderte mejor' (docs/api.md, "Hours and special days"). Written once:
 * the server's `mensajeCerrada` and checkout refusal and the web cart's notice made from the
 * shop's own page all come here, so they read the same.
 */
export function lineaDeCierre(aviso: {
  readonly titulo: string;
  readonly motivo: string;
  readonly proximaApertura: string;
}): string {
  return [aviso.titulo, aviso.motivo, aviso.proximaApertura, cierreMessages.footer].join('. ');
}

export type EstadoPedidos =
  | { readonly abierta: true; readonly mensaje: null }
  | {
      readonly abierta: false;
      readonly motivo: 'PAUSADA' | 'CERRADA';
      /** The notice the public page and the cart show, and the checkout refusal's message. */
      readonly mensaje: string;
    };

/**
 * Whether a shop takes orders at `now`: closed by its hours (the closed notice in one line:
 * name, reason, next opening, footer; docs/api.md, "Hours and special days") or paused by its
 * owner (until HH:MM).
 */
export function getEstadoPedidos(
  tienda: {
    readonly nombre: string;
    readonly timeZone: string;
    readonly pausadoHasta: string | null;
  },
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  now: Date,
): EstadoPedidos {
  const status = getTiendaStatus(horarios, diasEspeciales, now, tienda.timeZone);
  if (!status.abierta) {
    return {
      abierta: false,
      motivo: 'CERRADA',
      mensaje: lineaDeCierre({
        titulo: `${tienda.nombre} ${cierreMessages.titulo}`,
        motivo: status.mensaje,
        proximaApertura: status.proximaApertura,
      }),
    };
  }
  if (tienda.pausadoHasta !== null && isPausada(tienda.pausadoHasta, now)) {
    return {
      abierta: false,
      motivo: 'PAUSADA',
      mensaje: estadoMessages.pausada(horaLocal(new Date(tienda.pausadoHasta), tienda.timeZone)),
    };
  }
  return { abierta: true, mensaje: null };
}
