import { invalidateQueries, useQuery } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import type { Canasta } from '../../carrito';
import { getTiendaPublica, tiendaPublicaKey } from '../../../lib/tienda-publica/get-tienda-publica';
import { CheckoutForm, type PedidoHecho } from './checkout-form';

/**
 * The checkout form for one basket of the cart screen (CheckoutCard's `pago`): a signed-in
 * shopper's server cart goes as proccesscart, a visitor's browser basket as a guest order,
 * which is then emptied here (the server empties its own cart).
 */
export function CheckoutDeCanasta({ canasta }: { canasta: Canasta }) {
  // The shop's delivery zones and point, and whether it takes orders for later, come with its
  // public answer (a visitor's basket has it already; a signed-in cart reads it once): the zone
  // is then found on the phone, at once.
  const usuario = canasta.tienda?.usuario ?? '';
  const publica = useQuery(tiendaPublicaKey(usuario), () => getTiendaPublica(usuario), {
    enabled: usuario !== '',
    staleMs: 30_000,
  });
  if (!canasta.puedeComprar) {
    return (
      <p className="rounded-lg bg-stone-50 p-3 text-stone-800">
        Las cuentas de tienda no pueden hacer pedidos.
      </p>
    );
  }
  // Without its answer (a failed read) the form still works: the server checks the zone.
  const zonasListas = usuario === '' || publica.data !== undefined || publica.error !== undefined;
  if (!canasta.paraCheckout || !zonasListas) {
    return canasta.lineas.length > 0 ? (
      <p role="status" className="py-2">
        Cargando las formas de entrega y pago…
      </p>
    ) : null;
  }
  const tienda = publica.data?.tienda;
  const onPedido = (hecho: PedidoHecho) => {
    notify.success('¡Pedido enviado!');
    if (hecho.tipo === 'invitado') void canasta.clear();
  };
  return (
    <CheckoutForm
      // One form per shop: its choices never carry over to another basket.
      key={canasta.tiendaId}
      canasta={{
        ...canasta.paraCheckout,
        zonas: tienda?.zonas,
        ubicacion: tienda?.ubicacion,
        // Orders for later: the slots come from the shop's address, in its time zone.
        programar: tienda?.programacion?.activa
          ? { usuario: tienda.usuario, timeZone: tienda.timeZone }
          : undefined,
      }}
      conSesion={canasta.origen === 'servidor'}
      onPedido={onPedido}
      onPrecioCambio={() => {
        void canasta.refetch();
        void invalidateQueries(tiendaPublicaKey(usuario));
      }}
    />
  );
}
