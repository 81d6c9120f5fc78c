import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useMiTienda, type MiTienda } from '../api/get-mi-tienda';

/**
 * A catalogue form's screen (a category's, a product's) until its form can show: the owner's shop
 * loading, or its failed load with Reintentar; then, when `noExiste` names the item asked for
 * ('La categoría no existe'), that it is gone, with the way back to Mi Tienda; else the form drawn
 * from the shop (`children`).
 */
export function CatalogoFormCarga(props: {
  noExiste: string | undefined;
  children: (tienda: MiTienda) => ReactNode;
}) {
  const { data: tienda, error, refetch } = useMiTienda();
  if (!tienda && error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!tienda) return <Loading />;
  if (props.noExiste) {
    return (
      <EmptyState title={props.noExiste} text="Puede que se haya eliminado.">
        <Link to="/mitienda" className={buttonClass('primary')}>
          Ir a Mi Tienda
        </Link>
      </EmptyState>
    );
  }
  return props.children(tienda);
}
