import { ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSession } from '../../auth/session-store';
import { addItem } from '../../carrito/api/add-item';

/** Section 5's texts. */
export const addToCartMessages = {
  sinSesion: 'Haga login con su usuario para agregar al carrito',
  agregado: 'Producto agregado',
  // Ours: the spec gives no text for these.
  noPuedeComprar:
    'Las cuentas de tienda y de administrador no pueden comprar. Para hacer un pedido, entra con una cuenta de consumidor.',
  errorGenerico: 'No pudimos agregar el producto. Inténtalo de nuevo.',
} as const;

/**
 * 'Agregar al carrito' for one product (section 6: only a USUARIO buys). A visitor without a
 * session is told to sign in; a shop or admin account sees the button switched off, with why.
 */
export function AddToCartButton({ productoId }: { productoId: number }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const explanationId = useId();
  const role = session?.tipoUsuario;

  if (role === 'TIENDA' || role === 'ADMIN') {
    return (
      <div>
        <Button disabled aria-describedby={explanationId} className="w-full sm:w-auto">
          <ShoppingCart aria-hidden="true" className="size-5" />
          Agregar al carrito
        </Button>
        <p id={explanationId} className="mt-2 text-sm text-stone-700">
          {addToCartMessages.noPuedeComprar}
        </p>
      </div>
    );
  }

  async function add() {
    if (!session) {
      notify.error(addToCartMessages.sinSesion);
      return;
    }
    setBusy(true);
    try {
      await addItem(productoId);
      notify.success(addToCartMessages.agregado);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : addToCartMessages.errorGenerico);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Button
        onClick={() => void add()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="w-full sm:w-auto"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {busy ? 'Agregando…' : 'Agregar al carrito'}
      </Button>
      {!session && (
        <p className="mt-2 text-sm text-stone-700">
          Para comprar,{' '}
          <Link to="/signin" className="font-semibold text-marca-700 underline">
            inicia sesión
          </Link>{' '}
          o{' '}
          <Link to="/register" className="font-semibold text-marca-700 underline">
            crea una cuenta
          </Link>
          .
        </p>
      )}
    </div>
  );
}

export default AddToCartButton;
