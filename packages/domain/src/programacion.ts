import {
  addDays,
  diaLabel,
  findHorarioOfDia,
  getDiaOfFecha,
  getLocalDateTime,
  horaCorta,
  isDiaEspecial,
  readVentana,
  type DiaEspecial,
  type HorarioDia,
} from './horario.js';

// Orders for later, the kitchen's pace and the busy delay (docs/api.md, "Orders for later"):
// the shop's scheduling settings, the slots it offers (tiled over its opening hours on its own
// wall clock), how a scheduled time is checked at checkout and how it is written for people.
// Written once here: the server lists slots and checks checkout with these functions, and the
// web app draws the same slots and texts. Time is always a parameter.

export const INTERVALOS_MIN = [15, 30, 60] as const;
export type IntervaloMin = (typeof INTERVALOS_MIN)[number];
export const DIAS_ADELANTE_MAX = 6;
export const PEDIDOS_POR_INTERVALO_MAX = 100;
export const PREPARACION_MIN_MIN = 5;
export const PREPARACION_MIN_MAX = 180;
export const DEMORA_MAX_MIN = 90;
/** Quick choices of "Estamos ocupados" on the board. */
export const DEMORAS_RAPIDAS = [10, 20, 30] as const;
/** How long the automatic pause lasts, and how often it may act at most. */
export const PAUSA_AUTOMATICA_MIN = 15;
export const PEDIDOS_SIN_ACEPTAR_MAX = 20;

export const programacionMessages = {
  programacion: 'La programación de pedidos no es válida',
  activa: 'programacion.activa debe ser true o false',
  diasAdelante: `Días por adelantado: deben ser de 0 a ${DIAS_ADELANTE_MAX} (0 es solo hoy)`,
  intervaloMin: 'Duración de cada horario: debe ser de 15, 30 o 60 minutos',
  pedidosPorIntervalo: `Pedidos por horario: deben ser de 1 a ${PEDIDOS_POR_INTERVALO_MAX}, o sin límite`,
  preparacionMin: `Tiempo de preparación: debe ser de ${PREPARACION_MIN_MIN} a ${PREPARACION_MIN_MAX} minutos`,
  pausaAutomatica: 'La pausa automática no es válida',
  pausaActiva: 'pausaAutomatica.activa debe ser true o false',
  pedidosSinAceptar: `Pedidos sin aceptar para pausar: deben ser de 1 a ${PEDIDOS_SIN_ACEPTAR_MAX}`,
  demora: `La demora debe ser de 0 a ${DEMORA_MAX_MIN} minutos`,
  programadoPara: 'programadoPara debe ser una fecha y hora (ISO 8601)',
  // Why a scheduled time is refused (409 HORARIO_NO_DISPONIBLE).
  desactivada: 'Esta tienda no acepta pedidos programados',
  pasado: 'Ese horario ya pasó; elige otro',
  muyPronto: (desde: string) =>
    `Ese horario ya no alcanza para preparar tu pedido; elige uno a partir de las ${desde}`,
  yaNoAlcanza: 'Ese horario ya no alcanza para preparar tu pedido; elige otro',
  noEsFranja: 'Ese horario no está entre los que ofrece la tienda; elige uno de la lista',
  lleno: 'Ese horario ya está lleno; elige otro',
  /** The automatic pause's push (its title) and SMS to the owner. */
  pausaAutomaticaTitulo: 'Tienda en pausa',
  pausaAutomaticaAviso: (n: number) => `Pausamos tu tienda 15 min: tienes ${n} pedidos sin aceptar`,
} as const;

const m = programacionMessages;

// ---- Settings ----

export const PROGRAMACION_POR_OMISION = {
  activa: false,
  diasAdelante: 0,
  intervaloMin: 30,
  pedidosPorIntervalo: null,
  preparacionMin: 20,
} as const satisfies Programacion;

export const PAUSA_AUTOMATICA_POR_OMISION = {
  activa: false,
  pedidosSinAceptar: 3,
} as const satisfies PausaAutomatica;

