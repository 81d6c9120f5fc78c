import { spawn } from 'node:child_process';
import path from 'node:path';

// Commands the tests run as their own processes, the way an operator runs them: to their end,
// keeping what they write.

/** The repository's root, where `npm run …` and the scripts run from. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` from the repository root with `env` added to this process's environment, and
 * answers its exit code and output. A process still running after `killAfterMs` is killed, so a
 * test fails instead of leaving it behind.
 */
export function runToEnd(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; killAfterMs?: number } = {},
): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const stop =
      options.killAfterMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, stdout, stderr });
    });
  });
}
