/**
 * `npm run bench -- --primer-toque`: the shop's link on a slow phone, measured in Debian's
 * Chromium. Builds the server and the web app, starts the server on a fresh SQLite database, seeds
 * one open shop through the API (a menu of 12 dishes) and opens its page `--runs` times (3 by
 * default), each in a new browser context (nothing cached) held to the profile issue 28 names:
 * 390×844, CPU 4× slower, 1.6 Mbps down, 750 kbps up, 150 ms round trip (DevTools protocol).
 *
 * Each run taps "Agregar" on one dish after another, every 150 ms, from the moment the first
 * button is painted, until 6 taps are made; then waits up to 15 s for each tapped dish to show its
 * quantity (the tap took effect). Prints, per run and as the median:
 *   - FCP and LCP (ms after navigation start);
 *   - when the app took the page over (`<html data-app="lista">`), after FCP;
 *   - the first tap: when it was made and when it took effect, both after FCP;
 *   - the taps lost (made, never taking effect);
 *   - JavaScript transferred before the first tap took effect (kB, as sent on the wire).
 * Writes bench/results/primer-toque.json. Measures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildServerAndWeb, startBuiltApp, stopProcess } from '../lib/server-process.js';
import { AB_ADMIN, seedThroughApi } from './api-seed.js';

const root = path.resolve(import.meta.dirname, '../..');
const resultsFile = path.join(root, 'bench/results/primer-toque.json');
const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const PERFIL = {
  viewport: { width: 390, height: 844 },
  cpuSlowdown: 4,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  latencyMs: 150,
} as const;

const TOQUES = 6;
const ENTRE_TOQUES_MS = 150;
const PLATILLOS = 12;

interface Corrida {
  fcpMs: number;
  lcpMs: number;
  /** After FCP. */
  appListaMs: number | null;
  primerToqueHechoMs: number;
  primerToqueEfectoMs: number | null;
  toques: number;
  perdidos: number;
  jsKb: number;
  /** `<html data-app>` at each tap: 'sin boot' (boot.ts had not run), 'cargando', 'lista'. */
  estadoAlTocar?: string[];
}

/**
 * Run in the page from its first script on (page code, as text: this file is typed for Node):
 * the first contentful paint, the LCP, when the app took the page over and when each dish's
 * quantity first shows.
 */
const OBSERVAR = `
  window.__bench = { efectos: {} };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const revisar = () => {
    if (window.__bench.lista === undefined && document.documentElement.dataset.app === 'lista') {
      window.__bench.lista = performance.now();
    }
    for (const b of document.querySelectorAll('button[aria-label^="Aumentar cantidad de "]')) {
      const nombre = b.getAttribute('aria-label').replace('Aumentar cantidad de ', '');
      window.__bench.efectos[nombre] ??= performance.now();
    }
  };
  new MutationObserver(revisar).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-app', 'aria-label'],
  });
`;

interface Observado {
  fcp?: number;
  lcp?: number;
  lista?: number;
  efectos: Record<string, number>;
}

async function corrida(url: string, platillos: string[]): Promise<Corrida> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      viewport: PERFIL.viewport,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PERFIL.latencyMs,
      downloadThroughput: PERFIL.downloadBytesPerSecond,
      uploadThroughput: PERFIL.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PERFIL.cpuSlowdown });
    await page.addInitScript(OBSERVAR);

    await page.goto(url, { waitUntil: 'commit' });
    const hechos: { nombre: string; en: number; app: string }[] = [];
    for (const nombre of platillos.slice(0, TOQUES)) {
      const boton = page.getByRole('button', { name: `Agregar ${nombre}`, exact: true });
      // A person taps what they see: the button as painted, wherever the app is.
      await boton.click({ timeout: 30_000, noWaitAfter: true });
      hechos.push({
        nombre,
        en: await ahora(page),
        app: await page.evaluate<string>(`document.documentElement.dataset.app ?? 'sin boot'`),
      });
      await page.waitForTimeout(ENTRE_TOQUES_MS);
    }
    const nombres = JSON.stringify(hechos.map((h) => h.nombre));
    await page
      .waitForFunction(`${nombres}.every((n) => window.__bench.efectos[n] !== undefined)`, null, {
        timeout: 15_000,
      })
      .catch(() => undefined);
    const bench = await page.evaluate<Observado>('window.__bench');
    const fcp = bench.fcp ?? Number.NaN;
    const primero = hechos[0]!;
    const efectoPrimero = bench.efectos[primero.nombre];
    const hasta = efectoPrimero ?? Number.POSITIVE_INFINITY;
    // What the page downloaded as scripts before the first tap took effect, as sent on the wire.
    const jsBytes = await page.evaluate<number>(
      `performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.startTime < ${Number.isFinite(hasta) ? hasta : 1e12})
        .reduce((sum, e) => sum + e.transferSize, 0)`,
    );
    return {
      fcpMs: fcp,
      lcpMs: bench.lcp ?? Number.NaN,
      appListaMs: bench.lista === undefined ? null : bench.lista - fcp,
      primerToqueHechoMs: primero.en - fcp,
      primerToqueEfectoMs: efectoPrimero === undefined ? null : efectoPrimero - fcp,
      toques: hechos.length,
      perdidos: hechos.filter((h) => bench.efectos[h.nombre] === undefined).length,
      jsKb: jsBytes / 1000,
      estadoAlTocar: hechos.map((h) =>
        bench.efectos[h.nombre] === undefined ? `${h.app}(perdido)` : h.app,
      ),
    };
  } finally {
    await browser.close();
  }
}

