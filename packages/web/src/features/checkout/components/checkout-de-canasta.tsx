import { notify } from '../../../lib/toast';
import type { Canasta } from '../../carrito/canasta/use-canasta';
import { CheckoutForm, type PedidoHecho } from './checkout-form';

/**
 * The checkout form for one basket of the cart screen (CheckoutCard's `pago`): a signed-in
 * shopper's server cart goes as proccesscart, a visitor's browser basket as a guest order,
 * which is then emptied here (the server empties its own cart).
 */
export function CheckoutDeCanasta({ canasta }: { canasta: Canasta }) {
  if (!canasta.puedeComprar) {
    return (
      <p className="rounded-lg bg-stone-50 p-3 text-stone-800">
        Las cuentas de tienda no pueden hacer pedidos.
      </p>
    );
  }
  if (!canasta.paraCheckout) {
    return canasta.lineas.length > 0 ? (
      <p role="status" className="py-2">
        Cargando las formas de entrega y pago…
      </p>
    ) : null;
  }
  const onPedido = (hecho: PedidoHecho) => {
    notify.success('¡Pedido enviado!');
    if (hecho.tipo === 'invitado') void canasta.clear();
  };
  return (
    <CheckoutForm
      // One form per shop: its choices never carry over to another basket.
      key={canasta.tiendaId}
      canasta={canasta.paraCheckout}
      conSesion={canasta.origen === 'servidor'}
      onPedido={onPedido}
      onPrecioCambio={() => void canasta.refetch()}
    />
  );
}
