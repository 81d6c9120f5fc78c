import { clearSession, getToken } from './session-store';
import { createApiClient } from './api-client';

/**
 * The app's one API client: same origin, the session's bearer token, and a session the server
 * no longer accepts (signed out elsewhere, password changed) is cleared, so guards send the
 * person to sign in again (docs/web-screens.md, "Signing in and out").
 */
export const api = createApiClient({ getToken, onUnauthorized: clearSession });
