import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { api, createShop, unique, type SeededShop } from './fixtures/api';
import { baseUrl } from './fixtures/env';
import { appLista, expect, expectRoute, otroTelefono, retener, test } from './fixtures/test';

// A shop's link as it travels: rendered by the server (readable without JavaScript, as a link
// preview or a slow phone reads it), then taken over by the app in place (no warning, no second
// download of the menu), shared by its path address, and old `/#/` links still landing.

const DIAS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'];

async function tiendaDeTacos(): Promise<SeededShop> {
  return createShop({
    nombre: `Taquería El Güero ${unique()}`,
    categoria: 'Tacos',
    productos: [
      { name: 'Taco de canasta', price: 18.5 },
      { name: 'Agua de jamaica', price: 20 },
    ],
  });
}

/** Closed every day of the week: the page shows its hours notice whatever the clock says. */
async function cerrarTodaLaSemana(shop: SeededShop): Promise<void> {
  await api('/api/horario/addrange', {
    token: shop.owner.token,
    body: DIAS.map((dia) => ({ tiendaId: shop.tiendaId, dia, cerrado: true })),
  });
}

/** Everything the console says that is an error or a warning, and every uncaught error. */
function consola(page: Page): string[] {
  const dicho: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') dicho.push(message.text());
  });
  page.on('pageerror', (error) => dicho.push(error.message));
  return dicho;
}

/** The reads of a shop's public answer the page makes. */
function lecturasDeLaTienda(page: Page): () => number {
  let lecturas = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/tienda/publica/')) lecturas += 1;
  });
  return () => lecturas;
}

