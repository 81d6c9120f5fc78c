import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCanastasLocales } from '../canasta/canasta-local';
import { etiquetaCarrito } from './cart-button';

/**
 * The visitor's basket in the top bar (kept in this browser until they order or sign in): the
 * icon with the number of pieces, a link to the cart screen. Rendered for visitors only; a
 * signed-in shopper gets the server cart's button.
 */
export default function CanastaVisitanteBoton() {
  const piezas = useCanastasLocales().reduce(
    (sum, canasta) => sum + canasta.lineas.reduce((n, linea) => n + linea.cantidad, 0),
    0,
  );
  return (
    <Link
      to="/checkout"
      aria-label={etiquetaCarrito(piezas)}
      title="Carrito"
      className="relative inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100"
    >
      <ShoppingCart aria-hidden="true" />
      {piezas > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-marca-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {piezas > 99 ? '99+' : piezas}
        </span>
      )}
    </Link>
  );
}