export interface Programacion {
  readonly activa: boolean;
  readonly diasAdelante: number;
  readonly intervaloMin: number;
  readonly pedidosPorIntervalo: number | null;
  readonly preparacionMin: number;
}

export interface PausaAutomatica {
  readonly activa: boolean;
  readonly pedidosSinAceptar: number;
}

/** The delay in force at `now`: a stored delay lasts until `hasta` (the end of that day). */
export function demoraVigente(
  demora: { readonly minutos: number; readonly hasta: string | null },
  now: Date,
): number {
  return demora.hasta !== null && Date.parse(demora.hasta) > now.getTime() ? demora.minutos : 0;
}

// ---- Slots ----

export interface Franja {
  /** ISO instants (UTC, milliseconds), as the API answers them. */
  readonly inicio: string;
  readonly fin: string;
  readonly disponible: boolean;
  /** Places left; null when the shop sets no limit. */
  readonly restantes: number | null;
}

const MINUTO_MS = 60_000;
const DIA_MIN = 24 * 60;

/** Minutes since midnight of 'HH:MM:SS' (seconds round an opening up, a closing down). */
function minutosDe(hora: string, redondeo: 'arriba' | 'abajo'): number {
  const [h, mi, s] = hora.split(':').map(Number) as [number, number, number];
  return h * 60 + mi + (redondeo === 'arriba' && s > 0 ? 1 : 0);
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (whole seconds). */
function desfaseMs(instant: number, timeZone: string): number {
  const local = getLocalDateTime(new Date(instant), timeZone);
  const [y, mo, d] = local.fecha.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = local.hora.split(':').map(Number) as [number, number, number];
  const pared = Date.UTC(y, mo - 1, d, h, mi, s);
  return pared - Math.floor(instant / 1000) * 1000;
}

/** The wall clock's reading as if it were UTC: 'YYYY-MM-DD' plus minutes (may pass 24:00). */
function paredMs(fecha: string, minutos: number): number {
  const [y, mo, d] = fecha.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d) + minutos * MINUTO_MS;
}

/**
 * The instant the zone's wall clock reads `minutos` after midnight of `fecha` (1440 is the next
 * day's 00:00). When the clock shows that time twice (the hour repeated as DST ends) the first
 * one; when it never shows it (the hour skipped as DST starts) undefined. Offsets change at most
 * once in a day, so the offsets a day before and a day after are the only candidates.
 */
export function instanteLocal(fecha: string, minutos: number, timeZone: string): Date | undefined {
  const pared = paredMs(fecha, minutos);
  const candidatos = [
    pared - desfaseMs(pared - 86_400_000, timeZone),
    pared - desfaseMs(pared + 86_400_000, timeZone),
  ]
    .filter((instant) => instant + desfaseMs(instant, timeZone) === pared)
    .sort((a, b) => a - b);
  return candidatos[0] === undefined ? undefined : new Date(candidatos[0]);
}

/** A day's opening windows in minutes since its midnight (a window across midnight splits). */
function ventanasDelDia(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  fecha: string,
): Array<readonly [number, number]> {
  if (isDiaEspecial(fecha, diasEspeciales)) return [];
  // Without any hours the shop is open round the clock (horario.ts, getTiendaStatus).
  if (horarios.length === 0) return [[0, DIA_MIN]];
  const horario = findHorarioOfDia(horarios, getDiaOfFecha(fecha));
  if (horario === undefined || horario.cerrado) return [];
  const ventana = readVentana(horario);
  if (ventana === undefined) return [];
  const apertura = minutosDe(ventana.apertura, 'arriba');
  const cierre = minutosDe(ventana.cierre, 'abajo');
  // Equal times open only at that very minute: no slot fits.
  if (ventana.cierre === ventana.apertura) return [];
  if (ventana.cierre > ventana.apertura) return [[apertura, cierre]];
  // Only today's entry is read: across midnight it opens 00:00–cierre and apertura–24:00.
  return [
    [0, cierre],
    [apertura, DIA_MIN],
  ];
}

export interface FranjaBase {
  /** Milliseconds since the epoch. */
  readonly inicio: number;
  readonly fin: number;
}

