import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { isRolPersonal, isRole, type RolPersonal, type Role } from '@tianguis/domain';

/** The claims of docs/api.md ("Accounts and sessions") plus the account's token_version as `ver`. */
export interface TokenClaims {
  certserialnumber: number;
  actort: string;
  groupsid: number;
  role: Role;
  gender: string;
  ver: number;
  /** A staff member's role (PERSONAL tokens only); the server reads the current one anyway. */
  rol?: RolPersonal;
  sub: string;
  jti: string;
  exp: number;
  iat: number;
}

export interface TokenService {
  sign(claims: {
    accountId: number;
    usuario: string;
    tiendaId: number;
    role: Role;
    celular: string;
    tokenVersion: number;
    rol?: RolPersonal;
  }): Promise<string>;
  /** Undefined for a token that is malformed, tampered with, of another algorithm or expired. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** Tokens whose signature was checked: each request of a session presents the same one. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, so checking them once per token is enough;
  // expiry is a matter of the clock and is checked on every use (jose's rule: expired once
  // exp <= now in whole seconds). Revocation and the account are the caller's, per request.
  // The check was a tenth of the server's time under checkout load (WebCrypto HMAC off the
  // main thread, a key import and the claims parse, for every request).
  const verified = new Map<string, TokenClaims>();
  const isUnexpired = (claims: TokenClaims) => claims.exp > Math.floor(Date.now() / 1000);
  return {
    sign(c) {
      return new SignJWT({
        certserialnumber: c.accountId,
        actort: c.usuario,
        groupsid: c.tiendaId,
        role: c.role,
        gender: c.celular,
        ver: c.tokenVersion,
        ...(c.rol && { rol: c.rol }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(c.accountId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (isUnexpired(known)) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        // The algorithm is pinned: a token signed any other way (or 'none') is refused.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const p = payload as Partial<TokenClaims>;
        if (
          typeof p.certserialnumber !== 'number' ||
          typeof p.groupsid !== 'number' ||
          typeof p.actort !== 'string' ||
          typeof p.gender !== 'string' ||
          typeof p.ver !== 'number' ||
          typeof p.jti !== 'string' ||
          typeof p.exp !== 'number' ||
          !isRole(p.role) ||
          (p.rol !== undefined && !isRolPersonal(p.rol))
        ) {
          return undefined;
        }
        const claims = Object.freeze({ ...p }) as TokenClaims;
        verified.set(token, claims);
        // Oldest first out: a Map iterates in insertion order.
        if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
