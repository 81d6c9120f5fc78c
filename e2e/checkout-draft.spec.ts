import type { Locator, Page } from '@playwright/test';
import { createShop, pedidosDeLaTienda, registerShopper, type SeededShop } from './fixtures/api';
import { appLista, expect, expectRoute, openRoute, routeOf, test } from './fixtures/test';

// Issue 28 (docs/web-screens.md, "Checkout"): what a visitor types in a shop's checkout form stays
// on the phone through Back, Forward and a reload; one button with the total places the order,
// which opens the order's page; the next checkout starts empty but for the name, phone and
// address a guest is offered again on that phone.

/** A torta to the basket from the category page, then the cart screen by the cart's link. */
async function alCarrito(page: Page, shop: SeededShop): Promise<void> {
  await openRoute(page, `/tienda/${shop.usuario}/tortas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tortas' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Torta de milanesa' }).click();
  const carrito = page.getByRole('link', { name: 'Carrito, 1 producto' }).first();
  await expect(carrito).toBeVisible();
  await carrito.click();
  await expectRoute(page, '/checkout');
}

/** Everything typed below, as the form shows it. */
async function sigueTodo(formulario: Locator, cliente: { nombre: string; celular: string }) {
  await expect(formulario.getByLabel('Nombre', { exact: true })).toHaveValue(cliente.nombre);
  await expect(formulario.getByLabel('Celular (10 dígitos)')).toHaveValue(cliente.celular);
  await expect(formulario.getByRole('radio', { name: 'Envío a domicilio' })).toBeChecked();
  await expect(formulario.getByLabel('Dirección de entrega')).toHaveValue('Calle Pino 12, Centro');
  await expect(formulario.getByLabel('Referencias (opcional)')).toHaveValue('Portón verde');
  await expect(formulario.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await expect(formulario.getByLabel('¿Con cuánto pagas? (opcional)')).toHaveValue('200');
  await expect(formulario.getByText('Tu cambio: $ 115.00')).toBeVisible();
  await expect(formulario.getByLabel('Nota para la tienda (opcional)')).toHaveValue(
    'Tocar el timbre',
  );
  await expect(formulario.getByRole('button', { name: 'Hacer pedido · $ 85.00' })).toBeEnabled();
}

/** A torta shop that delivers or lets you pick up, and takes cash or card. */
function tiendaDeTortas() {
  return createShop({
    categoria: 'Tortas',
    costoDeEnvio: 25,
    entrega: { recoger: true, domicilio: true },
    pagos: { efectivo: true, terminal: true, transferencia: null },
    productos: [{ name: 'Torta de milanesa', price: 60 }],
  });
}

test('lo escrito en el checkout sigue ahí tras Atrás, Adelante y recargar, y se va al pedir', async ({
  page,
  shot,
}) => {
  const shop = await tiendaDeTortas();
  const cliente = { nombre: 'Rosa Martínez', celular: `55${Date.now().toString().slice(-8)}` };

  // ---- A visitor fills the checkout form: delivery, cash for 200 ----
  await alCarrito(page, shop);
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill(cliente.nombre);
  await formulario.getByLabel('Celular (10 dígitos)').fill(cliente.celular);
  await formulario.getByRole('radio', { name: 'Envío a domicilio' }).check();
  await formulario.getByLabel('Dirección de entrega').fill('Calle Pino 12, Centro');
  await formulario.getByLabel('Referencias (opcional)').fill('Portón verde');
  await formulario.getByRole('radio', { name: 'Efectivo' }).check();
  await formulario.getByLabel('¿Con cuánto pagas? (opcional)').fill('200');
  await formulario.getByLabel('Nota para la tienda (opcional)').fill('Tocar el timbre');
  await sigueTodo(formulario, cliente);
  await shot('formulario-lleno');

  // ---- Back to the shop, then Forward: all of it is still there ----
  await page.goBack();
  await expectRoute(page, `/tienda/${shop.usuario}/tortas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tortas' })).toBeVisible();
  await page.goForward();
  await expectRoute(page, '/checkout');
  await sigueTodo(formulario, cliente);

  // ---- A reload (the phone dropped the tab, a finger pulled down): still there ----
  await page.reload();
  await appLista(page);
  await sigueTodo(formulario, cliente);
  await shot('tras-recargar');

  // ---- One button with the total places the order and opens its page ----
  await formulario.getByRole('button', { name: 'Hacer pedido · $ 85.00' }).click();
  await expect
    .poll(() => routeOf(page), { message: 'la página del pedido' })
    .toMatch(/^\/pedido\/seguimiento\/[\w-]{20,}$/);
  await expect(page.getByRole('region', { name: 'Estado del pedido' })).toBeVisible();
  const [pedido] = await pedidosDeLaTienda(shop);
  expect(pedido).toMatchObject({
    nombreCompleto: cliente.nombre,
    celular: cliente.celular,
    montoTotal: 85,
    entrega: { tipo: 'DOMICILIO' },
    pago: { metodo: 'EFECTIVO', pagaCon: 200 },
    nota: 'Tocar el timbre',
  });
  await shot('pedido');

  // ---- The next checkout: empty, but for the name, phone and address offered again ----
  await alCarrito(page, shop);
  await expect(formulario.getByLabel('Nombre', { exact: true })).toHaveValue(cliente.nombre);
  await expect(formulario.getByLabel('Celular (10 dígitos)')).toHaveValue(cliente.celular);
  await expect(formulario.getByRole('radio', { name: 'Recoger en la tienda' })).toBeChecked();
  await expect(formulario.getByLabel('¿Con cuánto pagas? (opcional)')).toHaveValue('');
  await expect(formulario.getByText(/Tu cambio/)).toHaveCount(0);
  await expect(formulario.getByLabel('Nota para la tienda (opcional)')).toHaveValue('');
  await expect(formulario.getByRole('button', { name: 'Hacer pedido · $ 60.00' })).toBeEnabled();
  await formulario.getByRole('radio', { name: 'Envío a domicilio' }).check();
  await expect(formulario.getByLabel('Dirección de entrega')).toHaveValue('Calle Pino 12, Centro');
  await expect(formulario.getByLabel('Referencias (opcional)')).toHaveValue('Portón verde');
  await shot('siguiente-checkout');
});

