import { Link } from 'react-router';
import { useCanastasLocales } from '../canasta/canasta-local';
import { CARRITO_BOTON_CLASES, CarritoIcono, etiquetaCarrito } from './carrito-icono';

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
      className={CARRITO_BOTON_CLASES}
    >
      <CarritoIcono piezas={piezas} />
    </Link>
  );
}
