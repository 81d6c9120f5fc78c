import type { TestServer } from './build-test-app.js';
import { callFrom, type AddressedAnswer } from './from-address.js';
import { CUENTA } from './rutas.js';

// Shared calls of the account tests that play attacks from many client addresses
// (test/from-address.ts): signing in as someone, from somewhere.

/** POST /api/login/authenticate with these credentials, from the client address `from`. */
export function signInFrom(
  server: TestServer,
  from: string,
  credentials: { email: string; password: string },
): Promise<AddressedAnswer> {
  const { email, password } = credentials;
  return callFrom(server, from, CUENTA.signIn, { email, password });
}

/** POST /api/login/registerUser with `payload`, from the client address `from`. */
export function registerUserFrom(
  server: TestServer,
  from: string,
  payload: Record<string, unknown>,
): Promise<AddressedAnswer> {
  return callFrom(server, from, CUENTA.register, payload);
}
