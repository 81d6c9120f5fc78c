import { ClipboardList, Home, LogIn, LogOut, ShoppingBag, Store } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../../features/auth/session-store';
import { MoreMenu } from './more-menu';

// The owner's online/offline dot reads the owner's shop: its own chunk, loaded for owners only.
const EstadoTienda = lazy(
  () => import('../../features/mi-tienda/components/ajustes-estado-tienda'),
);

function BarLink({
  to,
  label,
  icon,
  extra,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `relative flex min-h-12 min-w-14 flex-col items-center justify-center rounded-lg px-2 text-xs hover:bg-stone-100 ${isActive ? 'font-bold text-marca-700' : ''}`
      }
    >
      {icon}
      {label}
      {extra}
    </NavLink>
  );
}

const signOut = <BarLink to="/signout" label="Salir" icon={<LogOut aria-hidden="true" />} />;

/** Bottom bar (section 2): fixed to the viewport's bottom edge, centred, one set per role. */
export function BottomBar() {
  const session = useSession();
  let items: ReactNode;
  switch (session?.tipoUsuario) {
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
      items = <BarLink to="/signin" label="iniciar sesion" icon={<LogIn aria-hidden="true" />} />;
  }
  return (
    <nav
      aria-label="Menú principal"
      className="no-print fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <div className="mx-auto flex max-w-[600px] items-center justify-center gap-2 px-2 py-1">
        {items}
      </div>
    </nav>
  );
}