export interface TiendaProgramable {
  readonly programacion: Programacion;
  readonly horarios: readonly HorarioDia[];
  readonly diasEspeciales: readonly DiaEspecial[];
  readonly timeZone: string;
}

/**
 * The slots a shop offers at `now`, without their places: its opening windows from today through
 * today + diasAdelante (dates on its own calendar), each cut from its opening time into
 * intervaloMin-long slots on the wall clock ('13:00', '13:30'…), none running past the closing
 * time, none starting less than preparacionMin from now, none at a wall time the clock skips.
 * Empty when scheduling is off.
 */
export function franjasBase(tienda: TiendaProgramable, now: Date): FranjaBase[] {
  const { programacion, timeZone } = tienda;
  if (!programacion.activa) return [];
  const paso = programacion.intervaloMin;
  const desde = now.getTime() + programacion.preparacionMin * MINUTO_MS;
  const hoy = getLocalDateTime(now, timeZone).fecha;
  const franjas: FranjaBase[] = [];
  for (let offset = 0; offset <= programacion.diasAdelante; offset += 1) {
    const fecha = addDays(hoy, offset);
    for (const [apertura, cierre] of ventanasDelDia(
      tienda.horarios,
      tienda.diasEspeciales,
      fecha,
    )) {
      const primera = instanteLocal(fecha, apertura, timeZone);
      const ultima = instanteLocal(fecha, cierre, timeZone);
      const constante =
        primera !== undefined &&
        ultima !== undefined &&
        ultima.getTime() - primera.getTime() === (cierre - apertura) * MINUTO_MS;
      for (let inicioMin = apertura; inicioMin + paso <= cierre; inicioMin += paso) {
        // Most windows keep one offset: their slots are steps from the opening instant. On
        // the day the clock changes inside the window each start is read on the wall clock.
        const inicio = constante
          ? primera.getTime() + (inicioMin - apertura) * MINUTO_MS
          : instanteLocal(fecha, inicioMin, timeZone)?.getTime();
        if (inicio === undefined || inicio < desde) continue;
        const fin = inicio + paso * MINUTO_MS;
        if (!constante && ultima !== undefined && fin > ultima.getTime()) continue;
        franjas.push({ inicio, fin });
      }
    }
  }
  return franjas;
}

/**
 * The slots with their places: `ocupados(inicio)` is how many orders not cancelled are scheduled
 * in the slot starting at that instant.
 */
export function franjasConCupo(
  franjas: readonly FranjaBase[],
  pedidosPorIntervalo: number | null,
  ocupados: (inicio: number) => number,
): Franja[] {
  return franjas.map(({ inicio, fin }) => {
    const restantes =
      pedidosPorIntervalo === null ? null : Math.max(0, pedidosPorIntervalo - ocupados(inicio));
    return {
      inicio: new Date(inicio).toISOString(),
      fin: new Date(fin).toISOString(),
      disponible: restantes === null || restantes > 0,
      restantes,
    };
  });
}

/** The estimate for an order placed now, in minutes; null when the shop takes no orders now. */
export function ahoraMin(
  programacion: Pick<Programacion, 'preparacionMin'>,
  demoraMin: number,
  tomaPedidosAhora: boolean,
): number | null {
  return tomaPedidosAhora ? programacion.preparacionMin + demoraMin : null;
}

export type ProgramadoParaRevisado =
  | { readonly ok: true; readonly franja: FranjaBase }
  | { readonly ok: false; readonly mensaje: string };

/**
 * Whether a scheduled time may be ordered at `now` (docs/api.md, "Orders for later"): scheduling
 * on, not past, one of the slots offered. Places are the caller's: they are counted inside the
 * transaction that writes the order.
 */
