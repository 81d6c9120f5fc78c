import type { Actor, Role } from '@tianguis/domain';

// Apart from session.ts: the session is read on every page, the public shop page included,
// while only the sign-in screens and the guards need to know where each person lands.

/**
 * Where each role lands after signing in (docs/web-screens.md, "Signing in and out"): a staff
 * member by their role, the kitchen on its display and the counter on the orders board.
 */
export function homeAfterSignIn(role: Role, actor?: Actor): string {
  switch (role) {
    case 'TIENDA':
      return '/configuracion-de-tienda';
    case 'ADMIN':
      return '/admin-menu';
    case 'PERSONAL':
      if (actor === 'COCINA') return '/cocina';
      return actor === 'ENCARGADO' || actor === 'CAJERO' ? '/pedidos' : '/';
    default:
      return '/';
  }
}
