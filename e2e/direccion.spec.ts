import type { Locator } from '@playwright/test';
import { api, createShop, unique } from './fixtures/api';
import {
  conSesion,
  expect,
  expectRoute,
  openRoute,
  otroTelefono,
  routeOf,
  test,
} from './fixtures/test';

// Issue 29 (docs/api.md, "Shop address and public phone"; docs/web-screens.md, "The shop
// settings" and "Pickup: where and how to call"): an owner sets the shop's address and phone in
// the settings (the phone typed with spaces; a wrong one is refused beside the field, with the
// toast above the buttons); a visitor orders for pickup and the tracking page says where, with
// "Cómo llegar" and "Llamar"; the shop's page shows them too. The name field stops at the
// server's 40 characters. Standing in the shop, the owner takes its map point from the phone's
// location ("Usar mi ubicación actual"): "Cómo llegar" then leads to that point.

const DIRECCION = 'Calle Cinco de Mayo 42, Colonia Centro Histórico, Puebla';
/** Where the phone says the shop is (Playwright's geolocation). */
const PUNTO = { latitude: 19.0433, longitude: -98.1981 };
const EN_EL_PUNTO = /google\.com\/maps\/search\/\?api=1&query=19\.0433,-98\.1981$/;

/** An element's box once it stops moving (a toast slides in for about 0.4 s). */
async function cajaQuieta(elemento: Locator) {
  let antes = await elemento.boundingBox();
  for (let i = 0; i < 50; i++) {
    await elemento.page().waitForTimeout(100);
    const ahora = await elemento.boundingBox();
    if (antes && ahora && JSON.stringify(antes) === JSON.stringify(ahora)) return ahora;
    antes = ahora;
  }
  throw new Error('el elemento no deja de moverse');
}

