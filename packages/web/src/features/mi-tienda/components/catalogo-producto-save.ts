import { centavosToPesos, productoSchema } from '@tianguis/domain';
import type { AddProductoBody } from '../api/add-producto';
import type { UpdateProductoBody } from '../api/update-producto';
import { checkGrupos, type GrupoForm, type GruposError } from './catalogo-grupos';

/** What the product form holds, as typed. */
export interface ProductoFormValues {
  name: string;
  descripcion: string;
  detalle: string;
  precio: string;
  categoriaId: string;
  imageUrl: string;
  /** The ON/OFF switch; only shown when editing, always on when adding. */
  activo: boolean;
  /** The option groups as typed, in the owner's order. */
  grupos: GrupoForm[];
  /**
   * Whether `grupos` is sent: a product whose answer carried no `grupos` (a server of the first
   * edition) keeps its groups unless the owner adds some (docs/api.md, "Product options": left out keeps them).
   */
  enviarGrupos: boolean;
}

export type ProductoField = keyof Omit<ProductoFormValues, 'activo' | 'enviarGrupos'>;

/** The one call a save makes. */
export type ProductoSave =
  | { kind: 'add'; body: AddProductoBody }
  | { kind: 'update'; body: UpdateProductoBody }
  | { kind: 'deactivate'; productoId: number };

export type ProductoSaveDecision =
  | { ok: true; save: ProductoSave }
  | { ok: false; field: ProductoField; message: string; grupos?: GruposError };

const FIELD_OF: Record<string, ProductoField> = {
  name: 'name',
  descripcion: 'descripcion',
  detalle: 'detalle',
  price: 'precio',
  categoriaId: 'categoriaId',
  imageUrl: 'imageUrl',
};

/**
 * What Guardar does. An existing product switched OFF sends the deactivation only (docs/api.md,
 * "Texts and forms"), so nothing else is checked or changed. Otherwise the domain's product rules
 * run in the form's order, then the option groups' (gruposInputSchema), and the first one broken
 * is answered with its field.
 */
export function decideProductoSave(
  values: ProductoFormValues,
  context: { productoId?: number; tiendaId: number },
): ProductoSaveDecision {
  const { productoId } = context;
  if (productoId !== undefined && !values.activo) {
    return { ok: true, save: { kind: 'deactivate', productoId } };
  }
  const parsed = productoSchema.safeParse({
    name: values.name,
    descripcion: values.descripcion,
    detalle: values.detalle,
    price: values.precio,
    categoriaId: values.categoriaId,
    imageUrl: values.imageUrl,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = FIELD_OF[String(issue?.path[0] ?? '')] ?? 'name';
    return { ok: false, field, message: issue?.message ?? 'Datos inválidos' };
  }
  const data = parsed.data;
  let grupos = {};
  if (values.enviarGrupos || values.grupos.length > 0) {
    const checked = checkGrupos(values.grupos);
    if (!checked.ok) {
      return { ok: false, field: 'grupos', message: checked.error.message, grupos: checked.error };
    }
    grupos = { grupos: checked.grupos };
  }
  const common = {
    name: data.name,
    descripcion: data.descripcion,
    detalle: data.detalle,
    price: centavosToPesos(data.price),
    categoriaId: data.categoriaId,
    imageUrl: data.imageUrl,
    ...grupos,
  };
  if (productoId === undefined) {
    return { ok: true, save: { kind: 'add', body: { ...common, tiendaId: context.tiendaId } } };
  }
  return {
    ok: true,
    save: { kind: 'update', body: { ...common, id: productoId, activarODesactivar: true } },
  };
}
