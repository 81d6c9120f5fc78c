/** PERSONAL: a shop's staff member, whose own role (rol) says what they may do (personal.ts). */
export const ROLES = ['USUARIO', 'TIENDA', 'ADMIN', 'PERSONAL'] as const;
export type Role = (typeof ROLES)[number];

/** What a shopper's `usuario` is stored as: only shops have a public user name. */
export const NO_USUARIO = 'N/A';

/** Registration asks "is this a shopper?": 'si' is a shopper (USUARIO), 'no' a shop (TIENDA). */
export function roleFromTipoUsuario(tipo: 'si' | 'no'): Role {
  return tipo === 'si' ? 'USUARIO' : 'TIENDA';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Cart, checkout and own orders are the shopper's; shops and admins are sent back. */
export function canUseCart(role: Role | undefined): boolean {
  return role === 'USUARIO';
}

export function canManageTienda(role: Role | undefined): boolean {
  return role === 'TIENDA';
}

export function canAdminister(role: Role | undefined): boolean {
  return role === 'ADMIN';
}
