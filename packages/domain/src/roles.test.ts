import { describe, expect, it } from 'vitest';

import {
  NO_USUARIO,
  ROLES,
  canAdminister,
  canManageTienda,
  canUseCart,
  isRole,
  roleFromTipoUsuario,
} from './roles.js';
import type { Role } from './roles.js';

describe('roles', () => {
  it("lists the four roles of docs/api.md (PERSONAL: a shop's staff)", () => {
    expect(ROLES).toEqual(['USUARIO', 'TIENDA', 'ADMIN', 'PERSONAL']);
  });

  it('stores a shopper usuario as N/A', () => {
    expect(NO_USUARIO).toBe('N/A');
  });

  it.each([
    ['si', 'USUARIO'],
    ['no', 'TIENDA'],
  ] as const)('maps tipousuario %s to %s', (tipo, role) => {
    expect(roleFromTipoUsuario(tipo)).toBe(role);
  });

  it.each([
    ['USUARIO', true],
    ['TIENDA', true],
    ['ADMIN', true],
    ['usuario', false],
    ['', false],
    ['N/A', false],
    [undefined, false],
    [null, false],
    [1, false],
    [['ADMIN'], false],
    [{}, false],
  ])('isRole(%j) is %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it.each<[Role | undefined, boolean, boolean, boolean]>([
    ['USUARIO', true, false, false],
    ['TIENDA', false, true, false],
    ['ADMIN', false, false, true],
    [undefined, false, false, false],
  ])('%s: cart %s, tienda %s, admin %s', (role, cart, tienda, admin) => {
    expect(canUseCart(role)).toBe(cart);
    expect(canManageTienda(role)).toBe(tienda);
    expect(canAdminister(role)).toBe(admin);
  });
});
