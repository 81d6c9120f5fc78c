import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts `server.ts` as its own process and answers its port once it listens. Node itself runs
 * the server, with tsx as a loader: the `tsx` command would run it in a child of its own, and a
 * SIGKILL meant for the server would kill only that wrapper and leave the server running.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: {
    /** Every chunk the server writes (stdout and stderr), for as long as it runs. */
    onOutput?: (text: string) => void;
  } = {},
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let listening = false;
    // Keep reading stdout after the start too: a full pipe would block the server's logging.
    child.stdout?.on('data', (chunk: Buffer) => {
      options.onOutput?.(chunk.toString());
      if (listening) return;
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        listening = true;
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.stderr?.on('data', (c: Buffer) => {
      options.onOutput?.(c.toString());
      if (!listening) output += c.toString();
    });
    child.on('exit', (code) => reject(new Error(`el servidor terminó (${code}): ${output}`)));
  });
}
