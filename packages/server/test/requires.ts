import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';

/**
 * A suite that needs something this machine may not give (root mounts, a private PostgreSQL
 * cluster, the immutable flag). When `reason` says what is missing it never passes quietly: in
 * CI (`CI` set, as `.ci/run` does on a machine meant to have it) it fails naming the reason;
 * elsewhere it is listed as skipped with the reason in its name, and the reason is printed.
 */
export function describeWhenAvailable(
  name: string,
  reason: string | undefined,
  body: () => void,
): void {
  if (reason === undefined) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      it('needs what this machine lacks', () => {
        throw new Error(`en CI esta prueba debe correr, pero falta: ${reason}`);
      });
    });
    return;
  }
  console.warn(`${name}: omitido en esta máquina: ${reason}`);
  describe.skip(`${name} (omitido: ${reason})`, body);
}

/**
 * A suite about PostgreSQL itself (NOTIFY between instances, statement timeouts, a shared rate
 * limit): it runs when TEST_DATABASE_URL names a server, as CI's PostgreSQL pass does, and on
 * the SQLite pass is listed as skipped saying so.
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (process.env.TEST_DATABASE_URL) {
    describe(name, body);
    return;
  }
  describe.skip(`${name} (solo PostgreSQL: corre con TEST_DATABASE_URL, como en CI)`, body);
}

/** The same for one test inside a suite that runs on both databases. */
export const itOnPostgres = process.env.TEST_DATABASE_URL
  ? it
  : (name: string, ...rest: Parameters<typeof it.skip> extends [unknown, ...infer R] ? R : never) =>
      it.skip(`${name} (solo PostgreSQL: corre con TEST_DATABASE_URL, como en CI)`, ...rest);

/**
 * Why a tmpfs can't be mounted here, or undefined when it can: mounting needs root with
 * CAP_SYS_ADMIN (a privileged container or a real machine), which CI's machine has. Faults of a
 * real filesystem (a full disk) are made with small mounts; chmod would not stop root writing.
 */
export function tmpfsMountReason(): string | undefined {
  if (process.getuid?.() !== 0) return 'montar un tmpfs necesita root con CAP_SYS_ADMIN';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'montar un tmpfs necesita root con CAP_SYS_ADMIN';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
