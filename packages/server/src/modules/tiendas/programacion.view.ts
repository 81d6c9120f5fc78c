import { demoraVigente, type PausaAutomatica, type Programacion } from '@tianguis/domain';
import type { Selectable } from 'kysely';
import type { TiendaTable } from './tienda.table.js';

// A shop row's orders-for-later settings, automatic pause and busy delay as the domain reads
// them (docs/api.md, "Orders for later").

type Fila<K extends keyof TiendaTable> = Selectable<Pick<TiendaTable, K>>;

export type FilaDeProgramacion = Fila<
  | 'programacion_activa'
  | 'programacion_dias_adelante'
  | 'programacion_intervalo_min'
  | 'programacion_pedidos_por_intervalo'
  | 'programacion_preparacion_min'
>;

export function programacionDe(t: FilaDeProgramacion): Programacion {
  return {
    activa: t.programacion_activa === 1,
    diasAdelante: t.programacion_dias_adelante,
    intervaloMin: t.programacion_intervalo_min,
    pedidosPorIntervalo: t.programacion_pedidos_por_intervalo,
    preparacionMin: t.programacion_preparacion_min,
  };
}

export function pausaAutomaticaDe(
  t: Fila<'pausa_automatica_activa' | 'pausa_automatica_pedidos'>,
): PausaAutomatica {
  return {
    activa: t.pausa_automatica_activa === 1,
    pedidosSinAceptar: t.pausa_automatica_pedidos,
  };
}

/** The busy delay in force at `now`, in minutes (0 without one). */
export function demoraDe(t: Fila<'demora_min' | 'demora_hasta'>, now: Date): number {
  return demoraVigente({ minutos: t.demora_min, hasta: t.demora_hasta }, now);
}
