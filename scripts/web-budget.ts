/**
 * `npm run budget:web`: builds the web app into a temporary folder and prints, per route, what a
 * first visit to that route downloads (gzip): the entry chunk with its static imports plus the
 * route's chunk with its static imports, each file once (the entries: index.html's script and
 * boot.ts's). Lazy imports (`dynamicImports`) load
 * later, on use, and are not counted. Fails when the public shop page passes its budget
 * (docs/performance.md, "Web: first load and Lighthouse": at most 100 KB of JavaScript, here 1 KB = 1000 bytes, as Vite prints sizes).
 *
 * `--dist <folder>` measures an existing build (made with `manifest: true`) instead of building.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'packages/web');
const resultsFile = path.join(root, 'bench/results/web-budget.json');

export const BUDGETED_ROUTE = 'tienda';
export const BUDGET_JS_BYTES = 100_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface RouteFigures {
  route: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The files a first visit downloads, relative to the build folder (assets/...). */
  jsFiles: string[];
  cssFiles: string[];
}

function build(): { dist: string; cleanup: () => void } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-budget-'));
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: webDir, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`vite build falló (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return { dist, cleanup: () => fs.rmSync(dist, { recursive: true, force: true }) };
}

/** The chunk and everything it imports statically, each manifest key once. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`el manifest no tiene ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The size a file of the build has once gzipped (as the server sends it to gzip clients). */
export function gzipBytes(dist: string, file: string): number {
  return gzipSync(fs.readFileSync(path.join(dist, file))).length;
}

export function measure(dist: string): { entry: RouteFigures; routes: RouteFigures[] } {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  // index.html's script and boot.ts's (packages/web/vite.config.ts): every page loads both.
  const entryKeys = new Set<string>();
  for (const key of Object.keys(manifest)) {
    if (manifest[key]?.isEntry) staticClosure(manifest, key, entryKeys);
  }
  if (entryKeys.size === 0) throw new Error('el manifest no tiene entrada');
  // And index.html's classic scripts (the first one, vite.config.ts `toquesAlPintar`): not in
  // the manifest, downloaded by every page all the same.
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const clasicos = [...html.matchAll(/<script src="\/([^"]+\.js)"><\/script>/g)].map(
    (match) => match[1] as string,
  );
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipBytes(dist, file);
      gzipCache.set(file, size);
    }
    return size;
  };
  const figures = (route: string, keys: Set<string>): RouteFigures => {
    const js = new Set<string>(clasicos);
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key] as ManifestChunk;
      js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    const sum = (files: Set<string>) => [...files].reduce((total, f) => total + gzipSize(f), 0);
    return {
      route,
      jsGzipBytes: sum(js),
      cssGzipBytes: sum(css),
      jsFiles: [...js].sort(),
      cssFiles: [...css].sort(),
    };
  };
  const routes = Object.keys(manifest)
    .filter((key) => /^src\/app\/routes\/[^/]+\.tsx$/.test(key))
    .map((key) => {
      const keys = staticClosure(manifest, key, new Set(entryKeys));
      return figures(path.basename(key, '.tsx'), keys);
    })
    .sort((a, b) => b.jsGzipBytes - a.jsGzipBytes || a.route.localeCompare(b.route));
  return { entry: figures('(entrada)', entryKeys), routes };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function printTable(rows: RouteFigures[]): void {
  const width = Math.max(...rows.map((r) => r.route.length), 'ruta'.length);
  console.log(
    `${'ruta'.padEnd(width)}  ${'JS kB gz'.padStart(9)}  ${'CSS kB gz'.padStart(9)}  archivos`,
  );
  for (const row of rows) {
    const mark = row.route === BUDGETED_ROUTE ? '  ← presupuesto 100 kB JS' : '';
    console.log(
      `${row.route.padEnd(width)}  ${kb(row.jsGzipBytes).padStart(9)}  ${kb(row.cssGzipBytes).padStart(9)}  ${String(row.jsFiles.length + row.cssFiles.length).padStart(8)}${mark}`,
    );
  }
}

function main(): number {
  const distFlag = process.argv.indexOf('--dist');
  const given = distFlag >= 0 ? process.argv[distFlag + 1] : undefined;
  if (distFlag >= 0 && !given) throw new Error('--dist necesita una carpeta');
  const built = given ? { dist: path.resolve(given), cleanup: () => {} } : build();
  try {
    const { entry, routes } = measure(built.dist);
    console.log('Primera carga por ruta (gzip; kB = 1000 bytes): entrada + ruta, sin lo perezoso');
    printTable([entry, ...routes]);
    const tienda = routes.find((r) => r.route === BUDGETED_ROUTE);
    if (!tienda) throw new Error(`no hay chunk para app/routes/${BUDGETED_ROUTE}.tsx`);
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(
      resultsFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          unit: 'bytes (gzip)',
          budget: { route: BUDGETED_ROUTE, maxJsGzipBytes: BUDGET_JS_BYTES },
          entry,
          routes,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Cifras en ${path.relative(root, resultsFile)}`);
    if (tienda.jsGzipBytes > BUDGET_JS_BYTES) {
      console.error(
        `La página pública de la tienda descarga ${kb(tienda.jsGzipBytes)} kB de JS gzip: pasa el presupuesto de ${kb(BUDGET_JS_BYTES)} kB.`,
      );
      return 1;
    }
    console.log(
      `Página pública de la tienda: ${kb(tienda.jsGzipBytes)} kB de JS gzip (presupuesto ${kb(BUDGET_JS_BYTES)} kB).`,
    );
    return 0;
  } finally {
    built.cleanup();
  }
}

// Run as a script (npm run budget:web); imported, it only lends its measuring (the e2e check).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
