import { ROLES_PERSONAL } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { tokenWith } from '#test/session';
import { decodeSession, isLoggedIn, type Session } from './session';

const claims = {
  certserialnumber: 7,
  actort: 'taqueria-lupe',
  groupsid: 3,
  role: 'TIENDA',
  gender: '5512345678',
  exp: 2_000_000_000,
};

describe('decodeSession', () => {
  it('reads the claims of the sign-in token', () => {
    const token = tokenWith(claims);
    expect(decodeSession(token)).toEqual({
      userId: 7,
      usuario: 'taqueria-lupe',
      tiendaId: 3,
      tipoUsuario: 'TIENDA',
      celular: '5512345678',
      token,
      exp: 2_000_000_000,
      actor: 'DUENO',
    });
  });

  it.each(ROLES_PERSONAL)(
    'reads a staff token: PERSONAL, their shop in groupsid and %s as the actor',
    (rol) => {
      const token = tokenWith({ ...claims, role: 'PERSONAL', groupsid: 9, rol });
      const session = decodeSession(token);
      expect(session).toMatchObject({ tipoUsuario: 'PERSONAL', tiendaId: 9, actor: rol });
    },
  );

  it('gives no actor to a shopper, the admin, or a staff token without a known role', () => {
    expect(decodeSession(tokenWith({ ...claims, role: 'USUARIO' }))?.actor).toBeUndefined();
    expect(decodeSession(tokenWith({ ...claims, role: 'ADMIN' }))?.actor).toBeUndefined();
    // A shopper's token can't make itself a cashier with a rol claim.
    expect(
      decodeSession(tokenWith({ ...claims, role: 'USUARIO', rol: 'CAJERO' }))?.actor,
    ).toBeUndefined();
    const sinRol = decodeSession(tokenWith({ ...claims, role: 'PERSONAL', rol: 'JEFE' }));
    expect(sinRol?.tipoUsuario).toBe('PERSONAL');
    expect(sinRol?.actor).toBeUndefined();
  });

  it('reads accents and ñ in the claims', () => {
    expect(decodeSession(tokenWith({ ...claims, actort: 'panadería-ñ' }))?.usuario).toBe(
      'panadería-ñ',
    );
  });

  it.each([
    ['not a JWT', 'hola'],
    ['a payload that is not JSON', 'a.bm8gZXMganNvbg.b'],
    ['an unknown role', tokenWith({ ...claims, role: 'ROOT' })],
  ])('answers undefined for %s', (_name, token) => {
    expect(decodeSession(token)).toBeUndefined();
  });
});

describe('isLoggedIn (docs/web-screens.md, Signing in and out)', () => {
  const session = decodeSession(tokenWith(claims)) as Session;
  const expMs = 2_000_000_000 * 1000;

  it.each([
    ['flag set, expiry ahead', { isLogin: true, session }, expMs - 1, true],
    ['flag set, expiry now', { isLogin: true, session }, expMs, false],
    ['flag set, expiry past', { isLogin: true, session }, expMs + 1, false],
    ['flag not set', { isLogin: false, session }, 0, false],
    ['token unreadable: the flag as is', { isLogin: true, session: undefined }, expMs + 1, true],
  ])('%s → %s', (_name, stored, now, expected) => {
    expect(isLoggedIn(stored, now)).toBe(expected);
  });
});
