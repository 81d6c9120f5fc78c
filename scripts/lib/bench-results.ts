/**
 * The end of a bench run (run.ts, capacity.ts, ab.ts): the servers' logs kept when it failed,
 * its figures written to bench/results/.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Runs `body`. On an error prints it and where the servers' logs are (`tmp`, kept); otherwise
 * removes `tmp`. `cleanup` runs either way, first. Answers whether `body` failed.
 */
export async function keepingLogsOnFailure(
  tmp: string,
  body: () => Promise<unknown>,
  cleanup?: () => Promise<void> | void,
): Promise<boolean> {
  let failed = false;
  try {
    await body();
  } catch (error) {
    failed = true;
    console.error(error);
    console.error(`registros de los servidores en ${tmp}`);
  } finally {
    await cleanup?.();
    if (!failed) await fs.rm(tmp, { recursive: true, force: true });
  }
  return failed;
}

/** Writes `figures` as bench/results/<name>-<startedAt>.json (indented) and says where. */
export async function writeBenchResults(
  root: string,
  name: string,
  startedAt: Date,
  figures: unknown,
): Promise<void> {
  const resultsDir = path.join(root, 'bench/results');
  await fs.mkdir(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
  );
  await fs.writeFile(file, JSON.stringify(figures, null, 2));
  console.log(`resultados en ${path.relative(process.cwd(), file)}`);
}
