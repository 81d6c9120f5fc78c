import { api, createShop, programarPedidos, unique } from './fixtures/api';
import { expect, expectRoute, openRoute, test } from './fixtures/test';

// Issue 31 (docs/api.md, "Orders for later, kitchen pace and busy mode"): a taquería's kitchen
// is swamped, and its owner says so ("Estamos ocupados": 15 more minutes, POST
// /api/tienda/demora). A visitor opening the shop's page reads "Tiempo estimado: 35 min" (its
// 20 minutes of preparation plus the 15), and at checkout "Lo antes posible (≈ 35 min)". Once
// the owner clears the delay, the page no longer says it.

test('la dueña dice que están ocupados y la página de la tienda dice el tiempo estimado', async ({
  page,
  shot,
}) => {
  // Without opening hours the shop is open round the clock: the journey holds at any hour.
  const shop = await createShop({
    nombre: `Taquería El Fogón ${unique()}`,
    entrega: { recoger: true, domicilio: false },
    productos: [{ name: 'Taco de suadero', price: 22 }],
  });

  // ---- No delay and no scheduling: no estimate ----
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Condiciones de compra' })).toBeVisible();
  await expect(page.getByText(/Tiempo estimado/)).toHaveCount(0);

  // ---- "Estamos ocupados": 15 more minutes ----
  const { demoraMin } = await api<{ demoraMin: number }>('/api/tienda/mitienda', {
    token: shop.owner.token,
  });
  expect(demoraMin).toBe(0);
  await api('/api/tienda/demora', { token: shop.owner.token, body: { minutos: 15 } });
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByText('Tiempo estimado: 35 min')).toBeVisible();
  await shot('tienda-ocupada');

  // ---- With orders for later on, 25 minutes to prepare: 40, and the same at checkout ----
  await programarPedidos(shop, {
    activa: true,
    diasAdelante: 0,
    intervaloMin: 30,
    pedidosPorIntervalo: null,
    preparacionMin: 25,
  });
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByText('Tiempo estimado: 40 min')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Taco de suadero' }).click();
  await page.getByRole('link', { name: 'Carrito, 1 producto' }).click();
  await expectRoute(page, '/checkout');
  const cuando = page.getByRole('group', { name: '¿Cuándo lo quieres?' });
  await expect(cuando.getByRole('radio', { name: 'Lo antes posible (≈ 40 min)' })).toBeChecked();
  await shot('checkout-ocupada');

  // ---- Back to normal: the preparation time alone ----
  await api('/api/tienda/demora', { token: shop.owner.token, body: { minutos: 0 } });
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByText('Tiempo estimado: 25 min')).toBeVisible();
  await shot('tienda-normal');
});
