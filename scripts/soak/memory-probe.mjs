/**
 * Loaded into the server process by `npm run soak` only (`node --import <this> server.js`), so
 * the soak can report the server's JavaScript heap without any change to the server: every
 * SOAK_MEMORY_INTERVAL_MS it appends one JSON line to SOAK_MEMORY_FILE with
 * process.memoryUsage() and the event loop's delay since the line before. Plain JavaScript: the
 * built server runs on plain Node, without tsx.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SOAK_MEMORY_FILE;
// Worker threads (the SQLite checkpointer) inherit --import; only the main thread reports.
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(
    () => {
      const m = process.memoryUsage();
      const line = {
        at: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        loopP99Ms: delay.percentile(99) / 1e6,
        loopMaxMs: delay.max / 1e6,
      };
      delay.reset();
      fs.appendFile(file, `${JSON.stringify(line)}\n`, () => undefined);
    },
    Number(process.env.SOAK_MEMORY_INTERVAL_MS ?? 2000),
  );
  timer.unref();
}