test('sin JavaScript, la tienda, su categoría y su producto se leen completos', async ({
  browser,
  shot,
}) => {
  const shop = await tiendaDeTacos();
  await cerrarTodaLaSemana(shop);
  const context = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const page = await context.newPage();
  const dicho = consola(page);

  await page.goto(`/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${shop.nombre} está cerrada` })).toBeVisible();
  // The whole menu in the page: the hours in one line, every product with its price.
  await expect(page.getByText('Cerrado', { exact: true })).toBeVisible();
  const chips = page.getByRole('navigation', { name: 'Categorías del menú' });
  await expect(chips.getByRole('link', { name: 'Tacos' })).toBeVisible();
  const tacos = page.getByRole('region', { name: 'Tacos' });
  await expect(tacos.getByText('Taco de canasta')).toBeVisible();
  await expect(tacos.getByText('$ 18.50')).toBeVisible();
  await expect(tacos.getByText('Agua de jamaica')).toBeVisible();
  await expect(tacos.getByText('$ 20.00')).toBeVisible();
  await shot('tienda-sin-javascript', page);

  // A chip is a plain link to its section: it works without the app, without a load.
  await chips.getByRole('link', { name: 'Tacos' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/tienda/${shop.usuario}#categoria-tacos`);
  await expect(page.getByRole('heading', { name: 'Tacos', exact: true })).toBeInViewport();

  // The category's own address still shows it alone.
  await page.goto(`/tienda/${shop.usuario}/tacos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tacos' })).toBeVisible();
  await expect(page.getByText('Taco de canasta')).toBeVisible();
  await expect(page.getByText('$ 18.50')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${shop.nombre} está cerrada` })).toBeVisible();
  await shot('categoria-sin-javascript', page);

  const taco = shop.productos.find((p) => p.name === 'Taco de canasta');
  await page.goto(`/tienda/${shop.usuario}/tacos/productodetalle/${taco?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Taco de canasta' })).toBeVisible();
  await expect(page.getByText('$ 18.50')).toBeVisible();
  await expect(page.getByText('Taco de canasta recién hecho')).toBeVisible();
  expect(dicho).toEqual([]);
  await context.close();
});

test('con JavaScript, la página del servidor se vuelve interactiva sin avisos ni otra lectura', async ({
  page,
  shot,
}) => {
  const shop = await tiendaDeTacos();
  const dicho = consola(page);
  const lecturas = lecturasDeLaTienda(page);

  const respuesta = await page.goto(`/tienda/${shop.usuario}/tacos`);
  // The menu came in the page itself.
  expect(await respuesta?.text()).toContain('Taco de canasta');
  await appLista(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Tacos' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Agua de jamaica' }).click();
  await expect(page.getByText('Producto agregado').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar Agua de jamaica' })).toHaveCount(0);
  await shot('categoria-interactiva');

  // The app moves on inside the page: the shop's page from the breadcrumb, without a load.
  await page.getByRole('link', { name: shop.nombre }).click();
  await expectRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();

  expect(lecturas(), 'lecturas de /api/tienda/publica/').toBe(0);
  expect(dicho.filter((text) => /hydrat|did not match|server rendered/i.test(text))).toEqual([]);
  expect(dicho).toEqual([]);
});

test('un toque en "Agregar" antes de que cargue la app no se pierde: se hace al cargar', async ({
  page,
  shot,
}) => {
  const shop = await tiendaDeTacos();
  const dicho = consola(page);
  // The app's code held back, as on a slow phone, its first module (boot.ts) too: for a while the
  // server's page and its first, classic script are all there is.
  const soltar = await retener(page, /\/assets\/(boot|index)-[\w-]+\.js$/);
  await page.goto(`/tienda/${shop.usuario}`, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'cargando');
  // Tapped as soon as it is painted, on the menu the shop's link opens on.
  const agregar = page.getByRole('button', { name: 'Agregar Agua de jamaica' });
  await agregar.click();
  // The tap is kept: the button shows it waits, and nothing is added yet.
  await expect(agregar).toHaveAttribute('data-toque-pendiente', '');
  await expect(page.getByText('Producto agregado')).toHaveCount(0);
  await shot('toque-antes-de-cargar');

  soltar();
  await appLista(page);
  // Made once the app (and the basket's code, asked for by the tap) has the page: one of it in
  // the basket, as tapped.
  await expect(page.getByText('Producto agregado').first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Aumentar cantidad de Agua de jamaica' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tu canasta' })).toContainText(
    'Ver canasta · 1 · $ 20.00',
  );
  await expect(page.getByRole('link', { name: 'Carrito, 1 producto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar Agua de jamaica' })).toHaveCount(0);
  await expect(page.locator('[data-toque-pendiente]')).toHaveCount(0);
  await shot('toque-hecho-al-cargar');
  expect(dicho).toEqual([]);
});

test('"Compartir" copia el enlace de la tienda y lo ofrece por WhatsApp', async ({
  page,
  context,
  baseURL,
  shot,
}) => {
  const shop = await tiendaDeTacos();
  const enlace = `${baseURL}/tienda/${shop.usuario}`;
  // A browser without a share sheet (the desktop's): the menu is the way.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.goto(`/tienda/${shop.usuario}`);
  await appLista(page);
  const compartir = page.getByRole('button', { name: 'Compartir' });
  await compartir.click();
  await expect(compartir).toHaveAttribute('aria-expanded', 'true');
  const whatsapp = page.getByRole('link', { name: 'Enviar por WhatsApp' });
  await expect(whatsapp).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Mira el menú de ${shop.nombre} y haz tu pedido en línea: ${enlace}`)}`,
  );
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').getByText('Enlace copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(enlace);
  await shot('compartir');

  // Escape closes it and the focus is back on "Compartir".
  await page.keyboard.press('Escape');
  await expect(whatsapp).toHaveCount(0);
  await expect(compartir).toBeFocused();
});

test('el código QR de la tienda lleva su dirección sin "#"', async ({ browser, page }) => {
  const shop = await tiendaDeTacos();
  const dueno = await otroTelefono(browser, page, { token: shop.owner.token });
  await dueno.page.goto('/codigoqr');
  const imagen = dueno.page.getByRole('img', {
    name: `Código QR de la tienda ${shop.nombre}`,
    exact: true,
  });
  await expect(imagen).toBeVisible();
  const src = await imagen.getAttribute('src');

  // The modules the screen drew (scale 8, an 80 px margin) against the code of the address.
  const esperado = QRCode.create(`${baseUrl()}/tienda/${shop.usuario}`, {
    errorCorrectionLevel: 'M',
  }).modules;
  const dibujado = await dueno.page.evaluate(
    async ({ png, size }) => {
      const img = new Image();
      img.src = png;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('sin canvas');
      context.drawImage(img, 0, 0);
      let bits = '';
      for (let row = 0; row < size; row++) {
        for (let col = 0; col < size; col++) {
          const [r] = context.getImageData(80 + col * 8 + 4, 80 + row * 8 + 4, 1, 1).data;
          bits += (r ?? 255) < 128 ? '1' : '0';
        }
      }
      return bits;
    },
    { png: src ?? '', size: esperado.size },
  );
  expect(dibujado).toBe(Array.from(esperado.data, (bit) => (bit ? '1' : '0')).join(''));
  await dueno.close();
});

test('los enlaces viejos con "#" llevan a las mismas pantallas', async ({ browser, page }) => {
  const shop = await tiendaDeTacos();
  await page.goto(`/#/tienda/${shop.usuario}`);
  await expectRoute(page, `/tienda/${shop.usuario}`);
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tacos' })).toBeVisible();

  const dueno = await otroTelefono(browser, page, { token: shop.owner.token });
  await dueno.page.goto('/#/pedidos');
  await expectRoute(dueno.page, '/pedidos');
  await expect(dueno.page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await dueno.close();
});
