import type { Generated } from 'kysely';

export interface HorarioTable {
  id: Generated<number>;
  tienda_id: number;
  /** LUNES ... DOMINGO, uppercase without accents. */
  dia: string;
  /** HH:MM:SS */
  apertura: string;
  cierre: string;
  cerrado: number;
}

export interface DiaEspecialTable {
  id: Generated<number>;
  tienda_id: number;
  /** YYYY-MM-DD in the shop's time zone. */
  fecha: string;
  recurrente_cada_anio: number;
  created_at: string;
}
