import { BUDGETED_ROUTE, gzipBytes, measure } from '../scripts/web-budget';
import { createShop } from './fixtures/api';
import { WEB_DIST_ENV } from './fixtures/env';
import { expect, openRoute, test } from './fixtures/test';

// `npm run budget:web` counts a route's first load from the build manifest (the entry and the
// route with their static imports). This checks that model against a real first visit: a
// visitor opening a shop page straight from a QR code downloads exactly those scripts, nothing
// lazily imported on the way.

test('la página pública de una tienda descarga solo lo que mide el presupuesto', async ({
  page,
  shot,
}) => {
  const dist = process.env[WEB_DIST_ENV];
  test.skip(!dist, 'sin la carpeta del build (servidor externo)');
  if (!dist) return;
  const shop = await createShop({ productos: [{ name: 'Tamal verde', price: 25 }] });

  const loaded = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) loaded.add(pathname.slice(1));
  });
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot('tienda-primera-visita');

  const tienda = measure(dist).routes.find((r) => r.route === BUDGETED_ROUTE);
  expect(tienda, `ruta ${BUDGETED_ROUTE} en el manifest`).toBeDefined();
  const downloaded = [...loaded].sort();
  const bytes = downloaded.reduce((sum, file) => sum + gzipBytes(dist, file), 0);
  test.info().annotations.push({
    type: 'JS gzip',
    description: `${(bytes / 1000).toFixed(1)} kB en ${downloaded.length} archivos`,
  });
  expect(downloaded).toEqual(tienda?.jsFiles);
});
