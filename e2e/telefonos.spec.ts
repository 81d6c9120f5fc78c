import { signIn } from './fixtures/api';
import { ADMIN } from './fixtures/env';
import { expect, expectRoute, openRoute, signInThroughUi, test } from './fixtures/test';

// Issue 29 (docs/api.md, "Phones as typed"): a person registers typing the phone as people write
// it, with +52 1, spaces and a dash; the form takes it without a hint, and the account keeps its
// 10 digits (the token's phone, the admin's list of users).

test('quien se registra escribe su celular con +52 1, espacios y guion; la cuenta guarda los 10 dígitos', async ({
  page,
  shot,
}) => {
  const digitos = `55${Date.now().toString().slice(-8)}`;
  const [lada, medio, fin] = [digitos.slice(0, 2), digitos.slice(2, 6), digitos.slice(6)];
  const escrito = `+52 1 ${lada} ${medio}-${fin}`;
  const persona = {
    email: `tel${Date.now().toString(36)}@e2e.com`,
    password: 'Secreta123',
  };

  // ---- Registration: the phone as typed, no hint against it ----
  await openRoute(page, '/register');
  await page.getByRole('radio', { name: /Consumidor/ }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Correo electrónico').fill(persona.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(persona.password);
  await page.getByLabel(/Confirma/).fill(persona.password);
  const celular = page.getByLabel(/Celular/);
  await expect(celular).toHaveAttribute('inputmode', 'tel');
  await celular.pressSequentially(escrito);
  await expect(celular).toHaveValue(escrito);
  await page.getByLabel(/Nombre completo/).fill('Lupita Hernández');
  await page.getByLabel(/Dirección de entrega/).fill('Calle Hidalgo 8, Centro');
  await expect(page.getByText('El numero de celular solo debe contener números')).toHaveCount(0);
  await expect(page.getByText('El celular debe contener 10 números')).toHaveCount(0);
  await shot('celular-escrito');
  await page.getByRole('button', { name: /Registr/ }).click();
  await expect(page.getByRole('heading', { name: 'Registro completado' })).toBeVisible();
  await shot('registro-completado');

  // ---- The account's phone is its 10 digits ----
  const cuenta = await signIn(persona.email, persona.password);
  expect(cuenta.celular).toBe(digitos);

  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expectRoute(page, '/signin');
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expectRoute(page, '/admin-menu');
  await page.getByRole('link', { name: /Usuarios Registrados/ }).click();
  await expectRoute(page, '/usuarios-registrados');
  const tarjeta = page.getByRole('listitem').filter({ hasText: persona.email });
  await expect(tarjeta).toContainText(`Celular:${lada}-${medio}-${fin}`);
  await expect(tarjeta).not.toContainText('+52');
  await tarjeta.scrollIntoViewIfNeeded();
  await shot('usuarios-registrados');
});
