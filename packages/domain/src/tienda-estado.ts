import { getLocalDateTime, getTiendaStatus, horarioMessages } from './horario.js';
import type { DiaEspecial, HorarioDia } from './horario.js';

// Whether a shop takes orders right now: its hours and special days (horario.ts), and the
// owner's pause (docs/api.md, "Shop settings"). Time is always a parameter.

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

function msDelDia(instant: Date, timeZone: string): number {
  const [h, m, s] = getLocalDateTime(instant, timeZone).hora.split(':').map(Number) as [
    number,
    number,
    number,
  ];
  return ((h * 60 + m) * 60 + s) * 1000 + instant.getUTCMilliseconds();
}

/**
 * The first instant of the next calendar day on the shop's wall clock: a product sold out
 * "for today" comes back then. A day of 23 or 25 hours (a DST change) is corrected for by
 * reading the wall clock again at the first guess.
 */
export function finDelDia(now: Date, timeZone: string): Date {
  const hoy = getLocalDateTime(now, timeZone).fecha;
  const DIA = 86_400_000;
  const guess = new Date(now.getTime() - msDelDia(now, timeZone) + DIA);
  const offset = msDelDia(guess, timeZone);
  if (offset === 0) return guess;
  const fin =
    getLocalDateTime(guess, timeZone).fecha === hoy
      ? new Date(guess.getTime() + DIA - offset)
      : new Date(guess.getTime() - offset);
  // Where the clock jumps forward at midnight (America/Santiago, America/Havana) the next day
  // has no 00:00: the instant above is still today, and the day starts where the clock lands.
  if (getLocalDateTime(fin, timeZone).fecha === hoy) {
    return new Date(fin.getTime() + DIA - msDelDia(fin, timeZone));
  }
  return fin;
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
 * Whether a shop takes orders at `now`: closed by its hours (the spec's closed notice in one
 * line: name, reason, next opening, footer) or paused by its owner (until HH:MM).
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
      mensaje: `${tienda.nombre} ${horarioMessages.titulo}. ${status.mensaje}. ${status.proximaApertura}. ${horarioMessages.footer}`,
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

/** A shop's delivery choices (docs/api.md, "Shop settings"). */
export interface EntregaDeTienda {
  readonly recoger: boolean;
  readonly domicilio: boolean;
}

/** Until the owner says otherwise: delivery only, cash only (the first edition's behaviour). */
export const ENTREGA_POR_OMISION = { recoger: false, domicilio: true } as const;
export const PAGOS_POR_OMISION = { efectivo: true, terminal: false, transferencia: null } as const;
