import { claveDeLinea } from '@tianguis/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import {
  canastaMessages,
  useCanasta,
  type Canasta,
  type NuevaLinea,
  CantidadStepper,
} from '../../carrito';
import {
  tiendaPublicaKey,
  type ProductoPublico,
  type TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { useAvisoDeTienda } from '../hooks/use-aviso-de-tienda';
import { agregarMessages, ProductoAgregar, type CompraBase } from './producto-agregar';

export { ProductoAgregar };

// Its own chunk: only a product with options opens it.
const OpcionesSheet = lazy(() => import('./opciones-sheet'));

export const addToCartMessages = {
  agregado: 'Producto agregado',
  agotado: agregarMessages.agotado,
  noPuedeComprar: canastaMessages.noPuedeComprar,
  errorGenerico: 'No pudimos agregar el producto. Inténtalo de nuevo.',
} as const;

/** What adding needs, worked out once per screen (not once per card), with the basket. */
export interface Compra extends CompraBase {
  canasta: Canasta;
  change: (clave: string, cantidad: number) => Promise<void>;
}

/**
 * The basket of the shop on screen and the shop's open state (rechecked every minute), with the
 * add that shows its outcome: a toast, the server's message on a refusal (a product sold out in
 * the meantime reloads the page's data so its card says so).
 */
export function useCompra(answer: TiendaPublicaAnswer): {
  compra: Compra;
  sheet: ReactNode;
} {
  const { tienda } = answer;
  const canasta = useCanasta(tienda.tiendaId, tienda.usuario);
  const aviso = useAvisoDeTienda(answer);
  const [eligiendo, setEligiendo] = useState<ProductoPublico>();

  async function agregar(
    linea: NuevaLinea,
    cantidad = 1,
    enSheet = false,
  ): Promise<string | undefined> {
    try {
      await canasta.add(linea, cantidad);
      notify.success(addToCartMessages.agregado);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRODUCTO_AGOTADO') {
        void invalidateQueries(tiendaPublicaKey(tienda.usuario));
      }
      const message =
        error instanceof Error && error.message ? error.message : addToCartMessages.errorGenerico;
      if (!enSheet) notify.error(message);
      return message;
    }
  }

  async function cambiar(clave: string, cantidad: number): Promise<void> {
    try {
      await canasta.setCantidad(clave, cantidad);
    } catch (error) {
      notify.error(
        error instanceof Error && error.message ? error.message : addToCartMessages.errorGenerico,
      );
    }
  }

  const compra: Compra = {
    canasta,
    // A shop that takes orders for later may be added to while closed or paused (for a slot).
    abierta: aviso === undefined || !!tienda.programacion?.activa,
    puedeComprar: canasta.puedeComprar,
    cantidadDe: (productoId) => canasta.cantidadDe(productoId),
    add: agregar,
    change: cambiar,
    changeCantidad: (productoId, cantidad) => cambiar(claveDeLinea({ productoId }), cantidad),
    choose: setEligiendo,
    Stepper: CantidadStepper,
  };
  const sheet = eligiendo && (
    <Suspense fallback={null}>
      <OpcionesSheet
        producto={eligiendo}
        onClose={() => setEligiendo(undefined)}
        onAdd={(linea, cantidad) => agregar(linea, cantidad, true)}
      />
    </Suspense>
  );
  return { compra, sheet };
}
