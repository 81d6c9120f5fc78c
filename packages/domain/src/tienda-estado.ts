import { getLocalDateTime } from './horario.js';

// A shop's day on its own clock (when "sold out today" ends) and its default delivery and
// payment settings (docs/api.md, "Shop settings"). Whether it takes orders now is horario.ts's
// getEstadoPedidos. Time is always a parameter.

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

/** A shop's delivery choices (docs/api.md, "Shop settings"). */
export interface EntregaDeTienda {
  readonly recoger: boolean;
  readonly domicilio: boolean;
}

/** Until the owner says otherwise: delivery only, cash only (the first edition's behaviour). */
export const ENTREGA_POR_OMISION = { recoger: false, domicilio: true } as const;
export const PAGOS_POR_OMISION = { efectivo: true, terminal: false, transferencia: null } as const;
