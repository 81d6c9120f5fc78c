import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

// A throwaway PostgreSQL cluster of our own, in a temporary folder on a free port, for fault
// scripts and tests that stop and restart the database: the shared server on 5432 is other
// people's and must never be stopped.

/** The folder holding initdb and pg_ctl (PG_BIN, else the newest /usr/lib/postgresql/<n>/bin). */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

/** Why a private cluster can't be made here, or undefined when it can. */
export function privatePostgresUnavailableReason(): string | undefined {
  if (!findPostgresBin()) return 'no hay binarios de PostgreSQL (initdb, pg_ctl)';
  if (process.getuid?.() === 0 && !postgresUser()) {
    return 'como root hace falta el usuario postgres del sistema (initdb no corre como root)';
  }
  if (process.getuid?.() === 0 && !fs.existsSync('/usr/sbin/runuser')) {
    return 'como root hace falta runuser para correr initdb como postgres';
  }
  return undefined;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PrivatePostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  dir: string;
  /** `pg_ctl restart -m fast`: sessions are ended, the server is back when this resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (immediately) and deletes its folder; safe to call twice. */
  destroy(): void;
}

/** Creates and starts a private cluster (initdb runs as the `postgres` user when we are root). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const reason = privatePostgresUnavailableReason();
  if (reason) throw new Error(`no se puede crear un PostgreSQL privado: ${reason}`);
  const bin = findPostgresBin()!;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) {
    const { uid, gid } = postgresUser()!;
    fs.chownSync(dir, uid, gid);
  }

  // The tools' output goes to a file, not a pipe: a postmaster that inherited a pipe would
  // keep it open and whoever waits for the tool's output would wait forever.
  const toolLog = path.join(dir, 'tools.log');
  const commandOf = (tool: string, args: string[]): [string, string[]] => {
    const command = path.join(bin, tool);
    return asRoot
      ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
  };
  const failure = (tool: string, args: string[], status: number | null) => {
    const tail = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').slice(-2000) : '');
    return new Error(
      `${tool} ${args.join(' ')} falló (${status}):\n${tail(toolLog)}\n${tail(logFile)}`,
    );
  };
  /** Synchronous: for set-up and for clean-up in an exit handler. */
  const runSync = (tool: string, args: string[], allowFailure = false) => {
    const out = fs.openSync(toolLog, 'a');
    try {
      const [file, argv] = commandOf(tool, args);
      const result = spawnSync(file, argv, { cwd: dir, stdio: ['ignore', out, out] });
      if (result.status !== 0 && !allowFailure) throw failure(tool, args, result.status);
    } finally {
      fs.closeSync(out);
    }
  };
  /** Asynchronous: a server running in this process keeps answering while PostgreSQL stops. */
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const out = fs.openSync(toolLog, 'a');
      const [file, argv] = commandOf(tool, args);
      const child = spawn(file, argv, { cwd: dir, stdio: ['ignore', out, out] });
      fs.closeSync(out);
      child.on('error', reject);
      child.on('exit', (status) =>
        status === 0 ? resolve() : reject(failure(tool, args, status)),
      );
    });

  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      runSync('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'], true);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    runSync('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const port = await freePort();
    // Our own socket folder: the shared server's /var/run/postgresql stays untouched.
    const options = [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${dir}`,
      // A throwaway cluster: durability against power loss is not what it is for.
      `-c fsync=off`,
    ].join(' ');
    const start = () => run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-o', options]);
    await start();
    return {
      port,
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dir,
      restart: () =>
        run('pg_ctl', ['restart', '-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-o', options]),
      stop: () => run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']),
      start,
      destroy,
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
