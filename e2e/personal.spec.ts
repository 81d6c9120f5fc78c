import { api, createShop, unique } from './fixtures/api';
import { axe } from './fixtures/axe';
import { aceptarInvitacion as aceptar, enlaceDeInvitacion } from './fixtures/personal';
import {
  expect,
  expectRoute,
  openRoute,
  otroTelefono,
  signInThroughUi,
  test,
} from './fixtures/test';

// Staff (docs/api.md, "Staff and the kitchen") at 390×844: the owner invites from 'Personal',
// the invited person follows the emailed link, chooses a name and password and lands on their
// role's home with only their role's menu; the owner changes roles and removes them, after
// which their phone is signed out.

test('el dueño invita a una cajera, le cambia el rol y la da de baja', async ({
  page,
  browser,
  shot,
}) => {
  const shop = await createShop({ productos: [{ name: 'Taco al pastor', price: 25 }] });
  await signInThroughUi(page, shop.owner.email, shop.owner.password);
  await expectRoute(page, '/configuracion-de-tienda');
  await page.getByRole('link', { name: 'Personal' }).click();
  await expectRoute(page, '/personal');
  await expect(page.getByText('Aún no tienes personal')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shot('personal-vacio');

  // An email that already has an account is refused at the email field.
  const correo = page.getByLabel('Correo electrónico');
  await correo.fill(shop.owner.email);
  await page.getByLabel('Nombre completo').fill('Ana López');
  await page.getByRole('radio', { name: /Cajero/ }).check();
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(correo).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Ese correo ya tiene una cuenta en Tianguis; usa otro'),
  ).toBeVisible();
  await expect(correo).toBeFocused();
  await shot('correo-en-uso');

  const email = `p${unique()}@e2e.com`;
  await correo.fill(email);
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Invitación enviada a ${email}` }),
  ).toBeVisible();
  const ana = page
    .getByRole('list', { name: 'Tu personal' })
    .getByRole('listitem')
    .filter({ hasText: 'Ana López' });
  await expect(ana).toContainText('Invitación enviada');
  await expect(ana).toContainText('Rol: Cajero');
  await shot('invitacion-enviada');

  // Ana's phone: the emailed link.
  const enlace = await enlaceDeInvitacion(email);
  const telefono = await otroTelefono(browser, page);
  await aceptar(telefono.page, enlace, 'Ana López', shot);
  await expectRoute(telefono.page, '/pedidos');
  const barra = telefono.page.getByRole('navigation', { name: 'Menú principal' });
  await expect(barra.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await barra.getByRole('button', { name: 'Más opciones' }).click();
  await expect(barra.getByRole('link', { name: 'Corte de caja' })).toBeVisible();
  await expect(barra.getByRole('link', { name: 'Agotados de hoy' })).toBeVisible();
  await expect(barra.getByRole('link', { name: 'Ventas' })).toHaveCount(0);
  await expect(barra.getByRole('link', { name: 'Mi Tienda' })).toHaveCount(0);
  await shot('cajera-menu', telefono.page);
  // What a cashier may not open sends her to her board.
  for (const route of ['/ventas', '/personal', '/configuracion-de-tienda', '/mitienda']) {
    await openRoute(telefono.page, route);
    await expectRoute(telefono.page, '/pedidos');
  }
  // The link works once.
  await openRoute(telefono.page, '/signout');
  await expectRoute(telefono.page, '/');
  await openRoute(telefono.page, enlace);
  await telefono.page.getByLabel('Nombre completo').fill('Ana López');
  await telefono.page.getByLabel('Contraseña', { exact: true }).fill('Cocina123');
  await telefono.page.getByLabel('Confirma tu contraseña').fill('Cocina123');
  await telefono.page.getByRole('button', { name: 'Crear mi cuenta' }).click();
  await expect(telefono.page.getByRole('alert')).toContainText('Invitación no válida');
  await shot('invitacion-usada', telefono.page);
  await signInThroughUi(telefono.page, email, 'Cocina123');
  await expectRoute(telefono.page, '/pedidos');

  // The owner's list: active now, and her role changed from a dialog.
  await page.reload();
  await expect(ana).toContainText('Activo');
  await expect(ana).toContainText('Último acceso: hace un momento');
  await ana.getByRole('button', { name: 'Cambiar rol de Ana López' }).click();
  const dialogoRol = page.getByRole('dialog', { name: 'Rol de Ana López' });
  await dialogoRol.getByRole('radio', { name: /Encargado/ }).check();
  expect(await axe(page, 'dialog')).toEqual([]);
  await shot('cambiar-rol');
  await dialogoRol.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogoRol).toBeHidden();
  await expect(ana).toContainText('Rol: Encargado');

  // Removed: asked first, then her phone's session ends at its next request.
  await ana.getByRole('button', { name: 'Dar de baja a Ana López' }).click();
  const dialogoBaja = page.getByRole('dialog', { name: '¿Dar de baja a Ana López?' });
  await expect(dialogoBaja).toContainText('Ya no podrá entrar a tu tienda.');
  await shot('dar-de-baja');
  await dialogoBaja.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(ana).toContainText('Dado de baja');
  await expect(ana.getByRole('button')).toHaveCount(0);
  await shot('dada-de-baja');
  await openRoute(telefono.page, '/pedidos');
  await expectRoute(telefono.page, '/');
  await expect(
    telefono.page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', {
      name: /iniciar sesion/i,
    }),
  ).toBeVisible();
  await telefono.close();
});

test('la cocina entra a su pantalla y solo ve esa', async ({ page, shot }) => {
  const shop = await createShop({ productos: [{ name: 'Taco al pastor', price: 25 }] });
  const email = `k${unique()}@e2e.com`;
  await api('/api/tienda/personal', {
    token: shop.owner.token,
    body: { email, nombreCompleto: 'Beto Ruiz', rol: 'COCINA' },
  });
  await aceptar(page, await enlaceDeInvitacion(email), 'Beto Ruiz', shot);
  await expectRoute(page, '/cocina');
  const barra = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(barra.getByRole('link')).toHaveText(['Cocina', 'Salir']);
  await expect(barra.getByRole('button', { name: 'Más opciones' })).toHaveCount(0);
  await shot('cocina');
  for (const route of ['/pedidos', '/pedidos/nuevo', '/ventas/corte', '/signin']) {
    await openRoute(page, route);
    await expectRoute(page, '/cocina');
  }
});

test('un enlace sin invitación dice que no es válida', async ({ page, shot }) => {
  await openRoute(page, '/personal/aceptar');
  await expect(page.getByRole('alert')).toContainText(
    'La invitación no es válida, ya se usó o ya venció. Pide una nueva',
  );
  expect(await axe(page)).toEqual([]);
  await shot('sin-token');
});