function ahora(page: Page): Promise<number> {
  return page.evaluate<number>('performance.now()');
}

function mediana(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const m = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

export async function runPrimerToque(options: { runs: number }): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-primer-toque-'));
  const webDist = path.join(workDir, 'web');
  buildServerAndWeb(root, webDist);
  const server = await startBuiltApp({
    root,
    workDir,
    webDist,
    database: 'primer-toque.db',
    env: {
      DEMO_DATA: '0',
      ADMIN_EMAIL: AB_ADMIN.email,
      ADMIN_PASSWORD: AB_ADMIN.password,
      TRUST_PROXY: '127.0.0.1',
    },
    healthTimeoutMs: 60_000,
  });
  try {
    const seed = await seedThroughApi(server.url, {
      shops: 1,
      productsPerShop: PLATILLOS,
      shoppers: 0,
    });
    const shop = seed.shops[0]!;
    // The menu lists dishes by name: the first ones on screen are the ones tapped.
    const platillos = Array.from({ length: PLATILLOS }, (_, i) => `Platillo ${i + 1}`).sort(
      new Intl.Collator('es').compare,
    );
    const url = `${server.url}/tienda/${shop.usuario}`;
    const corridas: Corrida[] = [];
    for (let i = 0; i < options.runs; i += 1) corridas.push(await corrida(url, platillos));

    const fila = (nombre: string, c: Corrida) =>
      [
        nombre.padEnd(8),
        c.fcpMs.toFixed(0).padStart(6),
        c.lcpMs.toFixed(0).padStart(6),
        (c.appListaMs?.toFixed(0) ?? '—').padStart(8),
        c.primerToqueHechoMs.toFixed(0).padStart(9),
        (c.primerToqueEfectoMs?.toFixed(0) ?? '—').padStart(9),
        `${c.perdidos}/${c.toques}`.padStart(8),
        c.jsKb.toFixed(1).padStart(7),
        `  ${c.estadoAlTocar?.join(',') ?? ''}`,
      ].join(' ');
    const m = (key: keyof Corrida) =>
      mediana(corridas.map((c) => (c[key] === null ? Number.NaN : Number(c[key]))));
    const medianas: Corrida = {
      fcpMs: m('fcpMs'),
      lcpMs: m('lcpMs'),
      appListaMs: m('appListaMs'),
      primerToqueHechoMs: m('primerToqueHechoMs'),
      primerToqueEfectoMs: m('primerToqueEfectoMs'),
      toques: TOQUES,
      perdidos: Math.max(...corridas.map((c) => c.perdidos)),
      jsKb: m('jsKb'),
    };
    console.log(
      `Perfil: ${PERFIL.viewport.width}×${PERFIL.viewport.height}, CPU ${PERFIL.cpuSlowdown}×, 1.6 Mbps, ${PERFIL.latencyMs} ms; ${PLATILLOS} platillos; ${TOQUES} toques cada ${ENTRE_TOQUES_MS} ms desde el primer botón pintado`,
    );
    console.log(
      'corrida     FCP    LCP  app lista  1er toque  efecto  perdidos  JS kB   (ms; app, toque y efecto desde el FCP)',
    );
    corridas.forEach((c, i) => console.log(fila(String(i + 1), c)));
    console.log(fila('mediana', medianas));
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(
      resultsFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          perfil: PERFIL,
          toques: TOQUES,
          entreToquesMs: ENTRE_TOQUES_MS,
          corridas,
          medianas,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Cifras en ${path.relative(root, resultsFile)}`);
  } finally {
    await stopProcess(server.child);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
