import { isRole, type Actor, type Role, type RolPersonal } from '@tianguis/domain';

/** The session as read from the sign-in token's claims (docs/api.md, "Accounts and sessions"). */
export interface Session {
  userId: number;
  usuario: string;
  tiendaId: number;
  tipoUsuario: Role;
  celular: string;
  token: string;
  /** Expiry, seconds since the epoch. */
  exp: number | undefined;
  /**
   * Who acts for a shop (docs/api.md, "Staff and the kitchen"): 'DUENO' for an owner, the `rol`
   * claim for a staff member, undefined for anyone else (and for a staff token without a known
   * role). The server reads the member's current role on every request; this one is the role
   * at sign-in, which the app uses only to choose screens and links.
   */
  actor?: Actor;
}

export interface StoredSession {
  isLogin: boolean;
  session: Session | undefined;
}

function decodePayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    // The claims are UTF-8 (accents and ñ in a shop's name).
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object'
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The staff roles, checked against the domain's type (a role added or removed there fails to
 * compile here). Not the domain's isRolPersonal: that would bring the staff texts and
 * permission table into the public shop page's first download (docs/performance.md).
 */
const ROLES: Readonly<Record<RolPersonal, true>> = { ENCARGADO: true, CAJERO: true, COCINA: true };

function actorOf(role: Role, rol: unknown): Actor | undefined {
  if (role === 'TIENDA') return 'DUENO';
  if (role === 'PERSONAL' && typeof rol === 'string' && Object.hasOwn(ROLES, rol)) {
    return rol as RolPersonal;
  }
  return undefined;
}

/**
 * The claims of docs/api.md ("Accounts and sessions"): certserialnumber, actort, groupsid, role,
 * gender, exp, and a staff member's `rol` ("Staff and the kitchen").
 */
export function decodeSession(token: string): Session | undefined {
  const p = decodePayload(token);
  if (!p || !isRole(p.role)) return undefined;
  return {
    userId: Number(p.certserialnumber),
    usuario: String(p.actort ?? ''),
    tiendaId: Number(p.groupsid ?? 0),
    tipoUsuario: p.role,
    celular: String(p.gender ?? ''),
    token,
    exp: typeof p.exp === 'number' ? p.exp : undefined,
    actor: actorOf(p.role, p.rol),
  };
}

/**
 * Logged in only if the login flag is set and the token's expiry is not in the past; if the
 * token can't be read, the stored flag is used as is (docs/web-screens.md, "Signing in and out").
 */
export function isLoggedIn(stored: StoredSession, nowMs: number): boolean {
  if (!stored.isLogin) return false;
  const exp = stored.session?.exp;
  if (exp === undefined) return stored.isLogin;
  return exp * 1000 > nowMs;
}
