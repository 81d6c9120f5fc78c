import { can, vistaDeCocina, type Actor, type Role } from '@tianguis/domain';

/**
 * The shop's screens, by who may open them (docs/web-screens.md, "Screens and who may open
 * them"): `tienda` is anyone of the shop (its owner and every member of its staff); each other
 * one is named after the action of the permission table (docs/api.md, "Staff and the kitchen")
 * its screens need. `pedidos` is the orders board: the kitchen may see orders, but on its own
 * display (/cocina), not on the board.
 */
export type AreaDeTienda =
  'tienda' | 'pedidos' | 'atender' | 'agotar' | 'catalogo' | 'ventas' | 'corte' | 'ajustes';

/** The kinds of screen the roles-per-screen table distinguishes (docs/web-screens.md). */
export type Area =
  'publica' | 'compras' | 'carrito' | 'admin' | 'faq-tienda' | 'solo-anonimo' | AreaDeTienda;

/**
 * What a guard does: let through, send to /, send back one page, or send a staff member to
 * their own home (homeAfterSignIn: the kitchen display or the orders board).
 */
export type Access = 'permitir' | 'inicio' | 'atras' | 'su-inicio';

type OtraArea = Exclude<Area, AreaDeTienda>;

const table: Record<OtraArea, Record<Role | 'ANONIMO', Access>> = {
  publica: {
    USUARIO: 'permitir',
    TIENDA: 'permitir',
    ADMIN: 'permitir',
    PERSONAL: 'permitir',
    ANONIMO: 'permitir',
  },
  // A signed-in shopper's own orders (/mispedidosdetalle); docs/web-screens.md lists the routes.
  compras: {
    USUARIO: 'permitir',
    TIENDA: 'atras',
    ADMIN: 'atras',
    PERSONAL: 'atras',
    ANONIMO: 'inicio',
  },
  // The cart (checkout): a visitor's basket lives in the browser and can be ordered as a guest.
  carrito: {
    USUARIO: 'permitir',
    TIENDA: 'atras',
    ADMIN: 'atras',
    PERSONAL: 'atras',
    ANONIMO: 'permitir',
  },
  admin: {
    USUARIO: 'inicio',
    TIENDA: 'inicio',
    ADMIN: 'permitir',
    PERSONAL: 'su-inicio',
    ANONIMO: 'inicio',
  },
  'faq-tienda': {
    USUARIO: 'atras',
    TIENDA: 'permitir',
    ADMIN: 'atras',
    PERSONAL: 'atras',
    ANONIMO: 'inicio',
  },
  // Registration and sign-in: logged-in visitors go to / (staff to their own home).
  'solo-anonimo': {
    USUARIO: 'inicio',
    TIENDA: 'inicio',
    ADMIN: 'inicio',
    PERSONAL: 'su-inicio',
    ANONIMO: 'permitir',
  },
};

const AREAS_DE_TIENDA: readonly string[] = [
  'tienda',
  'pedidos',
  'atender',
  'agotar',
  'catalogo',
  'ventas',
  'corte',
  'ajustes',
] satisfies readonly AreaDeTienda[];

function isAreaDeTienda(area: Area): area is AreaDeTienda {
  return AREAS_DE_TIENDA.includes(area);
}

/** Whether someone acting for a shop may open its screens of `area`. */
function abre(area: AreaDeTienda, actor: Actor | undefined): boolean {
  if (actor === undefined) return false;
  if (area === 'tienda') return true;
  if (area === 'pedidos') return can(actor, 'pedidos') && !vistaDeCocina(actor);
  return can(actor, area);
}

/**
 * The roles-per-screen table as one lookup; `role` undefined means not signed in. The shop's
 * areas follow the domain's permission table for the session's `actor` (an owner is always
 * DUENO): the owner opens them all, a staff member those of their role and goes to their own
 * home from the others, anyone else goes to /.
 */
export function resolveAccess(area: Area, role: Role | undefined, actor?: Actor): Access {
  if (!isAreaDeTienda(area)) return table[area][role ?? 'ANONIMO'];
  switch (role) {
    case 'TIENDA':
      return abre(area, 'DUENO') ? 'permitir' : 'inicio';
    case 'PERSONAL':
      return abre(area, actor) ? 'permitir' : 'su-inicio';
    default:
      return 'inicio';
  }
}

/** Whether the session may open the screens of `area`: what menus and tiles show. */
export function canOpen(
  area: Area,
  session: { tipoUsuario: Role; actor?: Actor } | undefined,
): boolean {
  return resolveAccess(area, session?.tipoUsuario, session?.actor) === 'permitir';
}
