import {
  DIAS,
  HORA_CIERRE_POR_DEFECTO,
  HORA_POR_DEFECTO,
  normalizeDia,
  normalizeHora,
  type Dia,
} from '@tianguis/domain';
import type { HorarioEntryBody } from '../api/save-horarios';

/** One row of the weekly table. Times are HH:MM:SS, as the choices and the server hold them. */
export interface FilaHorario {
  dia: Dia;
  apertura: string;
  cierre: string;
  cerrado: boolean;
}

/** 'Crear Horarios': every day open from 08:00 to 18:00 (docs/api.md). */
export function filasPorDefecto(): FilaHorario[] {
  return DIAS.map((dia) => ({
    dia,
    apertura: HORA_POR_DEFECTO,
    cierre: HORA_CIERRE_POR_DEFECTO,
    cerrado: false,
  }));
}

/**
 * The stored week as seven rows, Lunes to Domingo. A day missing from a stored week is closed
 * for shoppers (the opening rule), so it shows, and is saved, as Cerrado.
 */
export function filasDesdeGuardados(
  guardados: readonly { dia: string; apertura: string; cierre: string; cerrado: boolean }[],
): FilaHorario[] {
  return DIAS.map((dia) => {
    const guardado = guardados.find((g) => normalizeDia(g.dia) === dia);
    if (!guardado) {
      return { dia, apertura: HORA_POR_DEFECTO, cierre: HORA_CIERRE_POR_DEFECTO, cerrado: true };
    }
    return {
      dia,
      apertura: normalizeHora(guardado.apertura) ?? HORA_POR_DEFECTO,
      cierre: normalizeHora(guardado.cierre) ?? HORA_CIERRE_POR_DEFECTO,
      cerrado: guardado.cerrado,
    };
  });
}

/** The body of POST /api/horario/addrange: the whole week, times as HH:MM:SS. */
export function buildHorarioPayload(
  filas: readonly FilaHorario[],
  tiendaId: number,
): HorarioEntryBody[] {
  return filas.map((fila) => ({
    tiendaId,
    dia: fila.dia,
    apertura: normalizeHora(fila.apertura) ?? HORA_POR_DEFECTO,
    cierre: normalizeHora(fila.cierre) ?? HORA_POR_DEFECTO,
    cerrado: fila.cerrado,
  }));
}
