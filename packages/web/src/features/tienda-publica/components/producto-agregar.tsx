import { CANTIDAD_MAXIMA_POR_LINEA } from '@tianguis/domain';
import { ShoppingCart } from '../../../components/ui/iconos-ligeros';
import { useState, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button';
import type { NuevaLinea, CantidadStepperProps } from '../../carrito';
import type { ProductoPublico } from '../../../lib/tienda-publica/get-tienda-publica';

export const agregarMessages = {
  agotado: 'Agotado hoy',
} as const;

/**
 * What a product's add control needs. The basket's own (add-to-cart-button.tsx, useCompra) and
 * the menu's stand-in while the basket's code is still on its way (compra-en-espera.tsx) both
 * give it, so this file imports nothing of the basket: it is in the shop page's first chunk.
 */
export interface CompraBase {
  /** false while the shop is closed or paused: nothing can be added. */
  abierta: boolean;
  /** false for a signed-in shop or admin account. */
  puedeComprar: boolean;
  /** Units of the product (without options) in the basket. */
  cantidadDe: (productoId: number) => number;
  /** Resolves with the refusal's message (also toasted unless `enSheet`), undefined once added. */
  add: (linea: NuevaLinea, cantidad?: number, enSheet?: boolean) => Promise<string | undefined>;
  /** Sets the units of a product without options (0 drops it). */
  changeCantidad: (productoId: number, cantidad: number) => Promise<void>;
  /** Opens the options sheet of a product. */
  choose: (producto: ProductoPublico) => void;
  /**
   * The − quantity + control, given by the basket's code with the basket (the stand-in, whose
   * quantities are all 0, has none): the shop page's first download doesn't carry it.
   */
  Stepper?: ComponentType<CantidadStepperProps>;
}

/**
 * A product's add control: 'Agotado hoy' when sold out; for a product without options 'Agregar'
 * and then − quantity +; with options, 'Agregar' opens the options sheet. Nothing while the shop
 * is closed or paused (its notice says so) or for an account that can't buy.
 */
export function ProductoAgregar(props: {
  producto: ProductoPublico;
  compra: CompraBase;
  /** The detail page's wide button ('Agregar al carrito'); cards use 'Agregar'. */
  grande?: boolean;
}) {
  const { producto, compra, grande = false } = props;
  const [ocupado, setOcupado] = useState(false);
  if (producto.agotado) {
    return (
      <p className="inline-block rounded-full bg-stone-200 px-2.5 py-1 text-sm font-semibold text-stone-800">
        {agregarMessages.agotado}
      </p>
    );
  }
  if (!compra.abierta || !compra.puedeComprar) return null;
  const conOpciones = (producto.grupos ?? []).length > 0;
  const texto = grande ? 'Agregar al carrito' : 'Agregar';
  const cantidad = conOpciones ? 0 : compra.cantidadDe(producto.id);

  async function ocupar(accion: () => Promise<unknown>) {
    setOcupado(true);
    try {
      await accion();
    } finally {
      setOcupado(false);
    }
  }

  const { Stepper } = compra;
  if (cantidad > 0 && Stepper) {
    return (
      <Stepper
        nombre={producto.name}
        cantidad={cantidad}
        maximo={CANTIDAD_MAXIMA_POR_LINEA}
        disabled={ocupado}
        onChange={(n) =>
          void ocupar(() =>
            n > cantidad
              ? compra.add({ productoId: producto.id })
              : compra.changeCantidad(producto.id, n),
          )
        }
      />
    );
  }
  return (
    <Button
      // The visible text starts the name: 'Agregar Gringa' (label-content-name-mismatch).
      aria-label={grande ? undefined : `${texto} ${producto.name}`}
      aria-haspopup={conOpciones ? 'dialog' : undefined}
      disabled={ocupado}
      aria-busy={ocupado || undefined}
      className={grande ? 'w-full sm:w-auto' : 'w-full min-h-10 px-2 py-1'}
      onClick={() =>
        conOpciones
          ? compra.choose(producto)
          : void ocupar(() => compra.add({ productoId: producto.id }))
      }
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {texto}
    </Button>
  );
}
