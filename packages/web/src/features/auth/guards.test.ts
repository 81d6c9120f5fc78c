import { ROLES_PERSONAL } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { canOpen, resolveAccess, type Access, type Area } from './guards';

// The roles-per-screen table (docs/web-screens.md), row by row: USUARIO, TIENDA, ADMIN, the
// staff by role (ENCARGADO, CAJERO, COCINA), anonymous. Written out by hand, not derived from
// the domain's permission table, so a change to either shows here.
const P = 'permitir';
const su = 'su-inicio';
const rows: [Area, Access, Access, Access, Access, Access, Access, Access][] = [
  ['publica', P, P, P, P, P, P, P],
  ['compras', P, 'atras', 'atras', 'atras', 'atras', 'atras', 'inicio'],
  ['carrito', P, 'atras', 'atras', 'atras', 'atras', 'atras', P],
  ['admin', 'inicio', 'inicio', P, su, su, su, 'inicio'],
  ['faq-tienda', 'atras', P, 'atras', 'atras', 'atras', 'atras', 'inicio'],
  ['solo-anonimo', 'inicio', 'inicio', 'inicio', su, su, su, P],
  // The shop's screens (docs/api.md, "Staff and the kitchen").
  ['tienda', 'inicio', P, 'inicio', P, P, P, 'inicio'],
  ['pedidos', 'inicio', P, 'inicio', P, P, su, 'inicio'],
  ['atender', 'inicio', P, 'inicio', P, P, su, 'inicio'],
  ['agotar', 'inicio', P, 'inicio', P, P, P, 'inicio'],
  ['catalogo', 'inicio', P, 'inicio', P, su, su, 'inicio'],
  ['ventas', 'inicio', P, 'inicio', P, su, su, 'inicio'],
  ['corte', 'inicio', P, 'inicio', P, P, su, 'inicio'],
  ['ajustes', 'inicio', P, 'inicio', su, su, su, 'inicio'],
];

describe('resolveAccess', () => {
  it.each(rows)(
    '%s: USUARIO %s, TIENDA %s, ADMIN %s, ENCARGADO %s, CAJERO %s, COCINA %s, anonymous %s',
    (area, u, t, a, encargado, cajero, cocina, anon) => {
      expect(resolveAccess(area, 'USUARIO')).toBe(u);
      expect(resolveAccess(area, 'TIENDA')).toBe(t);
      expect(resolveAccess(area, 'TIENDA', 'DUENO')).toBe(t);
      expect(resolveAccess(area, 'ADMIN')).toBe(a);
      expect(resolveAccess(area, 'PERSONAL', 'ENCARGADO')).toBe(encargado);
      expect(resolveAccess(area, 'PERSONAL', 'CAJERO')).toBe(cajero);
      expect(resolveAccess(area, 'PERSONAL', 'COCINA')).toBe(cocina);
      expect(resolveAccess(area, undefined)).toBe(anon);
    },
  );

  it('covers every area', () => {
    const areas = new Set(rows.map(([area]) => area));
    expect(areas.size).toBe(rows.length);
    expect(areas.size).toBe(14);
  });

  it('sends a staff token without a known role home from every shop screen', () => {
    for (const area of [
      'tienda',
      'pedidos',
      'atender',
      'agotar',
      'catalogo',
      'ventas',
      'corte',
      'ajustes',
    ] as const) {
      expect(resolveAccess(area, 'PERSONAL')).toBe('su-inicio');
    }
  });

  it('never lets a shopper, the admin or a visitor into a shop screen, whatever actor is passed', () => {
    for (const rol of ROLES_PERSONAL) {
      expect(resolveAccess('tienda', 'USUARIO', rol)).toBe('inicio');
      expect(resolveAccess('pedidos', 'ADMIN', rol)).toBe('inicio');
      expect(resolveAccess('catalogo', undefined, rol)).toBe('inicio');
    }
  });
});

describe('canOpen (what menus and tiles show)', () => {
  it('follows the table for a session', () => {
    expect(canOpen('ajustes', { tipoUsuario: 'TIENDA', actor: 'DUENO' })).toBe(true);
    expect(canOpen('ajustes', { tipoUsuario: 'PERSONAL', actor: 'ENCARGADO' })).toBe(false);
    expect(canOpen('corte', { tipoUsuario: 'PERSONAL', actor: 'CAJERO' })).toBe(true);
    expect(canOpen('ventas', { tipoUsuario: 'PERSONAL', actor: 'CAJERO' })).toBe(false);
    expect(canOpen('pedidos', { tipoUsuario: 'PERSONAL', actor: 'COCINA' })).toBe(false);
    expect(canOpen('tienda', { tipoUsuario: 'PERSONAL', actor: 'COCINA' })).toBe(true);
    expect(canOpen('tienda', undefined)).toBe(false);
  });
});