test('lo que un visitante escribió en el checkout sigue ahí después de iniciar sesión', async ({
  page,
  shot,
}) => {
  const shop = await tiendaDeTortas();
  const shopper = await registerShopper();

  // ---- A visitor starts the form: a name, delivery to an address, card at the door, a note ----
  await alCarrito(page, shop);
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill('Rosa Martínez');
  await formulario.getByRole('radio', { name: 'Envío a domicilio' }).check();
  await formulario.getByLabel('Dirección de entrega').fill('Calle Pino 12, Centro');
  await formulario.getByRole('radio', { name: 'Tarjeta (terminal)' }).check();
  await formulario.getByLabel('Nota para la tienda (opcional)').fill('Tocar el timbre');

  // ---- Signs in midway: a shopper lands on / ----
  await openRoute(page, '/signin');
  await page.getByLabel('Correo electrónico').fill(shopper.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectRoute(page, '/');
  await expect(page.getByRole('link', { name: /Mis pedidos/i })).toBeVisible();

  // ---- Back at checkout, the basket is the account's and the form as it was left ----
  await openRoute(page, '/checkout');
  await expect(formulario.getByLabel('Nombre (opcional)')).toHaveValue('Rosa Martínez');
  // Not typed: the account's phone, as for any signed-in shopper.
  await expect(formulario.getByLabel('Celular (10 dígitos)')).toHaveValue(shopper.celular);
  await expect(formulario.getByRole('radio', { name: 'Envío a domicilio' })).toBeChecked();
  await expect(formulario.getByLabel('Dirección de entrega (opcional)')).toHaveValue(
    'Calle Pino 12, Centro',
  );
  await expect(formulario.getByRole('radio', { name: 'Tarjeta (terminal)' })).toBeChecked();
  await expect(formulario.getByLabel('Nota para la tienda (opcional)')).toHaveValue(
    'Tocar el timbre',
  );
  await shot('tras-iniciar-sesion');

  // ---- Ordered, the signed-in shopper lands on the order's page ----
  await formulario.getByRole('button', { name: 'Hacer pedido · $ 85.00' }).click();
  await expectRoute(page, '/mispedidosdetalle');
  const pedidoId = Number(new URL(page.url()).searchParams.get('id'));
  expect(pedidoId, 'el id del pedido en la dirección').toBeGreaterThan(0);
  await expect(page.getByText(`Pedido #${pedidoId}`)).toBeVisible();
  const [pedido] = await pedidosDeLaTienda(shop);
  expect(pedido).toMatchObject({
    nombreCompleto: 'Rosa Martínez',
    celular: shopper.celular,
    entrega: { tipo: 'DOMICILIO' },
    pago: { metodo: 'TERMINAL' },
    nota: 'Tocar el timbre',
  });
});
