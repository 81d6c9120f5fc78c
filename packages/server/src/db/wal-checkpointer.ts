import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** How often the background connection copies committed WAL frames into the database file. */
const CHECKPOINT_INTERVAL_MS = 50;
/** Sooner while it is behind the writer. */
const RETRY_MS = 5;

// Plain CommonJS, evaluated in the worker: the same source runs under tsx, vitest and the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
let timer;
function checkpoint() {
  let behind = false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    // Frames written meanwhile are left for the next round; soon, so that a quiet moment
    // finds the log fully copied and the next commit can start the WAL file over.
    behind = result.checkpointed < result.log;
  } catch {
    // Busy or a transient I/O error: the next round tries again.
  }
  timer = setTimeout(checkpoint, behind ? workerData.retryMs : workerData.intervalMs);
}
timer = setTimeout(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/** How long `stop()` waits for the worker to close its connection before ending it anyway. */
const STOP_TIMEOUT_MS = 2000;

export interface WalCheckpointer {
  /** Closes the background connection; resolves once the worker thread has ended. */
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite WAL from a worker thread with its own connection. better-sqlite3 is
 * synchronous, so the automatic checkpoint ran inside a commit on the main thread: copying the
 * WAL into the database file and its fsync stalled every request, and under checkout load made
 * the median commit four times slower. A commit is durable once its WAL frames are synced
 * (synchronous=FULL), which the checkpoint leaves unchanged; a PASSIVE checkpoint from another
 * connection runs beside the writer without blocking it. The main connection keeps a (higher)
 * automatic checkpoint only as a fallback should this worker fall behind or fail.
 */
export function startWalCheckpointer(
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      file,
      intervalMs,
      retryMs: Math.min(RETRY_MS, intervalMs),
    },
  });
  // Never keeps the process alive, and a failure only leaves the fallback in charge.
  worker.unref();
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
        });
        if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
