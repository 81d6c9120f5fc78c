import { api, ApiFailure, createShop, registerShopper } from './fixtures/api';
import { ADMIN } from './fixtures/env';
import { expect, expectRoute, openRoute, signInThroughUi, test } from './fixtures/test';

// The admin's journey (docs/api.md, "Shops"): the admin approves a shop (which makes its page public) and lists the users.

test('el administrador aprueba una tienda y lista los usuarios', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  const pendiente = await createShop({
    approve: false,
    productos: [{ name: 'Concha de vainilla', price: 12 }],
  });
  const cliente = await registerShopper();

  // Before approval nobody sees the shop.
  await expect(api(`/api/tienda/publica/${pendiente.usuario}`)).rejects.toThrow(ApiFailure);
  // A visitor without a session, on the same phone-sized screen.
  const visitante = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const visita = await visitante.newPage();
  await openRoute(visita, `/tienda/${pendiente.usuario}`);
  await expect(visita.getByRole('heading', { name: '404 Pagina no encontrada' })).toBeVisible();
  await shot('tienda-pendiente-no-encontrada', visita);

  // ---- The admin signs in and lands on the admin home ----
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expectRoute(page, '/admin-menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador' })).toBeVisible();
  await shot('admin-menu');

  // ---- Aprobar Usuarios: the pending shop, approved ----
  await page.getByRole('link', { name: /Aprobar Usuarios/ }).click();
  await expectRoute(page, '/aprobar-usuarios');
  const tarjeta = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: pendiente.usuario, exact: true }) });
  await expect(tarjeta).toBeVisible();
  await shot('aprobar-usuarios');
  await tarjeta.getByRole('button', { name: /Aprobar/ }).click();
  await expect(tarjeta).toHaveCount(0);
  await shot('tienda-aprobada');

  // ---- The shop is public now: the visitor opens its page again (a new load, as a QR scan) ----
  await visita.reload();
  await expect(visita.getByRole('heading', { level: 1, name: pendiente.nombre })).toBeVisible();
  await shot('tienda-publica', visita);
  await visitante.close();

  // ---- Usuarios Registrados: the shopper's account is listed ----
  await openRoute(page, '/admin-menu');
  await page.getByRole('link', { name: /Usuarios Registrados/ }).click();
  await expectRoute(page, '/usuarios-registrados');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios Registrados' })).toBeVisible();
  await expect(page.getByText(cliente.email)).toBeVisible();
  await expect(page.getByText(pendiente.owner.email)).toBeVisible();
  await shot('usuarios-registrados');
});
