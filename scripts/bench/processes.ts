/**
 * The processes a bench run measures: each server is its own Node process, started here on a
 * free loopback port, its output written to a log file, and stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface ServerProcess {
  name: string;
  base: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void>>();

/** Runs `cleanup` if the bench is interrupted (Ctrl-C) while `work` is under way. */
export async function withInterruptCleanup<T>(
  cleanup: () => Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  cleanups.add(cleanup);
  try {
    return await work();
  } finally {
    cleanups.delete(cleanup);
  }
}

// A bench stopped half-way (Ctrl-C, a thrown error) must not leave servers or databases behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const exited = [...running].map((child) => {
      child.kill('SIGTERM');
      return new Promise((resolve) => child.once('exit', resolve));
    });
    const timeout = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    void Promise.race([Promise.all(exited), timeout])
      .then(() => Promise.allSettled([...cleanups].map((cleanup) => cleanup())))
      .finally(() => process.exit(130));
  });
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function tailOf(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts `node <args>` with `env` on a free port (given as PORT) and waits until `readyPath`
 * answers 200. Output goes to `logFile`.
 */
export async function startNodeProcess(options: {
  name: string;
  args: string[];
  env: Record<string, string>;
  readyPath: string;
  logFile: string;
  cwd: string;
  /** The port to listen on (npm run cluster's fixed ones); default a free one. */
  port?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  void exited.then(() => running.delete(child));
  const base = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  let up = false;
  while (!up) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} terminó al arrancar:\n${tailOf(options.logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} no respondió en 60 s:\n${tailOf(options.logFile)}`);
    }
    try {
      const res = await fetch(base + options.readyPath);
      await res.arrayBuffer();
      up = res.ok;
    } catch {
      // Not listening yet.
    }
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    name: options.name,
    base,
    pid: child.pid!,
    logFile: options.logFile,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
