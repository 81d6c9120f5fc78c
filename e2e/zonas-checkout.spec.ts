import { api, createShop, miTienda, pedidosDeLaTienda, unique } from './fixtures/api';
import { expect, expectRoute, openRoute, routeOf, test } from './fixtures/test';

// Issue 30 (docs/api.md, "Delivery zones"; docs/web-screens.md, "Delivery zones at checkout"):
// a shop prices delivery by zone (Centro by colonia, Del Valle by postal code, set by its owner
// through updatetienda). A visitor on her phone orders for delivery: typing "alamos" without
// the accent finds Álamos, and the checkout shows Centro's fee at once. A colonia outside every
// zone is said at once with the zones' names; "Mejor paso a recogerlo" turns the order into a
// pickup, which she places.

test('una visitante elige su colonia y ve el envío de su zona; fuera de zona pasa a recoger', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Tortas La Güera ${unique()}`,
    costoDeEnvio: 25,
    entrega: { recoger: true, domicilio: true },
    productos: [{ name: 'Torta de milanesa', price: 70 }],
  });
  // The owner's zones, with the shop's fields as they are (updatetienda takes them all).
  const t = (await miTienda(shop.owner)) as unknown as Record<string, unknown>;
  await api('/api/tienda/updatetienda', {
    token: shop.owner.token,
    body: {
      nombre: t.nombre,
      imageUrl: t.imageUrl,
      radioMontoMinimo: t.radioMontoMinimo,
      montoMinimo: t.montoMinimo,
      radioCostoDeEnvio: t.radioCostoDeEnvio,
      costoDeEnvio: t.costoDeEnvio,
      zonas: [
        { nombre: 'Centro', colonias: ['Álamos', 'Centro Histórico'], costoDeEnvio: 20 },
        { nombre: 'Del Valle', codigosPostales: ['03100'], costoDeEnvio: 45, montoMinimo: 100 },
      ],
    },
  });
  const cliente = { nombre: 'Rosa Martínez', celular: `55${Date.now().toString().slice(-8)}` };

  // ---- The shop's page: one torta in the basket, then the cart ----
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Torta de milanesa' }).click();
  const barra = page.getByRole('region', { name: 'Tu canasta' });
  await expect(barra).toContainText('Ver canasta · 1 · $ 70.00');
  // The fee depends on the colonia: the cheapest zone's, never the shop's flat fee.
  await expect(barra).toContainText('Envío desde $ 20.00');
  await expect(
    page.getByRole('list', { name: 'Condiciones de compra' }).getByText('Envío desde $ 20.00'),
  ).toBeVisible();
  await barra.getByRole('link').click();
  await expectRoute(page, '/checkout');
  await expect(page.getByRole('list', { name: 'Condiciones de la tienda' })).toContainText(
    'Envío desde $ 20.00',
  );

  // ---- Delivery: the colonia found without its accent, Centro's fee at once ----
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill(cliente.nombre);
  await formulario.getByLabel('Celular (10 dígitos)').fill(cliente.celular);
  await formulario.getByRole('radio', { name: 'Envío a domicilio' }).check();
  const colonia = formulario.getByRole('combobox', { name: 'Colonia' });
  await colonia.pressSequentially('alamos');
  const opciones = formulario.getByRole('listbox', { name: 'Colonias con envío' });
  await opciones.getByRole('option', { name: 'Álamos' }).click();
  await expect(colonia).toHaveValue('Álamos');
  await expect(formulario.getByText('Zona Centro: envío $ 20.00')).toBeVisible();
  const totales = formulario.locator('dl[aria-label="Totales"]');
  await expect(totales).toContainText('Envío a Centro$ 20.00');
  await expect(formulario.getByRole('button', { name: 'Hacer pedido · $ 90.00' })).toBeVisible();
  await formulario.getByLabel('Dirección de entrega').fill('Pino 12, depto 3');
  await shot('zona-elegida');

  // ---- A colonia outside every zone: said at once, pickup offered ----
  await colonia.fill('');
  await colonia.pressSequentially('Roma Norte');
  const aviso = formulario.getByRole('alert').filter({ hasText: 'No hacemos envíos' });
  await expect(aviso).toContainText(
    'No hacemos envíos a esa dirección. Zonas de envío: Centro, Del Valle',
  );
  await expect(totales).toContainText('EnvíoSegún tu zona');
  await shot('fuera-de-zona');
  await aviso.getByRole('button', { name: 'Mejor paso a recogerlo' }).click();
  await expect(formulario.getByRole('radio', { name: 'Recoger en la tienda' })).toBeChecked();
  await expect(colonia).toHaveCount(0);
  await expect(totales.getByText(/Envío/)).toHaveCount(0);
  await formulario.getByRole('button', { name: 'Hacer pedido · $ 70.00' }).click();

  // ---- Placed as a pickup, without a zone ----
  await expect
    .poll(() => routeOf(page), { message: 'la página de seguimiento' })
    .toMatch(/^\/pedido\/seguimiento\/[\w-]{20,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu pedido' })).toBeVisible();
  await expect(page.getByText('Recoger en la tienda')).toBeVisible();
  const [pedido] = await pedidosDeLaTienda(shop);
  expect(pedido).toMatchObject({
    montoTotal: 70,
    nombreCompleto: cliente.nombre,
    entrega: { tipo: 'RECOGER', zona: null },
  });
});
