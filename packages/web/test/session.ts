import type { Role } from '@tianguis/domain';
import { storeToken } from '../src/lib/session-store';

/** An unsigned token carrying `claims` (docs/api.md's names): the web app only decodes it. */
export function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.firma`;
}

/** Signs `usuario` in with `role` for the next hour (a shop's owner owns shop 1). */
export function signInAs(role: Role, usuario = 'cliente'): void {
  storeToken(
    tokenWith({
      certserialnumber: 7,
      actort: usuario,
      groupsid: role === 'TIENDA' ? 1 : 0,
      role,
      gender: '5512345678',
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
}

/**
 * The token of shop `tiendaId`'s owner ('taqueria-lupe'), valid for decades, for tests that
 * store it themselves (storeToken).
 */
export function tokenFor(tiendaId: number): string {
  return tokenWith({
    certserialnumber: 7,
    actort: 'taqueria-lupe',
    groupsid: tiendaId,
    role: 'TIENDA',
    gender: '5512345678',
    exp: 4_000_000_000,
  });
}

/**
 * A staff member's token (PERSONAL, user 40, of shop 3) for the next hour unless told;
 * `claims` change what a test is about (its rol, its shop).
 */
export function tokenDePersonal(claims: Record<string, unknown> = {}, expInSeconds = 3600): string {
  return tokenWith({
    certserialnumber: 40,
    actort: 'N/A',
    groupsid: 3,
    role: 'PERSONAL',
    gender: '',
    exp: Math.floor(Date.now() / 1000) + expInSeconds,
    ...claims,
  });
}
