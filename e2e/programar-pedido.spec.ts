import type { Page } from '@playwright/test';
import { api, createShop, programarPedidos, unique } from './fixtures/api';
import { axe } from './fixtures/axe';
import { expect, expectRoute, openRoute, otroTelefono, routeOf, test } from './fixtures/test';

// Issue 31 (docs/api.md, "Orders for later, kitchen pace and busy mode"): a bakery that is
// closed today and opens tomorrow at 8:00 (on its clock, America/Mexico_City) takes orders for
// later. A visitor on her phone reads "Cerrado ahora · puedes programar tu pedido para mañana a
// partir de las 8:00" instead of a refusal, adds a concha, and at checkout finds "Programar"
// already chosen; she picks tomorrow's first slot and orders. Her tracking page says "Para
// mañana a las 08:00". The owner finds the order under "Programados" and accepts it for its
// time; the visitor's page turns to "Aceptado" by itself.

const ZONA = 'America/Mexico_City';
const DIAS = ['DOMINGO', 'LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO'] as const;

/** The shop's day of the week `offset` days from now, on its clock. */
function diaEnLaTienda(offset: number): (typeof DIAS)[number] {
  const fecha = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
  const dia = DIAS[new Date(`${fecha}T12:00:00Z`).getUTCDay()];
  if (!dia) throw new Error(`sin día para ${fecha}`);
  return dia;
}

/** Minutes left until midnight on the shop's clock. */
function minutosParaMedianoche(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONA,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number) as [number, number];
  return 24 * 60 - (h * 60 + m);
}

/** What the console reports as an error on `page` (a hydration mismatch among them). */
function erroresDeConsola(page: Page): string[] {
  const errores: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errores.push(message.text());
  });
  page.on('pageerror', (error) => errores.push(error.message));
  return errores;
}

test('una tienda cerrada hoy recibe un pedido para mañana: la visitante lo programa y la dueña lo acepta para su hora', async ({
  page,
  browser,
  shot,
}) => {
  // "Mañana" must stay tomorrow for the whole journey.
  test.skip(minutosParaMedianoche() < 15, 'a minutos de la medianoche de la tienda');
  const shop = await createShop({
    nombre: `Panadería El Trigal ${unique()}`,
    entrega: { recoger: true, domicilio: false },
    productos: [
      { name: 'Concha de vainilla', price: 14 },
      { name: 'Café de olla', price: 25 },
    ],
  });
  // Closed every day but tomorrow, when it opens 8:00 to 20:00.
  const manana = diaEnLaTienda(1);
  await api('/api/horario/addrange', {
    token: shop.owner.token,
    body: DIAS.map((dia) =>
      dia === manana
        ? { dia, apertura: '08:00:00', cierre: '20:00:00', cerrado: false }
        : { dia, cerrado: true },
    ),
  });
  await programarPedidos(shop, {
    activa: true,
    diasAdelante: 2,
    intervaloMin: 30,
    pedidosPorIntervalo: 5,
    preparacionMin: 20,
  });
  const errores = erroresDeConsola(page);
  const cliente = { nombre: 'Rosa Martínez', celular: `55${Date.now().toString().slice(-8)}` };

  // ---- The shop's page: closed now, and from when it can be ordered ----
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await expect(page.getByText('Cerrado · abre mañana a las 8:00')).toBeVisible();
  const aviso = page.getByRole('region', {
    name: 'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:00',
  });
  await expect(aviso).toBeVisible();
  await expect(page.getByRole('region', { name: `${shop.nombre} está cerrada` })).toHaveCount(0);
  await shot('tienda-cerrada-programable');

  // Products can be added all the same.
  await page.getByRole('button', { name: 'Agregar Concha de vainilla' }).click();
  await expect(page.getByText('Producto agregado').first()).toBeVisible();
  const carrito = page.getByRole('link', { name: 'Carrito, 1 producto' });
  await expect(carrito).toBeVisible();
  await carrito.click();
  await expectRoute(page, '/checkout');

  // ---- The cart says from when; checkout has "Programar" chosen ----
  const tarjeta = page.getByRole('region', { name: shop.nombre });
  await expect(
    tarjeta.getByText(
      'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:00',
    ),
  ).toBeVisible();
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill(cliente.nombre);
  await formulario.getByLabel('Celular (10 dígitos)').fill(cliente.celular);
  const cuando = formulario.getByRole('group', { name: '¿Cuándo lo quieres?' });
  await expect(cuando.getByRole('radio', { name: 'Programar' })).toBeChecked();
  await expect(cuando.getByRole('radio', { name: /Lo antes posible/ })).toHaveCount(0);
  // Only tomorrow has hours: its slots, from its opening.
  const horario = cuando.getByRole('group', { name: 'Horario · Mañana' });
  const primera = horario.getByRole('radio', { name: '8:00 – 8:30' });
  await expect(primera).toBeVisible();
  await expect(horario.getByRole('radio', { name: '19:30 – 20:00' })).toBeVisible();
  // The shop's basket and its checkout (the "Producto agregado" toast is not this journey's).
  expect(await axe(page, `section[aria-labelledby="checkout-tienda-${shop.tiendaId}"]`)).toEqual(
    [],
  );
  // Chosen from the keyboard, as with a screen reader.
  await primera.focus();
  await page.keyboard.press('Space');
  await expect(primera).toBeChecked();
  await expect(cuando.getByText('Tu pedido: Para mañana a las 08:00')).toBeVisible();
  await shot('checkout-programado');
  await formulario.getByRole('button', { name: 'Hacer pedido · $ 14.00' }).click();

  // ---- The tracking page: for tomorrow at 08:00, waiting to be accepted ----
  await expect
    .poll(() => routeOf(page), { message: 'la página de seguimiento' })
    .toMatch(/^\/pedido\/seguimiento\/[\w-]{20,}$/);
  const estado = page.getByRole('region', { name: 'Estado del pedido' });
  await expect(estado.getByText('Para mañana a las 08:00')).toBeVisible();
  await expect(estado.getByRole('status')).toHaveText(
    'Nuevo · esperando a que la tienda lo acepte',
  );
  await shot('seguimiento-programado');

  // ---- The owner, on her phone: under "Programados", accepted for its time ----
  const dueno = await otroTelefono(browser, page, { token: shop.owner.token });
  await openRoute(dueno.page, '/pedidos');
  await dueno.page.getByRole('tab', { name: 'Programados (1)' }).click();
  const pedido = dueno.page.getByRole('article');
  await expect(pedido).toHaveCount(1);
  await expect(pedido.getByText(/^Para mañana a las 08:00$/)).toBeVisible();
  await shot('dueno-programados', dueno.page);
  await pedido.getByRole('button', { name: /^Para las 08:00/ }).click();
  await expect(pedido.getByText('Aceptado', { exact: true })).toBeVisible();
  await shot('dueno-aceptado', dueno.page);

  // The visitor's page follows by itself: accepted, still for tomorrow at 08:00.
  await expect(estado.getByRole('status')).toHaveText('Aceptado');
  await expect(estado.getByText('Para mañana a las 08:00')).toBeVisible();
  await shot('seguimiento-aceptado');
  expect(errores, 'errores en la consola (una hidratación distinta, entre ellos)').toEqual([]);
  await dueno.close();
});
