import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// Building the server and the app, and starting and stopping the built server as a child
// process, for the browser journeys (e2e/global-setup.ts) and the Lighthouse script.

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

function run(label: string, command: string, args: string[], cwd: string): number {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    throw new Error(`${label} falló (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return (Date.now() - started) / 1000;
}

/**
 * Compiles the server (packages/server/dist) and builds the web app into `webDist` and its
 * server rendering of the shop pages into `<webDist>-ssr` (where the server looks for it), the
 * way `npm start` would, and answers how long each took (seconds; `vite` counts both builds).
 */
export function buildServerAndWeb(root: string, webDist: string): { tsc: number; vite: number } {
  const tsc = run(
    'tsc -b packages/server',
    path.join(root, 'node_modules/.bin/tsc'),
    ['-b', 'packages/server'],
    root,
  );
  const vite =
    run(
      'vite build',
      path.join(root, 'node_modules/.bin/vite'),
      ['build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
      path.join(root, 'packages/web'),
    ) +
    run(
      'vite build --ssr',
      path.join(root, 'node_modules/.bin/vite'),
      [
        'build',
        '--ssr',
        'src/entry-server.tsx',
        '--outDir',
        `${webDist}-ssr`,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      path.join(root, 'packages/web'),
    );
  return { tsc, vite };
}

/**
 * Starts the built server (`packages/server/dist/server.js`) on a free port with everything it
 * keeps in `workDir` (a new SQLite database, images, outbox) and the web app of `webDist`; its
 * log goes to `workDir/server.log`. Answers once `/health` does.
 */
export async function startBuiltApp(options: {
  root: string;
  workDir: string;
  webDist: string;
  /** The database file's name in `workDir`. */
  database: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
}): Promise<{ url: string; child: ChildProcess; logFile: string }> {
  const { root, workDir } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(workDir, options.database)}`,
      IMAGES_DIR: path.join(workDir, 'images'),
      OUTBOX_DIR: path.join(workDir, 'outbox'),
      WEB_DIST_DIR: options.webDist,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  await waitForHealth(url, child, logFile, options.healthTimeoutMs);
  return { url, child, logFile };
}
