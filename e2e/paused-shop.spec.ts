import { createShop, miTienda } from './fixtures/api';
import {
  conSesion,
  expect,
  horaEnLaTienda,
  openRoute,
  otroTelefono,
  retener,
  test,
} from './fixtures/test';

// Second edition (docs/api.md, "Shop settings"): the owner pauses new orders from the home screen for
// 30 minutes; a visitor opening the shop's page reads until when, and nothing can be added. The
// owner resumes, and the visitor's page (loaded again) offers adding once more.

test('una tienda pausa sus pedidos y los reanuda', async ({ page, browser, shot }) => {
  const shop = await createShop({
    categoria: 'Pan dulce',
    productos: [
      { name: 'Concha de vainilla', price: 12 },
      { name: 'Oreja', price: 15 },
    ],
  });

  // ---- The owner, on its phone, pauses orders for 30 minutes ----
  const dueno = await otroTelefono(browser, page, { token: shop.owner.token });
  await openRoute(dueno.page, '/mitienda');
  const recepcion = dueno.page.getByRole('region', { name: 'Recepción de pedidos' });
  await expect(recepcion.getByRole('status')).toHaveText('Recibiendo pedidos');
  await recepcion.getByRole('button', { name: 'Pausar pedidos' }).click();
  const pausarPor = recepcion.getByRole('group', { name: 'Pausar por' });
  await expect(pausarPor).toBeVisible();
  await shot('dueno-elige-pausa', dueno.page);
  const pausadoEn = Date.now();
  await pausarPor.getByRole('button', { name: 'Pausar 30 min' }).click();
  await expect(recepcion.getByRole('status')).toHaveText(/^Pedidos en pausa hasta las \d\d:\d\d$/);
  const { pausadoHasta } = await miTienda(shop.owner);
  if (!pausadoHasta) throw new Error('la tienda no quedó en pausa');
  const minutos = (Date.parse(pausadoHasta) - pausadoEn) / 60_000;
  expect(minutos, 'en pausa unos 30 minutos').toBeGreaterThan(29.5);
  expect(minutos, 'en pausa unos 30 minutos').toBeLessThanOrEqual(30.5);
  const hasta = horaEnLaTienda(pausadoHasta);
  await expect(recepcion.getByRole('status')).toHaveText(`Pedidos en pausa hasta las ${hasta}`);
  await expect(recepcion.getByRole('button', { name: 'Reanudar' })).toBeVisible();
  await shot('dueno-en-pausa', dueno.page);

  // ---- A visitor opens the shop: paused until that time, nothing to add ----
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  const aviso = page.getByRole('region', { name: `${shop.nombre} no recibe pedidos por ahora` });
  await expect(aviso).toContainText(`La tienda pausó los pedidos hasta las ${hasta}`);
  // The menu shows the products, with nothing to add.
  await expect(page.getByRole('link', { name: /Concha de vainilla/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Agregar/ })).toHaveCount(0);
  await shot('tienda-en-pausa');
  // The category's own address says the same.
  await openRoute(page, `/tienda/${shop.usuario}/pandulce`);
  await expect(page.getByRole('link', { name: /Concha de vainilla/ })).toBeVisible();
  await expect(aviso).toContainText(`La tienda pausó los pedidos hasta las ${hasta}`);
  await expect(page.getByRole('button', { name: /^Agregar/ })).toHaveCount(0);
  await shot('categoria-en-pausa');

  // ---- The owner resumes; the visitor's page, loaded again, offers adding ----
  await recepcion.getByRole('button', { name: 'Reanudar' }).click();
  await expect(recepcion.getByRole('status')).toHaveText('Recibiendo pedidos');
  expect((await miTienda(shop.owner)).pausadoHasta ?? null).toBeNull();
  await shot('dueno-reanuda', dueno.page);
  await page.reload();
  await expect(page.getByRole('link', { name: /Concha de vainilla/ })).toBeVisible();
  await expect(aviso).toHaveCount(0);
  await page.getByRole('button', { name: 'Agregar Concha de vainilla' }).click();
  await expect(page.getByRole('link', { name: 'Carrito, 1 producto' })).toBeVisible();
  await shot('categoria-reanudada');
  await dueno.close();
});

test('en el tablero de pedidos, la tarjeta de recepción guarda su lugar mientras llega la tienda', async ({
  page,
  context,
  shot,
}) => {
  const shop = await createShop({ productos: [{ name: 'Tamal verde', price: 25 }] });
  await conSesion(context, shop.owner.token);
  // The shop's answer held back, as on a slow connection, while the rest of the board loads.
  const soltar = await retener(page, '**/api/tienda/mitienda');
  await openRoute(page, '/pedidos');
  // Pausing sits behind the board's "Opciones" while orders come in.
  await page.getByRole('button', { name: 'Opciones', exact: true }).click();
  const recepcion = page.getByRole('region', { name: 'Recepción de pedidos' });
  await expect(recepcion.getByRole('status')).toContainText('Cargando la recepción de pedidos…');
  await expect(recepcion.getByRole('button')).toHaveCount(0);
  const avisos = page.getByRole('region', { name: 'Avisos de pedidos nuevos' });
  const antes = await avisos.boundingBox();
  await shot('tablero-cargando-tienda');

  soltar();
  await expect(recepcion.getByRole('status')).toHaveText('Recibiendo pedidos');
  await expect(recepcion.getByRole('button', { name: 'Pausar pedidos' })).toBeVisible();
  // What sits below the card ("Activar avisos", the list) stayed where the owner saw it.
  expect(await avisos.boundingBox()).toEqual(antes);
});
