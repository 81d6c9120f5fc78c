import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

// Starting and stopping the built server as a child process, for the browser journeys
// (e2e/global-setup.ts) and the Lighthouse script.

/** A port nobody listens on right now; the server takes it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('sin puerto libre'));
      });
    });
  });
}

/** Waits for `GET /health`; a server that exits or stays silent fails with its log. */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  child.kill('SIGKILL');
  throw new Error(`el servidor no respondió en ${url}/health:\n${log}`);
}

/** SIGTERM (the server finishes what is in flight), SIGKILL after 15 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
