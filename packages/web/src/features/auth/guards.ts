import type { Role } from '@tianguis/domain';

/** The kinds of screen the roles-per-screen table distinguishes (docs/web-screens.md). */
export type Area =
  'publica' | 'compras' | 'carrito' | 'tienda' | 'admin' | 'faq-tienda' | 'solo-anonimo';

/** What a guard does: let through, send to /, or send back one page. */
export type Access = 'permitir' | 'inicio' | 'atras';

const table: Record<Area, Record<Role | 'ANONIMO', Access>> = {
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
  // Owner screens; ADMIN has no shop, so home.
  tienda: {
    USUARIO: 'inicio',
    TIENDA: 'permitir',
    ADMIN: 'inicio',
    PERSONAL: 'inicio',
    ANONIMO: 'inicio',
  },
  admin: {
    USUARIO: 'inicio',
    TIENDA: 'inicio',
    ADMIN: 'permitir',
    PERSONAL: 'inicio',
    ANONIMO: 'inicio',
  },
  'faq-tienda': {
    USUARIO: 'atras',
    TIENDA: 'permitir',
    ADMIN: 'atras',
    PERSONAL: 'atras',
    ANONIMO: 'inicio',
  },
  // Registration and sign-in: logged-in visitors go to /.
  'solo-anonimo': {
    USUARIO: 'inicio',
    TIENDA: 'inicio',
    ADMIN: 'inicio',
    PERSONAL: 'inicio',
    ANONIMO: 'permitir',
  },
};

/** The roles-per-screen table as one lookup; `role` undefined means not signed in. */
export function resolveAccess(area: Area, role: Role | undefined): Access {
  return table[area][role ?? 'ANONIMO'];
}
