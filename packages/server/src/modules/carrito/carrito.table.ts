import type { Generated } from 'kysely';

export interface CarritoLineaTable {
  id: Generated<number>;
  tienda_id: number;
  account_id: number;
  producto_id: number;
  /** Sorted option ids, comma-separated; '' for none. With the note, the line's identity. */
  opciones: Generated<string>;
  /** Trimmed; '' for none. */
  nota: Generated<string>;
  cantidad: number;
  created_at: string;
  updated_at: string;
}
