import {
  aceptarPedido,
  createTaqueria,
  GRUPO_TORTILLA,
  pedirComoInvitado,
  productoDe,
  type SeededShop,
} from './fixtures/api';
import { axe } from './fixtures/axe';
import { expect, expectRoute, openRoute, routeOf, test } from './fixtures/test';

// Issue 28, "The shop link is the menu, and the first tap counts": a product's options on its
// own page (the required group marked, 'Agregar al carrito' waiting for it), one toast at a
// time, an old `/#/` link followed in a tab already open, the tracking page clean under axe
// (WCAG 2.1 AA), and Back from the tracking page right after ordering.

function detalleDe(shop: SeededShop, nombre: string): string {
  return `/tienda/${shop.usuario}/tacos/productodetalle/${productoDe(shop, nombre).id}`;
}

test('las opciones de un producto se eligen en su página, y agregar espera a la obligatoria', async ({
  page,
  shot,
}) => {
  const shop = await createTaqueria('Taquería La Opción', [GRUPO_TORTILLA]);
  await openRoute(page, detalleDe(shop, 'Taco de suadero'));
  await expect(page.getByRole('heading', { level: 1, name: 'Taco de suadero' })).toBeVisible();

  // The options are on the page, no sheet: the required tortilla marked, with its rule.
  const opciones = page.getByRole('region', { name: 'Opciones de Taco de suadero' });
  const tortilla = opciones.getByRole('group', { name: /^Tortilla/ });
  await expect(tortilla).toContainText('Elige 1');
  await expect(tortilla).toContainText('Obligatorio');
  const agregar = page.getByRole('button', { name: /^Agregar al carrito/ });
  await expect(agregar).toHaveText('Agregar al carrito · $ 25.00');
  await expect(agregar).toBeDisabled();
  await expect(page.getByText('Elige al menos 1 opción en Tortilla')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot('detalle-sin-elegir');

  await tortilla.getByRole('radio', { name: /^Harina/ }).check();
  await expect(agregar).toBeEnabled();
  await expect(agregar).toHaveText('Agregar al carrito · $ 30.00');
  await expect(page.getByText('Elige al menos 1 opción en Tortilla')).toHaveCount(0);
  await agregar.click();
  await expect(page.getByText('Producto agregado')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver canasta · 1 · / })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Three more taps: the basket counts four, and one toast is on screen, not four.
  for (const piezas of [2, 3, 4]) {
    await agregar.click();
    await expect(
      page.getByRole('link', { name: new RegExp(`^Ver canasta · ${piezas} · `) }),
    ).toBeVisible();
  }
  await expect(page.getByText('Producto agregado')).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await shot('detalle-agregado');

  // The shop's cards still open the options sheet.
  await openRoute(page, `/tienda/${shop.usuario}/tacos`);
  await page.getByRole('button', { name: 'Agregar Taco de suadero' }).click();
  await expect(page.getByRole('dialog', { name: 'Taco de suadero' })).toBeVisible();
});

test('un enlace viejo /#/ abierto en una pestaña que ya tiene la app lleva a su pantalla', async ({
  page,
}) => {
  const shop = await createTaqueria('Taquería El Enlace', [GRUPO_TORTILLA]);
  await openRoute(page, '/');
  // A mark on the open page: a load would lose it.
  await page.evaluate(() => Object.assign(window, { sinRecargar: true }));

  // Typed in the address bar of this tab: only the fragment changes, no page loads.
  const detalle = detalleDe(shop, 'Taco de suadero');
  await page.goto(`/#${detalle}`);
  await expectRoute(page, detalle);
  await expect(page.getByRole('heading', { level: 1, name: 'Taco de suadero' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => 'sinRecargar' in window)).toBe(true);

  // Tapped on a page of the app (a link in a shop's description, a chat opened in the app).
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'Enlace viejo';
    document.body.append(a);
    a.click();
    a.remove();
  }, `#/tienda/${shop.usuario}`);
  await expectRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => 'sinRecargar' in window)).toBe(true);

  // Each old link took the place of its entry: Back leads to the product, then home.
  await page.goBack();
  await expectRoute(page, detalle);
  await expect(page.getByRole('heading', { level: 1, name: 'Taco de suadero' })).toBeVisible();
  await page.goBack();
  await expectRoute(page, '/');
});

test('la página de seguimiento pasa axe (WCAG 2.1 AA), nuevo y aceptado', async ({
  page,
  shot,
}) => {
  const shop = await createTaqueria('Taquería Contraste', [GRUPO_TORTILLA]);
  const { seguimiento, pedido: hecho } = await pedirComoInvitado(shop, {
    lineas: [{ productoId: productoDe(shop, 'Agua de jamaica').id, cantidad: 2 }],
    nombreCompleto: 'Lucía Pérez',
    entrega: { tipo: 'RECOGER' },
  });
  const pedido = { seguimiento, id: hecho.id };
  await openRoute(page, `/pedido/seguimiento/${pedido.seguimiento}`);
  const estado = page.getByRole('region', { name: 'Estado del pedido' });
  await expect(estado.getByRole('status')).toHaveText(
    'Nuevo · esperando a que la tienda lo acepte',
  );
  await expect(page.getByText(`Pedido #${pedido.id}`)).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shot('seguimiento-nuevo');

  await aceptarPedido(shop, pedido.id, 15);
  await expect(estado.locator('li[aria-current="step"]')).toHaveText('Aceptado');
  expect(await axe(page)).toEqual([]);
});

test('Atrás desde el seguimiento, recién hecho el pedido, lleva a Mis pedidos', async ({
  page,
  shot,
}) => {
  const shop = await createTaqueria('Taquería De Regreso', [GRUPO_TORTILLA]);
  await openRoute(page, detalleDe(shop, 'Agua de jamaica'));
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await page.getByRole('link', { name: /^Ver canasta · 1 · / }).click();
  await expectRoute(page, '/checkout');

  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill('Marta Ruiz');
  await formulario.getByLabel('Celular (10 dígitos)').fill(`55${Date.now().toString().slice(-8)}`);
  await formulario.getByRole('radio', { name: 'Recoger en la tienda' }).check();
  await formulario.getByRole('radio', { name: 'Efectivo' }).check();
  await formulario.getByRole('button', { name: /^Hacer pedido/ }).click();

  await expect
    .poll(() => routeOf(page), { message: 'la página de seguimiento' })
    .toMatch(/^\/pedido\/seguimiento\/[\w-]{20,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu pedido' })).toBeVisible();
  const numero = await page
    .getByText(/^Pedido #\d+/)
    .first()
    .textContent();
  const id = /#(\d+)/.exec(numero ?? '')?.[1];
  if (!id) throw new Error('la página de seguimiento no dice el número del pedido');

  await page.getByRole('button', { name: 'Atrás' }).click();
  await expectRoute(page, '/mispedidos');
  await expect(page.getByText('Tu carrito esta vacio')).toHaveCount(0);
  const aqui = page.getByRole('region', { name: 'Pedidos hechos en este teléfono sin cuenta' });
  await expect(aqui.getByRole('link', { name: new RegExp(`Pedido #${id}`) })).toBeVisible();
  await shot('mis-pedidos-tras-atras');

  // And from the list, back into the order.
  await aqui.getByRole('link', { name: new RegExp(`Pedido #${id}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tu pedido' })).toBeVisible();
});
