import { diaLabel, getLocalDateTime, type Franja } from '@tianguis/domain';

/** One day of the slot picker: its slots, on the shop's calendar. */
export interface DiaDeFranjas {
  /** 'YYYY-MM-DD' on the shop's wall clock. */
  readonly fecha: string;
  /** 'Hoy', 'Mañana', 'Sáb 5'. */
  readonly etiqueta: string;
  readonly franjas: readonly Franja[];
  /** Whether any of its slots still has room. */
  readonly conLugar: boolean;
}

function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00Z`) - Date.parse(`${desde}T00:00Z`)) / 86_400_000);
}

/**
 * The slots grouped by the day they start on the shop's clock, in the API's order (earliest
 * first), each day named as the picker shows it: 'Hoy', 'Mañana', then the weekday's first three
 * letters and the day of the month ('Sáb 5').
 */
export function franjasPorDia(
  franjas: readonly Franja[],
  now: Date,
  timeZone: string,
): DiaDeFranjas[] {
  const hoy = getLocalDateTime(now, timeZone).fecha;
  const dias: { fecha: string; etiqueta: string; franjas: Franja[] }[] = [];
  for (const franja of franjas) {
    const local = getLocalDateTime(new Date(franja.inicio), timeZone);
    let dia = dias.at(-1);
    if (dia?.fecha !== local.fecha) {
      const offset = diasEntre(hoy, local.fecha);
      const etiqueta =
        offset === 0
          ? 'Hoy'
          : offset === 1
            ? 'Mañana'
            : `${diaLabel(local.dia).slice(0, 3)} ${Number(local.fecha.slice(8, 10))}`;
      dia = { fecha: local.fecha, etiqueta, franjas: [] };
      dias.push(dia);
    }
    dia.franjas.push(franja);
  }
  return dias.map((d) => ({ ...d, conLugar: d.franjas.some((f) => f.disponible) }));
}
