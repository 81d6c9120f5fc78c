import { ClipboardList, Home, LogOut, ShoppingBag, Store } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Session } from '../../features/auth/session';
import { BarLink } from './bar-link';
import { MoreMenu } from './more-menu';

// The owner's online/offline dot reads the owner's shop: its own chunk, loaded for owners only.
const EstadoTienda = lazy(
  () => import('../../features/mi-tienda/components/ajustes-estado-tienda'),
);

const signOut = <BarLink to="/signout" label="Salir" icon={<LogOut aria-hidden="true" />} />;

/**
 * The bottom bar's links for a signed-in account, one set per role (docs/web-screens.md, "Top
 * and bottom bars"). A chunk of its
 * own: a visitor opening a shop's link (the page with the 100 KB budget) never needs it.
 */
export default function BottomBarCuenta({ session }: { session: Session }) {
  let items: ReactNode;
  switch (session.tipoUsuario) {
    case 'USUARIO':
      items = (
        <>
          <BarLink to="/" label="Tiendas" icon={<Home aria-hidden="true" />} />
          <BarLink to="/checkout" label="Checkout" icon={<ShoppingBag aria-hidden="true" />} />
          <BarLink
            to="/mispedidos"
            label="Mis pedidos"
            icon={<ClipboardList aria-hidden="true" />}
          />
          {signOut}
        </>
      );
      break;
    case 'TIENDA':
      items = (
        <>
          <BarLink
            to={session.usuario && session.usuario !== 'N/A' ? `/tienda/${session.usuario}` : '/'}
            label="Inicio"
            icon={<Store aria-hidden="true" />}
            extra={
              <Suspense fallback={null}>
                <EstadoTienda />
              </Suspense>
            }
          />
          <BarLink to="/pedidos" label="Pedidos" icon={<ClipboardList aria-hidden="true" />} />
          <MoreMenu
            items={[
              { to: '/pedidos/nuevo', label: 'Nuevo pedido' },
              { to: '/ventas', label: 'Ventas' },
              { to: '/mitienda', label: 'Mi Tienda' },
              { to: '/configuracion-de-tienda', label: 'Configuración' },
              { to: '/preguntas-frecuentes-tienda', label: 'Preguntas Frecuentes' },
            ]}
          />
          {signOut}
        </>
      );
      break;
    case 'ADMIN':
      items = (
        <>
          <MoreMenu items={[{ to: '/admin-menu', label: 'Configuración Admin' }]} />
          {signOut}
        </>
      );
      break;
    default:
      items = null;
  }
  return items;
}
