import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id; the package ships it as a const enum we can't import.
const options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway one when there is no account, so
 * that a wrong email takes as long as a wrong password and reveals nothing.
 */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('cuenta-inexistente-Aa1');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
