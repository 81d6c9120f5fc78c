import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** What `addItem` takes (docs/api.md, "Basket (signed-in shopper)"): one product, one set of options, one note. */
export interface NuevaLinea {
  productoId: number;
  /** Option ids; left out or [] for a product without options. */
  opciones?: readonly number[];
  /** At most 140 characters; empty is none. */
  nota?: string | null;
}

/**
 * Adds one unit of a line (the same product, options and note add to that line; anything else
 * is a new line); the answer is the whole updated cart, put straight in the cache.
 */
export async function addItem(linea: NuevaLinea): Promise<CarritoGrupo[]> {
  const body: Record<string, unknown> = { productoId: linea.productoId };
  if (linea.opciones && linea.opciones.length > 0) body.opciones = [...linea.opciones];
  const nota = linea.nota?.trim();
  if (nota) body.nota = nota;
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/addItem', { body });
  setQueryData(carritoKey, carrito);
  return carrito;
}
