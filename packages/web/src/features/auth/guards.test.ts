import { describe, expect, it } from 'vitest';
import { resolveAccess, type Access, type Area } from './guards';

// The roles-per-screen table (docs/web-screens.md), row by row: USUARIO, TIENDA, ADMIN, anonymous.
const rows: [Area, Access, Access, Access, Access][] = [
  ['publica', 'permitir', 'permitir', 'permitir', 'permitir'],
  ['compras', 'permitir', 'atras', 'atras', 'inicio'],
  ['carrito', 'permitir', 'atras', 'atras', 'permitir'],
  ['tienda', 'inicio', 'permitir', 'inicio', 'inicio'],
  ['admin', 'inicio', 'inicio', 'permitir', 'inicio'],
  ['faq-tienda', 'atras', 'permitir', 'atras', 'inicio'],
  ['solo-anonimo', 'inicio', 'inicio', 'inicio', 'permitir'],
];

describe('resolveAccess', () => {
  it.each(rows)('%s: USUARIO %s, TIENDA %s, ADMIN %s, anonymous %s', (area, u, t, a, anon) => {
    expect(resolveAccess(area, 'USUARIO')).toBe(u);
    expect(resolveAccess(area, 'TIENDA')).toBe(t);
    expect(resolveAccess(area, 'ADMIN')).toBe(a);
    expect(resolveAccess(area, undefined)).toBe(anon);
  });
});
