/**
 * The first-month-free offer ends with 31 December 2025 in Mexico City. Mexico City has kept
 * UTC-6 all year since daylight saving time was abolished in October 2022, so the end is a
 * fixed instant: 1 January 2026, 00:00 at UTC-6.
 */
export const OFERTA_FIN = new Date('2026-01-01T00:00:00-06:00');

/** Whether the offer is still on at `now` (the plans page shows it only then). */
export function isOfertaVigente(now: Date): boolean {
  return now.getTime() < OFERTA_FIN.getTime();
}

export const PRECIO_MENSUAL_MXN = 399;