test('la dueña pone dirección y teléfono; quien recoge su pedido ve cómo llegar y cómo llamar', async ({
  page,
  browser,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Tacos Doña Rosa ${unique()}`,
    categoria: 'Bebidas',
    entrega: { recoger: true, domicilio: true },
    productos: [{ name: 'Agua de horchata', price: 25 }],
  });

  // ---- The owner's settings, on her phone ----
  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/configurar-tienda');
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();

  // The name stops at the server's 40 characters and counts them near the limit.
  const nombre = page.getByLabel('Nombre de la tienda');
  await expect(nombre).toHaveAttribute('maxlength', '40');
  await nombre.fill('');
  await nombre.pressSequentially('Taqueria '.repeat(6));
  await expect(nombre).toHaveValue('Taqueria '.repeat(6).slice(0, 40));
  await expect(page.getByText('40 de 40 caracteres')).toBeVisible();
  await nombre.fill(shop.nombre);

  const direccion = page.getByLabel('Dirección de la tienda');
  const telefono = page.getByLabel('Teléfono de la tienda');
  await expect(direccion).toHaveAttribute('maxlength', '200');
  await expect(telefono).toHaveAttribute('type', 'tel');
  await expect(telefono).toHaveAttribute('inputmode', 'tel');
  await direccion.fill(DIRECCION);

  // A phone short of digits: refused beside the field, which takes the focus; the toast says it
  // too, above Atras, Cancelar and Guardar.
  await telefono.fill('55 1234');
  const guardar = page.getByRole('button', { name: 'Guardar' });
  await guardar.click();
  const mensaje = 'El celular debe contener 10 números';
  await expect(page.getByRole('alert').filter({ hasText: mensaje })).toBeVisible();
  await expect(telefono).toBeFocused();
  const aviso = page.locator('[data-sonner-toast]').filter({ hasText: mensaje });
  await expect(aviso).toBeVisible();
  // Where it rests, once it has slid in.
  const cajaAviso = await cajaQuieta(aviso);
  for (const boton of ['Atras', 'Cancelar', 'Guardar']) {
    const caja = (await page.getByRole('button', { name: boton }).boundingBox())!;
    const encima =
      caja.x < cajaAviso.x + cajaAviso.width &&
      cajaAviso.x < caja.x + caja.width &&
      caja.y < cajaAviso.y + cajaAviso.height &&
      cajaAviso.y < caja.y + caja.height;
    expect(encima, `el aviso tapa ${boton}`).toBe(false);
  }
  await shot('ajustes-telefono-rechazado');

  await telefono.fill('55 1234 9876');
  await expect(page.getByText('Se guardará como 5512349876')).toBeVisible();

  // The map point, from the phone's location.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(PUNTO);
  await page.getByRole('button', { name: 'Usar mi ubicación actual' }).click();
  await expect(page.getByText('19.04330, -98.19810')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
    'href',
    EN_EL_PUNTO,
  );
  await expect(page.getByRole('button', { name: 'Quitar punto' })).toBeVisible();
  await shot('ajustes-direccion-telefono');
  await guardar.click();
  await expect(
    page.getByRole('dialog', { name: 'La configuracion de la tienda ha sido actualizada' }),
  ).toBeVisible();
  const guardada = await api<{
    direccion: string | null;
    telefono: string | null;
    ubicacion: { lat: number; lng: number } | null;
  }>('/api/tienda/mitienda', { token: shop.owner.token });
  expect({
    direccion: guardada.direccion,
    telefono: guardada.telefono,
    ubicacion: guardada.ubicacion,
  }).toEqual({
    direccion: DIRECCION,
    telefono: '5512349876',
    ubicacion: { lat: PUNTO.latitude, lng: PUNTO.longitude },
  });

  // ---- A visitor on another phone orders for pickup ----
  const visitante = await otroTelefono(browser, page);
  const cliente = visitante.page;
  await openRoute(cliente, `/tienda/${shop.usuario}`);
  await expect(cliente.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();

  // The shop's page: the address, "Cómo llegar" and "Llamar".
  const contacto = cliente.locator('address').filter({ hasText: DIRECCION });
  await expect(contacto).toBeVisible();
  const llegarTienda = contacto.getByRole('link', { name: 'Cómo llegar' });
  await expect(llegarTienda).toHaveAttribute('href', EN_EL_PUNTO);
  await expect(llegarTienda).toHaveAttribute('target', '_blank');
  await expect(llegarTienda).toHaveAttribute('rel', /noopener/);
  await expect(contacto.getByRole('link', { name: 'Llamar' })).toHaveAttribute(
    'href',
    'tel:+525512349876',
  );
  await shot('tienda-con-direccion', cliente);

  await cliente.getByRole('button', { name: 'Agregar Agua de horchata' }).click();
  await cliente.getByRole('link', { name: /^Carrito,/ }).click();
  await expectRoute(cliente, '/checkout');
  const formulario = cliente.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  await formulario.getByLabel('Nombre', { exact: true }).fill('Rosa Martínez');
  await formulario.getByLabel(/Celular/).fill(`55${Date.now().toString().slice(-8)}`);
  await formulario.getByRole('radio', { name: 'Recoger en la tienda' }).check();
  await formulario.getByRole('button', { name: /^Hacer pedido/ }).click();
  await expect
    .poll(() => routeOf(cliente), { message: 'la página de seguimiento' })
    .toMatch(/^\/pedido\/seguimiento\/[\w-]{20,}$/);

  // ---- The tracking page: where to pick it up ----
  await expect(cliente.getByText(`Recoger en ${shop.nombre}`)).toBeVisible();
  await expect(cliente.getByText(DIRECCION)).toBeVisible();
  const llegar = cliente.getByRole('link', { name: 'Cómo llegar' });
  const llamar = cliente.getByRole('link', { name: 'Llamar' });
  // To the shop's point.
  await expect(llegar).toHaveAttribute('href', EN_EL_PUNTO);
  await expect(llegar).toHaveAttribute('target', '_blank');
  await expect(llamar).toHaveAttribute('href', 'tel:+525512349876');
  for (const enlace of [llegar, llamar]) {
    const caja = (await enlace.boundingBox())!;
    expect(caja.height).toBeGreaterThanOrEqual(44);
    expect(caja.width).toBeGreaterThanOrEqual(44);
  }
  // Nothing runs past the phone's width.
  expect(await cliente.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await llegar.scrollIntoViewIfNeeded();
  await shot('seguimiento-recoger', cliente);
  await visitante.close();
});

test('una dirección larga sin espacios se parte en la página de la tienda a 390 px', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Fonda ${unique()}`,
    productos: [{ name: 'Café de olla', price: 30 }],
  });
  const larga = `Privada${'Xochimilcotlalpan'.repeat(8)}`;
  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/configurar-tienda');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Dirección de la tienda').fill(larga);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByRole('dialog', { name: 'La configuracion de la tienda ha sido actualizada' }),
  ).toBeVisible();

  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByText(larga)).toBeVisible();
  // No phone: no "Llamar"; the address alone still has its maps link.
  await expect(page.getByRole('link', { name: 'Llamar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cómo llegar' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('tienda-direccion-larga');
});
