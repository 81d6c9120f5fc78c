import { describe, expect, it } from 'vitest';
import { tokenWith } from '#test/session';
import { homeAfterSignIn } from './home';
import { decodeSession } from '../../lib/session';

const claims = {
  certserialnumber: 7,
  actort: 'ana',
  groupsid: 3,
  role: 'PERSONAL',
  gender: '',
  exp: 2_000_000_000,
};

describe('homeAfterSignIn', () => {
  it.each([
    ['USUARIO', undefined, '/'],
    ['TIENDA', 'DUENO', '/configuracion-de-tienda'],
    ['ADMIN', undefined, '/admin-menu'],
    ['PERSONAL', 'ENCARGADO', '/pedidos'],
    ['PERSONAL', 'CAJERO', '/pedidos'],
    ['PERSONAL', 'COCINA', '/cocina'],
    ['PERSONAL', undefined, '/'],
  ] as const)('%s (%s) goes to %s', (role, actor, path) => {
    expect(homeAfterSignIn(role, actor)).toBe(path);
  });

  it('reads the staff role from a decoded token', () => {
    const session = decodeSession(tokenWith({ ...claims, rol: 'COCINA' }));
    expect(session && homeAfterSignIn(session.tipoUsuario, session.actor)).toBe('/cocina');
  });
});
