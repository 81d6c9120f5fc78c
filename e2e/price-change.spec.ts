import { cambiarPrecio, createShop, pedidosDeLaTienda, productoDe } from './fixtures/api';
import { expect, expectRoute, openRoute, routeOf, test } from './fixtures/test';

// Second edition (docs/api.md, "Checkout"): the form always sends the total the shopper saw. When the
// owner changes a price after the basket was shown, the server orders nothing (409 PRECIO_CAMBIO
// with the new total); the form says so, shows the new total and asks again. Confirmed, the order
// is placed at the server's total.

test('un precio que cambió antes de pedir se muestra y se confirma otra vez', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    categoria: 'Tortas',
    entrega: { recoger: true, domicilio: false },
    productos: [
      { name: 'Torta de milanesa', price: 60 },
      { name: 'Refresco', price: 20 },
    ],
  });
  const torta = productoDe(shop, 'Torta de milanesa');

  // ---- A visitor fills the basket from the category page ----
  await openRoute(page, `/tienda/${shop.usuario}/tortas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tortas' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Torta de milanesa' }).click();
  await expect(page.getByRole('link', { name: 'Carrito, 1 producto' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Refresco' }).click();
  await page.getByRole('link', { name: 'Carrito, 2 productos' }).click();
  await expectRoute(page, '/checkout');

  const tarjeta = page.getByRole('region', { name: shop.nombre });
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await expect(
    tarjeta.getByRole('listitem').filter({ hasText: 'Torta de milanesa' }),
  ).toContainText('$ 60.00 c/u');
  await formulario.getByLabel('Nombre', { exact: true }).fill('Luis Hernández');
  await formulario.getByLabel('Celular (10 dígitos)').fill(`56${Date.now().toString().slice(-8)}`);
  await expect(formulario.getByText('Entrega: Recoger en la tienda')).toBeVisible();
  const hacerPedido = formulario.getByRole('button', { name: 'Hacer pedido · $ 80.00' });
  await expect(hacerPedido).toBeEnabled();
  await shot('canasta-con-precio-anterior');

  // ---- Meanwhile the owner raises the torta to 70 ----
  await cambiarPrecio(shop, torta, 70);

  // ---- The order is refused: the new total is shown and asked again, nothing was ordered ----
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/pedido/invitado') && r.request().method() === 'POST',
  );
  await hacerPedido.click();
  expect((await refused).status()).toBe(409);
  await expect(formulario.getByRole('alert')).toHaveText(
    'El precio cambió: el nuevo total es $ 90.00',
  );
  const confirmar = formulario.getByRole('button', { name: 'Confirmar pedido por $ 90.00' });
  await expect(confirmar).toBeEnabled();
  // The basket shows the price it will be charged.
  await expect(
    tarjeta.getByRole('listitem').filter({ hasText: 'Torta de milanesa' }),
  ).toContainText('$ 70.00 c/u');
  expect(routeOf(page)).toBe('/checkout');
  expect(await pedidosDeLaTienda(shop)).toEqual([]);
  await shot('precio-cambio');

  // ---- Confirmed with the new total: the order is placed at the server's total ----
  await confirmar.click();
  await expect
    .poll(() => routeOf(page), { message: 'la página de seguimiento' })
    .toMatch(/^\/pedido\/seguimiento\//);
  const estado = page.getByRole('region', { name: 'Estado del pedido' });
  await expect(estado.getByRole('status')).toHaveText(
    'Nuevo · esperando a que la tienda lo acepte',
  );
  const pedidos = await pedidosDeLaTienda(shop);
  expect(pedidos).toHaveLength(1);
  expect(pedidos[0]?.montoTotal).toBe(90);
  expect(
    pedidos[0]?.pedidoDetalles.map((d) => [d.nombreProducto, d.cantidad, d.precio]).sort(),
  ).toEqual([
    ['Refresco', 1, 20],
    ['Torta de milanesa', 1, 70],
  ]);
  await expect(page.getByText('$ 90.00').last()).toBeVisible();
  await shot('pedido-con-precio-nuevo');
});