export function checkProgramadoPara(
  tienda: TiendaProgramable,
  programadoPara: string,
  now: Date,
): ProgramadoParaRevisado {
  if (!tienda.programacion.activa) return { ok: false, mensaje: m.desactivada };
  const instante = Date.parse(programadoPara);
  if (instante <= now.getTime()) return { ok: false, mensaje: m.pasado };
  const franjas = franjasBase(tienda, now);
  const franja = franjas.find((f) => f.inicio === instante);
  if (franja !== undefined) return { ok: true, franja };
  // A real slot start that is now too close to prepare for: offered a moment ago.
  const preparacionMs = tienda.programacion.preparacionMin * MINUTO_MS;
  if (
    instante < now.getTime() + preparacionMs &&
    franjasBase(tienda, new Date(instante - preparacionMs)).some((f) => f.inicio === instante)
  ) {
    const primera = franjas[0];
    return {
      ok: false,
      mensaje:
        primera === undefined
          ? m.yaNoAlcanza
          : m.muyPronto(horaCorta(horaDe(primera.inicio, tienda.timeZone))),
    };
  }
  return { ok: false, mensaje: m.noEsFranja };
}

// ---- Texts ----

function horaDe(instant: number, timeZone: string): string {
  return getLocalDateTime(new Date(instant), timeZone).hora;
}

function diasEntre(desde: string, hasta: string): number {
  return Math.round(
    (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000,
  );
}

/** 'hoy', 'mañana', 'el sábado 5': the day of an instant as seen from `now`, in the shop's zone. */
export function diaRelativo(instant: Date, now: Date, timeZone: string): string {
  const dia = getLocalDateTime(instant, timeZone);
  const offset = diasEntre(getLocalDateTime(now, timeZone).fecha, dia.fecha);
  if (offset === 0) return 'hoy';
  if (offset === 1) return 'mañana';
  return `el ${diaLabel(dia.dia).toLowerCase()} ${Number(dia.fecha.slice(8, 10))}`;
}

/**
 * A scheduled order's time on the board, the ticket and the order: 'Para las 14:00' today,
 * 'Para mañana a las 14:00', 'Para el sábado 5 a las 14:00'.
 */
export function paraLas(programadoPara: string, now: Date, timeZone: string): string {
  const instante = new Date(programadoPara);
  const hora = horaDe(instante.getTime(), timeZone).slice(0, 5);
  const dia = diaRelativo(instante, now, timeZone);
  return dia === 'hoy' ? `Para las ${hora}` : `Para ${dia} a las ${hora}`;
}

/** A slot as the customer picks it: '14:00 – 14:30'. */
export function etiquetaDeFranja(franja: Pick<Franja, 'inicio' | 'fin'>, timeZone: string): string {
  const inicio = horaCorta(horaDe(Date.parse(franja.inicio), timeZone));
  const fin = horaCorta(horaDe(Date.parse(franja.fin), timeZone));
  return `${inicio} – ${fin}`;
}

/** "Lo antes posible (≈ 25 min)". */
export function loAntesPosible(minutos: number): string {
  return `Lo antes posible (≈ ${minutos} min)`;
}

/** "Tiempo estimado: 35 min" on the shop page. */
export function tiempoEstimado(minutos: number): string {
  return `Tiempo estimado: ${minutos} min`;
}

/**
 * What a shop that takes no orders now but takes scheduled ones says instead of refusing:
 * 'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:00' (from the first
 * available slot); null when no slot is free.
 */
export function avisoDeProgramacion(
  franjas: readonly Pick<Franja, 'inicio' | 'disponible'>[],
  now: Date,
  timeZone: string,
): string | null {
  const primera = franjas.find((f) => f.disponible);
  if (primera === undefined) return null;
  const instante = new Date(primera.inicio);
  const hora = horaCorta(horaDe(instante.getTime(), timeZone));
  return `Cerrado ahora · puedes programar tu pedido para ${diaRelativo(instante, now, timeZone)} a partir de las ${hora}`;
}

/**
 * The board's order: scheduled orders by their time, earliest first; the others by placing
 * time (unchanged).
 */
export function compareProgramados(
  a: { readonly programadoPara: string | null; readonly fecha: string },
  b: { readonly programadoPara: string | null; readonly fecha: string },
): number {
  const ta = Date.parse(a.programadoPara ?? a.fecha);
  const tb = Date.parse(b.programadoPara ?? b.fecha);
  return ta - tb;
}
