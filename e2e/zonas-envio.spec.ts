import { api, createShop, unique } from './fixtures/api';
import { conSesion, expect, expectRoute, openRoute, test } from './fixtures/test';

// Issue 30 (docs/api.md, "Delivery zones"; docs/web-screens.md, "Delivery zones"): on her phone
// the owner opens "Zonas de envío" from the settings, defines two zones (colonias pasted with a
// blank line and a repeat; a postal code with a minimum), saves them all at once and finds them
// after a reload. A zone by distance without the shop's point is refused at the top, naming the
// zone, and nothing is saved; with the point taken from the phone's location it is.

interface ZonaGuardada {
  id: number;
  nombre: string;
  colonias: string[];
  codigosPostales: string[];
  radioKm: number | null;
  costoDeEnvio: number;
  montoMinimo: number;
  activa: boolean;
}

/** Where the phone says the shop is (Playwright's geolocation). */
const PUNTO = { latitude: 19.0433, longitude: -98.1981 };

test('la dueña define dos zonas de envío, las guarda y las vuelve a ver; un radio sin punto se rechaza', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Tortas La Güera ${unique()}`,
    costoDeEnvio: 25,
    entrega: { recoger: true, domicilio: true },
    productos: [{ name: 'Torta de milanesa', price: 70 }],
  });
  const zonasGuardadas = async () =>
    (
      await api<{ zonas: ZonaGuardada[]; ubicacion: { lat: number; lng: number } | null }>(
        '/api/tienda/mitienda',
        { token: shop.owner.token },
      )
    ).zonas;

  // ---- From the settings menu ----
  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/configuracion-de-tienda');
  await page
    .getByRole('navigation', { name: 'Configuración de la tienda' })
    .getByRole('link', { name: 'Zonas de envío' })
    .click();
  await expectRoute(page, '/zonas-envio');
  await expect(page.getByRole('heading', { level: 1, name: 'Zonas de envío' })).toBeVisible();
  await expect(page.getByText('Aún no tienes zonas de envío')).toBeVisible();
  await expect(
    page.getByText(/Los envíos cuestan lo mismo en toda la ciudad \(\$ 25\.00\)/),
  ).toBeVisible();
  await shot('zonas-vacias');

  // ---- Centro: colonias pasted with a blank line and a repeat ----
  await page.getByRole('button', { name: 'Agregar zona' }).click();
  const nombre1 = page.getByRole('group', { name: 'Zona 1' }).getByLabel('Nombre de la zona');
  await expect(nombre1).toBeFocused();
  await nombre1.fill('Centro');
  const centro = page.getByRole('group', { name: 'Centro' });
  await centro.getByLabel('Colonias').fill('Centro\n\nDoctores\n  centro \nObrera\n');
  await expect(centro.getByText('Se guardarán 3 colonias')).toBeVisible();
  await centro.getByLabel('Costo de envío ($)').fill('20');

  // ---- Del Valle: a postal code, with a minimum ----
  await page.getByRole('button', { name: 'Agregar zona' }).click();
  await page
    .getByRole('group', { name: 'Zona 2' })
    .getByLabel('Nombre de la zona')
    .fill('Del Valle');
  const valle = page.getByRole('group', { name: 'Del Valle' });
  await valle.getByLabel('Códigos postales').fill('03100');
  await expect(valle.getByText('Se guardarán 1 código postal')).toBeVisible();
  await valle.getByLabel('Costo de envío ($)').fill('35');
  await valle.getByLabel('Monto mínimo ($)').fill('150');
  await expect(page.getByText('Tienes cambios sin guardar')).toBeVisible();
  // Nothing runs past the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('dos-zonas');

  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Zonas de envío guardadas' }),
  ).toBeVisible();
  await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
  const guardadas = await zonasGuardadas();
  expect(guardadas.map(({ id: _id, ...zona }) => zona)).toEqual([
    {
      nombre: 'Centro',
      colonias: ['Centro', 'Doctores', 'Obrera'],
      codigosPostales: [],
      radioKm: null,
      costoDeEnvio: 20,
      montoMinimo: 0,
      activa: true,
    },
    {
      nombre: 'Del Valle',
      colonias: [],
      codigosPostales: ['03100'],
      radioKm: null,
      costoDeEnvio: 35,
      montoMinimo: 150,
      activa: true,
    },
  ]);

  // ---- After a reload, the zones as saved ----
  await page.reload();
  await expect(page.getByRole('group', { name: 'Centro' }).getByLabel('Colonias')).toHaveValue(
    'Centro\nDoctores\nObrera',
  );
  const valleOtraVez = page.getByRole('group', { name: 'Del Valle' });
  await expect(valleOtraVez.getByLabel('Códigos postales')).toHaveValue('03100');
  await expect(valleOtraVez.getByLabel('Costo de envío ($)')).toHaveValue('35');
  await expect(valleOtraVez.getByLabel('Monto mínimo ($)')).toHaveValue('150');
  await expect(page.getByRole('button', { name: 'Subir Centro' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Bajar Del Valle' })).toBeDisabled();

  // ---- A zone by distance, without the shop's point: refused, naming it; nothing saved ----
  await expect(page.getByText(/Tu tienda aún no tiene punto en el mapa/)).toBeVisible();
  await page.getByRole('button', { name: 'Agregar zona' }).click();
  await page.getByRole('group', { name: 'Zona 3' }).getByLabel('Nombre de la zona').fill('Cerca');
  const cerca = page.getByRole('group', { name: 'Cerca' });
  await cerca.getByLabel('Radio en km desde tu tienda (opcional)').fill('2');
  await cerca.getByLabel('Costo de envío ($)').fill('15');
  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  const mensaje =
    'Zona «Cerca»: para enviar por distancia, primero marca el punto de tu tienda en el mapa';
  const alerta = page.getByRole('alert').filter({ hasText: mensaje });
  await expect(alerta).toBeVisible();
  await expect(alerta).toBeFocused();
  await expect(cerca).toHaveAttribute('aria-invalid', 'true');
  await shot('radio-sin-punto');
  expect((await zonasGuardadas()).map((z) => z.nombre)).toEqual(['Centro', 'Del Valle']);
  // Nothing typed was lost.
  await expect(cerca.getByLabel('Radio en km desde tu tienda (opcional)')).toHaveValue('2');

  // ---- The point from the phone's location: the zone by distance is saved ----
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(PUNTO);
  await page.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(page.getByText('19.04330, -98.19810')).toBeVisible();
  await expect(alerta).toBeHidden();
  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
  await expect
    .poll(async () => (await zonasGuardadas()).map((z) => [z.nombre, z.radioKm]))
    .toEqual([
      ['Centro', null],
      ['Del Valle', null],
      ['Cerca', 2],
    ]);
  const tienda = await api<{ ubicacion: { lat: number; lng: number } | null }>(
    '/api/tienda/mitienda',
    { token: shop.owner.token },
  );
  expect(tienda.ubicacion).toEqual({ lat: PUNTO.latitude, lng: PUNTO.longitude });
  // The zones kept their ids.
  expect((await zonasGuardadas()).slice(0, 2).map((z) => z.id)).toEqual(guardadas.map((z) => z.id));
});
