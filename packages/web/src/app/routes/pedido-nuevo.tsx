import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda';
import { PedidoManualForm, pedidoManualMessages } from '../../features/pedido-manual';

/** /pedidos/nuevo: the owner types an order taken by phone or WhatsApp. */
export default function PedidoNuevoScreen() {
  const tienda = useMiTienda();
  let body;
  if (tienda.data) body = <PedidoManualForm tienda={tienda.data} />;
  else if (tienda.error) {
    body = <ErrorState error={tienda.error} onRetry={() => void tienda.refetch()} />;
  } else body = <Loading label="Cargando tus productos…" />;
  return <Page title={pedidoManualMessages.titulo}>{body}</Page>;
}
