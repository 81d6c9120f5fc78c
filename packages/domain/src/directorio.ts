import {
  DIAS,
  isDiaEspecial,
  normalizeDia,
  normalizeHora,
  type Dia,
  type DiaEspecial,
  type HorarioDia,
} from './horario.js';

// The home page's directory carries each shop's hours compactly (docs/api.md, "The directory"):
// only what the one-line hours notice (lineaDeHorario) reads, written by the server and read
// back by the card. For any instant and zone the line is the same from the compact form as from
// the shop's own hours and special days (directorio.test.ts).

/** How many category titles a directory entry carries; the rest are counted. */
export const CATEGORIAS_EN_DIRECTORIO = 4;

/** 'HH:MM', or 'HH:MM:SS' when the seconds aren't zero; undefined for a time that can't be read. */
function horaCompacta(hora: string): string | undefined {
  const normalized = normalizeHora(hora);
  return normalized?.endsWith(':00') ? normalized.slice(0, 5) : normalized;
}

/**
 * A shop's week as the directory carries it: [] for a shop without any hours (always open),
 * otherwise 7 texts from Monday to Sunday, '08:00-22:00' (past midnight when the closing is
 * earlier) or '' for a day it doesn't open (closed, no entry, or a time that can't be read: all
 * closed to the hours line alike).
 */
export function semanaCompacta(horarios: readonly HorarioDia[]): string[] {
  if (horarios.length === 0) return [];
  // Each day's first entry, as the hours rules pick it; days are stored normalised, so most
  // need no normalising (a directory build reads every shop's week).
  const porDia = new Map<Dia, HorarioDia>();
  for (const horario of horarios) {
    const dia = DIAS.includes(horario.dia as Dia)
      ? (horario.dia as Dia)
      : normalizeDia(horario.dia);
    if (dia !== undefined && !porDia.has(dia)) porDia.set(dia, horario);
  }
  return DIAS.map((dia) => {
    const horario = porDia.get(dia);
    if (horario === undefined || horario.cerrado) return '';
    const apertura = horaCompacta(horario.apertura);
    const cierre = horaCompacta(horario.cierre);
    return apertura === undefined || cierre === undefined ? '' : `${apertura}-${cierre}`;
  });
}

/** The week back as the hours rules read it. */
export function horariosDeSemana(semana: readonly string[]): HorarioDia[] {
  return semana.flatMap((texto, index) => {
    const dia = DIAS[index];
    if (dia === undefined) return [];
    const [apertura = '', cierre = ''] = texto.split('-');
    return [{ dia, apertura, cierre, cerrado: texto === '' }];
  });
}

const DIA_MS = 86_400_000;

/**
 * The dates whose special days a directory answer made on UTC date `dia` (YYYY-MM-DD) carries,
 * from the day before to 8 days after: wherever a shop is (UTC−12 to UTC+14) its own today is
 * within a day of `dia`, and the hours line looks up to 7 days past it for the next opening.
 */
export function fechasDeDirectorio(dia: string): string[] {
  const base = Date.parse(`${dia}T00:00:00Z`);
  return Array.from({ length: 10 }, (_, i) =>
    new Date(base + (i - 1) * DIA_MS).toISOString().slice(0, 10),
  );
}

/** Which of `fechas` (YYYY-MM-DD) are special days: a yearly one by its month and day. */
export function fechasEspeciales(
  fechas: readonly string[],
  diasEspeciales: readonly DiaEspecial[],
): string[] {
  return diasEspeciales.length === 0
    ? []
    : fechas.filter((fecha) => isDiaEspecial(fecha, diasEspeciales));
}

/** Those dates back as the hours rules read special days. */
export function diasEspecialesDeFechas(fechas: readonly string[]): DiaEspecial[] {
  return fechas.map((fecha) => ({ fecha, recurrenteCadaAnio: false }));
}
