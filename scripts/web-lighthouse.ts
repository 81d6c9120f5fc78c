/**
 * `npm run lighthouse:web`: builds the server and the web app, starts the real server on a fresh
 * SQLite database with the demo data on a free port, and runs Lighthouse (mobile, its default
 * simulated throttling, Debian's Chromium) three times on the public shop page and on the home
 * page. Prints the median performance score, LCP, TBT and CLS of each page, writes every run to
 * bench/results/web-lighthouse.json, and fails when the shop page misses its budget (docs/performance.md,
 * "Web: first load and Lighthouse": score at least 95, LCP under 2 s). A measurement, not part of `npm test`.
 *
 * `--runs <n>` changes the number of runs per page; `E2E_CHROMIUM` another Chromium;
 * `--throttling devtools` throttles for real instead (Chromium slowed 4× and the network held to
 * Lighthouse's slow-4G profile through the DevTools protocol) rather than simulating it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServerAndWeb, startBuiltApp, stopProcess } from './lib/server-process.js';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench/results/web-lighthouse.json');
const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

const PAGES = [
  { name: 'tienda', path: '/tienda/taqueria-lupe' },
  { name: 'inicio', path: '/' },
] as const;
export const BUDGET = { page: 'tienda', minScore: 95, maxLcpMs: 2000 } as const;

interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

function startServer(workDir: string, webDist: string) {
  return startBuiltApp({
    root,
    workDir,
    webDist,
    database: 'lighthouse.db',
    env: { DEMO_DATA: '1' },
    healthTimeoutMs: 60_000,
  });
}

/** One Lighthouse run in a Chromium of its own (no cache or state carried between runs). */
const throttlingFlag = process.argv.indexOf('--throttling');
const throttlingArg = throttlingFlag >= 0 ? process.argv[throttlingFlag + 1] : 'simulate';
if (throttlingArg !== 'simulate' && throttlingArg !== 'devtools') {
  throw new Error('--throttling es simulate o devtools');
}
const throttlingMethod: 'simulate' | 'devtools' = throttlingArg;

async function measure(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // No config: Lighthouse's default is a mobile form factor with simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse no devolvió nada para ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    // The whole report of the latest run of each page, to see what the LCP waited for.
    const { pathname, hash } = new URL(url);
    const page =
      `${pathname}${hash}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'inicio';
    fs.writeFileSync(
      path.join(path.dirname(resultsFile), `lighthouse-${page}.json`),
      JSON.stringify(lhr),
    );
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: run again. */
async function measureWithRetry(url: string, attempts = 3): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Corrida fallida, se repite: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function main(): Promise<number> {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag >= 0 ? Number(process.argv[runsFlag + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs necesita un número entero');

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-lighthouse-'));
  const webDist = path.join(workDir, 'web');
  buildServerAndWeb(root, webDist);
  const server = await startServer(workDir, webDist);
  console.log(`Servidor en ${server.url} (datos de muestra, base nueva en ${workDir})`);
  try {
    const pages = [];
    for (const page of PAGES) {
      const all: RunFigures[] = [];
      for (let i = 0; i < runs; i++) all.push(await measureWithRetry(server.url + page.path));
      const pick = (key: keyof RunFigures) => median(all.map((r) => r[key]));
      pages.push({
        ...page,
        median: {
          score: pick('score'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          fcpMs: pick('fcpMs'),
        },
        runs: all,
      });
    }

    console.log(
      `Lighthouse ${lighthouseVersion()}, móvil, limitación ${throttlingMethod === 'simulate' ? 'simulada' : 'real (DevTools: CPU 4×, slow 4G)'}; mediana de ${runs}`,
    );
    console.log('página   puntos   LCP ms   TBT ms     CLS   FCP ms  (cada corrida: puntos/LCP)');
    for (const page of pages) {
      const m = page.median;
      const each = page.runs.map((r) => `${r.score}/${Math.round(r.lcpMs)}`).join(' ');
      console.log(
        `${page.name.padEnd(7)} ${String(m.score).padStart(7)} ${Math.round(m.lcpMs).toString().padStart(8)} ${Math.round(m.tbtMs).toString().padStart(8)} ${m.cls.toFixed(3).padStart(7)} ${Math.round(m.fcpMs).toString().padStart(8)}  ${each}`,
      );
    }
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(
      resultsFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          lighthouse: lighthouseVersion(),
          chromium: chromiumPath,
          settings: `mobile, ${throttlingMethod === 'simulate' ? 'simulated' : 'DevTools'} throttling (Lighthouse's mobile defaults)`,
          budget: BUDGET,
          pages,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Cifras en ${path.relative(root, resultsFile)}`);
    const tienda = pages.find((p) => p.name === BUDGET.page)?.median;
    if (!tienda || tienda.score < BUDGET.minScore || tienda.lcpMs >= BUDGET.maxLcpMs) {
      console.error(
        `La página pública de la tienda no cumple su presupuesto (puntos >= ${BUDGET.minScore}, LCP < ${BUDGET.maxLcpMs} ms).`,
      );
      return 1;
    }
    return 0;
  } finally {
    await stopProcess(server.child);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const file = path.join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

process.exitCode = await main();
