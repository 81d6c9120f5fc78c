import type { MiTienda } from '../api/get-mi-tienda';

/** The settings menu's first-edition messages (docs/api.md, "Texts and forms"). */
export const ajustesMessages = {
  faltaConfigurar: 'Falta configurar tienda',
  faltaProductos: 'Falta agregar productos a mi tienda',
  sinProductosQr: 'Debe agregar al menos un producto en mi tienda para ver el codigo qr',
  // The first edition named this toast without its text; same style as its other texts.
  sinConfigurarMiTienda: 'Debe configurar la tienda antes de ver mi tienda',
  tiendaDesactivada: 'Tienda desactivada',
} as const;

export type TareaPendiente = 'configurar' | 'productos';

/**
 * Tutorial videos per pending task. None is published yet: a task shows its link only once its
 * address is filled in here.
 */
export const TUTORIALES: Readonly<Record<TareaPendiente, string | undefined>> = {
  configurar: undefined,
  productos: undefined,
};

export const TAREA_TEXTO: Readonly<Record<TareaPendiente, string>> = {
  configurar: ajustesMessages.faltaConfigurar,
  productos: ajustesMessages.faltaProductos,
};

/** Deleted categories and products are never answered (docs/api.md), so any product counts. */
export function hasProductos(tienda: Pick<MiTienda, 'categorias'>): boolean {
  return tienda.categorias.some((c) => c.productos.length > 0);
}

/** Only what is still missing, in the menu's order. */
export function findTareasPendientes(
  tienda: Pick<MiTienda, 'configured' | 'categorias'>,
): TareaPendiente[] {
  const tareas: TareaPendiente[] = [];
  if (!tienda.configured) tareas.push('configurar');
  if (!hasProductos(tienda)) tareas.push('productos');
  return tareas;
}

// ---- While the admin has not approved the shop (docs/web-screens.md, "Shop in review") ----

/** What a shop still needs to be seen by shoppers, besides the admin's approval. */
export type FaltaParaPublicar = TareaPendiente | 'activar' | 'productoActivo';

export const FALTA_TEXTO: Readonly<Record<FaltaParaPublicar, string>> = {
  ...TAREA_TEXTO,
  activar: 'Falta activar tu tienda',
  productoActivo: 'Falta activar al menos un producto',
};

export const revisionMessages = {
  titulo: 'Tu tienda está en revisión',
  texto:
    'Revisamos cada tienda nueva antes de publicarla. Te avisaremos por correo en cuanto esté publicada.',
  faltan: 'Mientras tanto, completa lo que falta para que tus clientes la vean:',
  lista: 'Ya tienes todo listo: tus clientes podrán verla en cuanto la aprobemos.',
} as const;

/**
 * The public rule (docs/api.md, "Shops") less the approval: configured, activated, and an active
 * product in a category that still exists. In the menu's order.
 */
export function findFaltantesParaPublicar(
  tienda: Pick<MiTienda, 'configured' | 'categorias' | 'activarODesactivar'>,
): FaltaParaPublicar[] {
  const faltan: FaltaParaPublicar[] = findTareasPendientes(tienda);
  const conProductoActivo = tienda.categorias.some(
    (c) => !c.deleted && c.productos.some((p) => !p.deleted && p.activarODesactivar),
  );
  if (hasProductos(tienda) && !conProductoActivo) faltan.push('productoActivo');
  if (!tienda.activarODesactivar) faltan.push('activar');
  return faltan;
}
