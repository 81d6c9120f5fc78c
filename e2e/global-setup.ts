import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerAndWeb, startBuiltApp, stopProcess } from '../scripts/lib/server-process';
import { ADMIN, BASE_URL_ENV, OUTBOX_DIR_ENV, WEB_DIST_ENV } from './fixtures/env';

// Builds the app once, starts the real server on a fresh SQLite database in a temporary folder
// and answers the teardown that stops it. With E2E_BASE_URL already set, the journeys run
// against that server instead (a dev server kept running between edits) and nothing is built.

const root = path.resolve(import.meta.dirname, '..');
const screenshotsDir = path.join(root, 'e2e', 'screenshots');

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  fs.rmSync(screenshotsDir, { recursive: true, force: true });
  if (process.env[BASE_URL_ENV]) {
    console.log(`[e2e] usando el servidor de ${process.env[BASE_URL_ENV]}`);
    return undefined;
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-e2e-'));
  const webDist = path.join(workDir, 'web');
  const built = buildServerAndWeb(root, webDist);
  console.log(`[e2e] tsc -b packages/server: ${built.tsc.toFixed(1)} s`);
  console.log(`[e2e] vite build: ${built.vite.toFixed(1)} s`);

  const booting = Date.now();
  const { url, child, logFile } = await startBuiltApp({
    root,
    workDir,
    webDist,
    database: 'e2e.db',
    env: {
      DEMO_DATA: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The seeding calls' own addresses (fixtures/api.ts) count.
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const bootSeconds = ((Date.now() - booting) / 1000).toFixed(1);
  console.log(`[e2e] servidor en ${url} en ${bootSeconds} s (base de datos nueva en ${workDir})`);
  // Workers inherit the runner's environment: this is how the journeys find the server.
  process.env[BASE_URL_ENV] = url;
  process.env[WEB_DIST_ENV] = webDist;
  // startBuiltApp's OUTBOX_DIR: journeys read the messages the server sent (fixtures/outbox.ts).
  process.env[OUTBOX_DIR_ENV] = path.join(workDir, 'outbox');

  return async () => {
    const stopping = Date.now();
    await stopProcess(child);
    console.log(`[e2e] servidor detenido en ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
    const output = fs.readFileSync(logFile, 'utf8').trim();
    if (output !== '') console.log(`[e2e] registro del servidor (warn o más):\n${output}`);
    if (process.env.E2E_KEEP === '1') console.log(`[e2e] se conserva ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  };
}
