import { addDays, diasDelRango, getLocalDateTime, type Ventas } from '@tianguis/domain';

// The Ventas screen's ranges and series (docs/sales.md): dates are the shop's calendar, so
// "today" is read on the shop's wall clock, not the phone's.

export type Periodo = 'hoy' | '7' | '30' | 'rango';

export const PERIODOS: readonly { id: Periodo; label: string }[] = [
  { id: 'hoy', label: 'Hoy' },
  { id: '7', label: '7 días' },
  { id: '30', label: '30 días' },
  { id: 'rango', label: 'Rango' },
];

export function hoyEn(timeZone: string, ahora = new Date()): string {
  return getLocalDateTime(ahora, timeZone).fecha;
}

/** Today, or the last 7 or 30 days ending today (both ends included). */
export function rangoDe(periodo: Exclude<Periodo, 'rango'>, hoy: string) {
  const dias = periodo === 'hoy' ? 1 : Number(periodo);
  return { desde: addDays(hoy, 1 - dias), hasta: hoy };
}

/** Every day of the range with its figures, days without sales as zero (the chart's series). */
export function serieDiaria(ventas: Ventas, desde: string, hasta: string) {
  const porFecha = new Map(ventas.porDia.map((d) => [d.fecha, d]));
  return Array.from({ length: diasDelRango(desde, hasta) }, (_, k) => {
    const fecha = addDays(desde, k);
    const dia = porFecha.get(fecha);
    return { fecha, total: dia?.total ?? 0, pedidos: dia?.pedidos ?? 0 };
  });
}

/** Orders in each hour 0–23. */
export function serieHoraria(ventas: Ventas): number[] {
  const horas = new Array<number>(24).fill(0);
  for (const h of ventas.porHora) horas[h.hora] = h.pedidos;
  return horas;
}

const METODOS: Record<string, string> = {
  EFECTIVO: 'Efectivo',
  TERMINAL: 'Tarjeta (terminal)',
  TRANSFERENCIA: 'Transferencia',
};

export function metodoLabel(metodo: string): string {
  return METODOS[metodo] ?? metodo;
}

/** '1 nov' for the chart's axis and table ('2026-11-01'). */
export function fechaCorta(fecha: string): string {
  const meses = [
    'ene',
    'feb',
    'mar',
    'abr',
    'may',
    'jun',
    'jul',
    'ago',
    'sep',
    'oct',
    'nov',
    'dic',
  ];
  return `${Number(fecha.slice(8, 10))} ${meses[Number(fecha.slice(5, 7)) - 1] ?? ''}`;
}

export function horaLabel(hora: number): string {
  return `${String(hora).padStart(2, '0')}:00`;
}
