import type { Generated } from 'kysely';

export interface CategoriaTable {
  id: Generated<number>;
  tienda_id: number;
  title: string;
  /** Lowercased, spaces removed: the public URL segment, unique per shop among live rows. */
  title_without_spaces: string;
  image_url: string;
  deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductoTable {
  id: Generated<number>;
  tienda_id: number;
  categoria_id: number;
  name: string;
  /** Trimmed and lowercased name: unique per category among live rows. */
  name_key: string;
  /** Centavos. */
  price: number;
  image_url: string;
  descripcion: string;
  detalle: string;
  activated: Generated<number>;
  deleted: Generated<number>;
  /** ISO instant (end of the shop's day): sold out until then. */
  agotado_hasta: string | null;
  created_at: string;
  updated_at: string;
}

/** A product's option group ("Tortilla", "Extras"), in the owner's order. */
export interface ProductoGrupoTable {
  id: Generated<number>;
  tienda_id: number;
  producto_id: number;
  nombre: string;
  minimo: number;
  maximo: number;
  orden: number;
}

export interface ProductoOpcionTable {
  id: Generated<number>;
  tienda_id: number;
  producto_id: number;
  grupo_id: number;
  nombre: string;
  /** Centavos. */
  precio_extra: number;
  activo: Generated<number>;
  orden: number;
}
