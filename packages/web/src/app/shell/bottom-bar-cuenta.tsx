import { ChefHat, ClipboardList, Home, LogOut, ShoppingBag, Store } from 'lucide-react';
import { vistaDeCocina } from '@tianguis/domain';
import { Suspense, type ReactNode } from 'react';
import { canOpen, type Area } from '../../features/auth';
import type { Session } from '../../lib/session';
import { BarLink } from './bar-link';
import { MoreMenu } from './more-menu';
// The owner's online/offline dot reads the owner's shop: its own chunk, loaded for owners only.
import { EstadoTienda } from '../../features/mi-tienda';

const signOut = <BarLink to="/signout" label="Salir" icon={<LogOut aria-hidden="true" />} />;

interface Enlace {
  to: string;
  label: string;
  /** The area of the screen it opens (features/auth/guards.ts): shown only to who may open it. */
  area: Area;
}

/** The links both the owner's and the staff's 'Más' menus have. */
const NUEVO_PEDIDO: Enlace = { to: '/pedidos/nuevo', label: 'Nuevo pedido', area: 'atender' };
const COCINA: Enlace = { to: '/cocina', label: 'Cocina', area: 'tienda' };
const VENTAS: Enlace = { to: '/ventas', label: 'Ventas', area: 'ventas' };
const MI_TIENDA: Enlace = { to: '/mitienda', label: 'Mi Tienda', area: 'catalogo' };

/** The owner's 'Más' menu (docs/web-screens.md, "Top and bottom bars"). */
const MAS_DUENO: readonly Enlace[] = [
  NUEVO_PEDIDO,
  COCINA,
  VENTAS,
  MI_TIENDA,
  { to: '/configuracion-de-tienda', label: 'Configuración', area: 'ajustes' },
  { to: '/preguntas-frecuentes-tienda', label: 'Preguntas Frecuentes', area: 'faq-tienda' },
];

/**
 * A staff member's 'Más' menu, cut to what their role may do (docs/api.md, "Staff and the
 * kitchen"): they can't open the owner's settings menu, so hours come here too.
 */
const MAS_PERSONAL: readonly Enlace[] = [
  NUEVO_PEDIDO,
  COCINA,
  { to: '/agotados', label: 'Agotados de hoy', area: 'agotar' },
  MI_TIENDA,
  { to: '/horarios', label: 'Horarios', area: 'catalogo' },
  VENTAS,
  { to: '/ventas/corte', label: 'Corte de caja', area: 'corte' },
  { to: '/impresora', label: 'Impresora térmica', area: 'atender' },
  { to: '/codigoqr', label: 'Codigo QR', area: 'tienda' },
];

/** The 'Más' menu's links for a session of a shop: only the screens it may open. */
export function enlacesDeMas(session: Pick<Session, 'tipoUsuario' | 'actor'>): Enlace[] {
  if (session.tipoUsuario === 'TIENDA') return MAS_DUENO.filter((e) => canOpen(e.area, session));
  // The kitchen sees its display only.
  if (session.tipoUsuario !== 'PERSONAL' || vistaDeCocina(session.actor)) return [];
  return MAS_PERSONAL.filter((e) => canOpen(e.area, session));
}

/** A staff member's bar: their home (the board, or the kitchen display), their menu, 'Salir'. */
function BarraPersonal({ session }: { session: Session }) {
  const mas = enlacesDeMas(session);
  return (
    <>
      {canOpen('pedidos', session) ? (
        <BarLink to="/pedidos" label="Pedidos" icon={<ClipboardList aria-hidden="true" />} />
      ) : (
        canOpen('tienda', session) && (
          <BarLink to="/cocina" label="Cocina" icon={<ChefHat aria-hidden="true" />} />
        )
      )}
      {mas.length > 0 && <MoreMenu items={mas} />}
      {signOut}
    </>
  );
}

/**
 * The bottom bar's links for a signed-in account, one set per role (docs/web-screens.md, "Top
 * and bottom bars"); a shop's staff see only what their role may do. A chunk of its
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
          <MoreMenu items={enlacesDeMas(session)} />
          {signOut}
        </>
      );
      break;
    case 'PERSONAL':
      items = <BarraPersonal session={session} />;
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
