import type { Generated } from 'kysely';

export interface CarritoLineaTable {
  id: Generated<number>;
  tienda_id: number;
  account_id: number;
  producto_id: number;
  cantidad: number;
  created_at: string;
  updated_at: string;
}
