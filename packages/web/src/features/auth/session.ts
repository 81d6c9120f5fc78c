import { isRole, type Role } from '@tianguis/domain';

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
}

export interface StoredSession {
  isLogin: boolean;
  session: Session | undefined;
}

function decodePayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      [...atob(base64)].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object'
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of docs/api.md ("Accounts and sessions"): certserialnumber, actort, groupsid, role, gender, exp. */
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

/** Where each role lands after signing in (docs/web-screens.md, "Signing in and out"). */
export function homeAfterSignIn(role: Role): string {
  switch (role) {
    case 'TIENDA':
      return '/configuracion-de-tienda';
    case 'ADMIN':
      return '/admin-menu';
    default:
      return '/';
  }
}
