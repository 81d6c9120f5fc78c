import type { Generated, Selectable } from 'kysely';

/** Flags are integers (0/1) on both databases; see docs/decisions/0002-database.md. */
export interface TiendaTable {
  id: Generated<number>;
  account_id: number;
  usuario: string;
  nombre: Generated<string>;
  image_url: Generated<string>;
  /** Centavos. */
  monto_minimo: Generated<number>;
  costo_de_envio: Generated<number>;
  radio_monto_minimo: Generated<string>;
  radio_costo_de_envio: Generated<string>;
  configured: Generated<number>;
  approved: Generated<number>;
  activated: Generated<number>;
  deleted: Generated<number>;
  time_zone: Generated<string>;
  version: Generated<number>;
  entrega_recoger: Generated<number>;
  entrega_domicilio: Generated<number>;
  pago_efectivo: Generated<number>;
  pago_terminal: Generated<number>;
  transferencia_clabe: string | null;
  transferencia_banco: string | null;
  transferencia_titular: string | null;
  /** ISO instant: new orders are refused until then. */
  pausado_hasta: string | null;
  /** The shop's address (5–200 characters) and public phone (10 digits), or null. */
  direccion: string | null;
  telefono: string | null;
  /** The shop's map point (both set or both null). */
  ubicacion_lat: number | null;
  ubicacion_lng: number | null;
  /** Orders for later (docs/api.md, "Orders for later"); flags 0/1. */
  programacion_activa: Generated<number>;
  programacion_dias_adelante: Generated<number>;
  programacion_intervalo_min: Generated<number>;
  programacion_pedidos_por_intervalo: number | null;
  programacion_preparacion_min: Generated<number>;
  pausa_automatica_activa: Generated<number>;
  pausa_automatica_pedidos: Generated<number>;
  /** ISO instant of the last automatic pause (at most one per 15 minutes). */
  pausa_automatica_en: string | null;
  /** The busy delay in minutes, in force until `demora_hasta` (ISO instant) or null. */
  demora_min: Generated<number>;
  demora_hasta: string | null;
  created_at: string;
  updated_at: string;
}

export type Tienda = Selectable<TiendaTable>;

/** A delivery zone (docs/api.md, "Delivery zones"), in the owner's order by `orden`. */
export interface TiendaZonaTable {
  id: Generated<number>;
  tienda_id: number;
  orden: number;
  nombre: string;
  /** JSON array of the colonias as saved. */
  colonias: Generated<string>;
  /** JSON array of five-digit postal codes. */
  codigos_postales: Generated<string>;
  radio_km: number | null;
  /** Centavos. */
  costo_de_envio: number;
  monto_minimo: Generated<number>;
  activa: Generated<number>;
}
