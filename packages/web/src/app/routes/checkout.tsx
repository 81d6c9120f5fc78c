import { carritoMessages } from '@tianguis/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useCanasta, useCanastas } from '../../features/carrito/canasta/use-canasta';
import { CheckoutCard, type PedidoEnviado } from '../../features/carrito/components/checkout-card';
import { PedidoEnviadoAviso } from '../../features/carrito/components/pedido-enviado';
import { CheckoutDeCanasta } from '../../features/checkout/components/checkout-de-canasta';
import { notify } from '../../lib/toast';

/** Spec section 9: the move to Mis Pedidos after an order. */
const ESPERA_A_MIS_PEDIDOS_MS = 4500;

/** One shop's basket card, with the basket from wherever it lives (server cart or this browser). */
function CanastaCard(props: {
  tiendaId: number;
  usuario: string;
  onProcessed: (pedido: PedidoEnviado) => void;
}) {
  const canasta = useCanasta(props.tiendaId, props.usuario);
  // The checkout form goes in CheckoutCard's `pago` (it receives the basket).
  return (
    <CheckoutCard
      canasta={canasta}
      onProcessed={props.onProcessed}
      pago={(c) => <CheckoutDeCanasta canasta={c} />}
    />
  );
}

/**
 * The cart (a signed-in USUARIO's server cart, or a visitor's basket kept in this browser; shop
 * and admin accounts are turned away by the router's guard): one card per shop's basket.
 */
export default function Checkout() {
  // Entering checkout always re-reads the cart: a product may have gone since it was added.
  const carrito = useCanastas(0);
  const navigate = useNavigate();
  const [enviado, setEnviado] = useState<PedidoEnviado>();

  useEffect(() => {
    if (!enviado) return;
    const timer = setTimeout(() => navigate('/mispedidos'), ESPERA_A_MIS_PEDIDOS_MS);
    return () => clearTimeout(timer);
  }, [enviado, navigate]);

  const onProcessed = (pedido: PedidoEnviado) => {
    notify.success('¡Pedido enviado!');
    setEnviado(pedido);
  };

  const grupos = carrito.tiendas;
  let contenido;
  if (carrito.error)
    contenido = <ErrorState error={carrito.error} onRetry={() => void carrito.refetch()} />;
  else if (carrito.isLoading) contenido = <Loading label="Cargando tu carrito…" />;
  else if (grupos.length === 0)
    contenido = enviado ? null : (
      <EmptyState title={carritoMessages.carritoVacio}>
        <Link to="/" className={buttonClass('secondary')}>
          Ver tiendas
        </Link>
      </EmptyState>
    );
  else
    contenido = grupos.map((grupo) => (
      <CanastaCard
        key={grupo.tiendaId}
        tiendaId={grupo.tiendaId}
        usuario={grupo.usuario}
        onProcessed={onProcessed}
      />
    ));

  return (
    <Page title="Checkout">
      {enviado && <PedidoEnviadoAviso pedido={enviado} />}
      {contenido}
    </Page>
  );
}
