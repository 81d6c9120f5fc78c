import { ShoppingCart } from 'lucide-react';

export function etiquetaCarrito(piezas: number): string {
  return `Carrito, ${piezas} ${piezas === 1 ? 'producto' : 'productos'}`;
}

/** The cart's icon with its pieces count, inside the top bar's button or link. */
export function CarritoIcono({ piezas }: { piezas: number }) {
  return (
    <>
      <ShoppingCart aria-hidden="true" />
      {piezas > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-marca-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {piezas > 99 ? '99+' : piezas}
        </span>
      )}
    </>
  );
}

export const CARRITO_BOTON_CLASES =
  'relative inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100';
