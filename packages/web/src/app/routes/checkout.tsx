import { carritoMessages } from '@tianguis/domain';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useCanasta, useCanastas } from '../../features/carrito';
import { CheckoutCard, CheckoutDeCanasta } from '../../features/checkout';

/** One shop's basket card, with the basket from wherever it lives (server cart or this browser). */
function CanastaCard(props: { tiendaId: number; usuario: string }) {
  const canasta = useCanasta(props.tiendaId, props.usuario);
  return <CheckoutCard canasta={canasta} pago={(c) => <CheckoutDeCanasta canasta={c} />} />;
}

/**
 * The cart (a signed-in USUARIO's server cart, or a visitor's basket kept in this browser; shop
 * and admin accounts are turned away by the router's guard): one card per shop's basket. An
 * order placed from a card opens its own page (the server's total), see CheckoutForm.
 */
export default function Checkout() {
  // Entering checkout always re-reads the cart: a product may have gone since it was added.
  const carrito = useCanastas(0);

  const grupos = carrito.tiendas;
  let contenido;
  if (carrito.error)
    contenido = <ErrorState error={carrito.error} onRetry={() => void carrito.refetch()} />;
  else if (carrito.isLoading) contenido = <Loading label="Cargando tu carrito…" />;
  else if (grupos.length === 0)
    contenido = (
      <EmptyState title={carritoMessages.carritoVacio}>
        <Link to="/" className={buttonClass('secondary')}>
          Ver tiendas
        </Link>
      </EmptyState>
    );
  else
    contenido = grupos.map((grupo) => (
      <CanastaCard key={grupo.tiendaId} tiendaId={grupo.tiendaId} usuario={grupo.usuario} />
    ));

  return <Page title="Checkout">{contenido}</Page>;
}
