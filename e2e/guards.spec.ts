import { registerShopper } from './fixtures/api';
import { expect, expectRoute, openRoute, signInThroughUi, test } from './fixtures/test';

// Guards (docs/api.md, "Errors": a role refused is sent away): a shopper can't open admin or owner pages (sent to /),
// and a visitor without a session can't open an account's, the admin's or an owner's pages (sent
// to /); the basket and Mis Pedidos are open to visitors since the second edition.

const ADMIN_PAGES = [
  { route: '/admin-menu', heading: 'Administrador' },
  { route: '/aprobar-usuarios', heading: 'Aprobar Usuarios' },
  { route: '/usuarios-registrados', heading: 'Usuarios Registrados' },
];
const OWNER_PAGES = ['/configuracion-de-tienda', '/pedidos'];

test('un comprador no abre páginas de administrador ni de tienda', async ({ page, shot }) => {
  const shopper = await registerShopper();
  await signInThroughUi(page, shopper.email, shopper.password);
  await expectRoute(page, '/');
  // Signed in as a shopper: the bottom bar shows the shopper's links.
  await expect(page.getByRole('link', { name: /Mis pedidos/i })).toBeVisible();

  for (const { route, heading } of ADMIN_PAGES) {
    await openRoute(page, route);
    await expectRoute(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0);
  }
  await shot('comprador-en-admin-va-al-inicio');

  for (const route of OWNER_PAGES) {
    await openRoute(page, route);
    await expectRoute(page, '/');
  }
  await shot('comprador-en-tienda-va-al-inicio');

  // What a shopper may open still opens.
  await openRoute(page, '/mispedidos');
  await expectRoute(page, '/mispedidos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
  await expect(page.getByText('No tienes pedidos aún')).toBeVisible();
  await expect(page.getByText('Cuando realices un pedido, aparecerá aquí')).toBeVisible();
  await shot('comprador-mis-pedidos-vacio');
});

test('sin sesión, la canasta y Mis Pedidos abren; las páginas de cuenta llevan al inicio', async ({
  page,
  shot,
}) => {
  // Second edition (docs/api.md, "Guest orders"): a visitor's basket lives in the browser and is
  // ordered without an account, and Mis Pedidos lists the orders placed on this phone.
  await openRoute(page, '/checkout');
  await expectRoute(page, '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Tu carrito esta vacio')).toBeVisible();
  await expect(page.getByRole('link', { name: /iniciar sesion/i })).toBeVisible();
  await shot('anonimo-canasta-vacia');

  await openRoute(page, '/mispedidos');
  await expectRoute(page, '/mispedidos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
  await expect(page.getByText('No tienes pedidos aún')).toBeVisible();
  await shot('anonimo-mis-pedidos-vacio');

  // An account's order page, the admin's and the owner's screens still need their session.
  for (const route of ['/mispedidosdetalle', '/admin-menu', '/configuracion-de-tienda']) {
    await openRoute(page, route);
    await expectRoute(page, '/');
  }
});
