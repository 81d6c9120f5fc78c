import { useSyncExternalStore } from 'react';
import { clearQueryCache } from './query';
import { decodeSession, isLoggedIn, type Session, type StoredSession } from './session';

/**
 * The signed-in state, kept in local storage under 'signIn' (docs/api.md, "Texts and forms") so a
 * reload or a new tab keeps the session. Only the token and the flag are stored; the session is
 * decoded from the token every time.
 */
export const SIGN_IN_KEY = 'tianguis.signIn';
/** The owner's shop, removed on sign-out (/signout). */
export const TIENDA_KEY = 'tianguis.tienda';

interface Persisted {
  isLogin: boolean;
  token: string | undefined;
}

function read(): StoredSession {
  try {
    const raw = localStorage.getItem(SIGN_IN_KEY);
    if (!raw) return { isLogin: false, session: undefined };
    const p = JSON.parse(raw) as Partial<Persisted>;
    const session = typeof p.token === 'string' ? decodeSession(p.token) : undefined;
    return { isLogin: p.isLogin === true && session !== undefined, session };
  } catch {
    return { isLogin: false, session: undefined };
  }
}

let current: StoredSession = read();
let active: Session | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Works out the active session and wakes up when the token expires (docs/web-screens.md). */
function recompute() {
  const now = Date.now();
  const before = active;
  active = isLoggedIn(current, now) ? current.session : undefined;
  // The session ended (expired, signed out, refused by the server) or another person signed in:
  // none of the answers cached for the previous person (cart, orders) may show.
  if (before !== undefined && before.userId !== active?.userId) clearQueryCache();
  clearTimeout(expiryTimer);
  const exp = active?.exp;
  // setTimeout can't wait longer than about 24.8 days; a later expiry is checked again then.
  if (exp !== undefined) {
    expiryTimer = setTimeout(
      () => {
        recompute();
        emit();
      },
      Math.min(exp * 1000 - now + 50, 2_000_000_000),
    );
  }
}
recompute();

function emit() {
  for (const listener of listeners) listener();
}

/** Another tab signed in or out: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SIGN_IN_KEY) return;
    current = read();
    recompute();
    emit();
  });
}

export function getStoredSession(): StoredSession {
  return current;
}

/** The session if it is valid now (flag set, token not expired), otherwise undefined. */
export function getActiveSession(nowMs = Date.now()): Session | undefined {
  return isLoggedIn(current, nowMs) ? current.session : undefined;
}

export function getToken(): string | undefined {
  return getActiveSession()?.token;
}

export function storeToken(token: string): Session | undefined {
  const session = decodeSession(token);
  if (!session) return undefined;
  const persisted: Persisted = { isLogin: true, token };
  try {
    localStorage.setItem(SIGN_IN_KEY, JSON.stringify(persisted));
  } catch {
    // Private mode or a full storage: the session lasts this tab only.
  }
  current = { isLogin: true, session };
  recompute();
  emit();
  for (const listener of signInListeners) listener(session);
  return session;
}

const signInListeners = new Set<(session: Session) => void>();

/**
 * Called after every sign-in or registration (both end in storeToken): the basket a visitor
 * filled in this browser joins the account's cart (features/carrito registers it; it also
 * merges whenever it finds a signed-in shopper with a browser basket, e.g. after a reload).
 */
export function onSignIn(listener: (session: Session) => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SIGN_IN_KEY);
    localStorage.removeItem(TIENDA_KEY);
  } catch {
    // Nothing stored to clear.
  }
  if (!current.isLogin && !current.session) return;
  current = { isLogin: false, session: undefined };
  recompute();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getActive(): Session | undefined {
  return active;
}

function getAnonymous(): Session | undefined {
  return undefined;
}

/**
 * The active session, re-rendering on sign-in, sign-out and when the token expires. A page the
 * server rendered was rendered for nobody in particular: hydration reads no session, and the
 * signed-in person's parts follow right after.
 */
export function useSession(): Session | undefined {
  return useSyncExternalStore(subscribe, getActive, getAnonymous);
}
