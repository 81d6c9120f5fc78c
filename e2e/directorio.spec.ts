import { addCategoria, api, createShop, unique, type SeededShop } from './fixtures/api';
import { expect, openRoute, test } from './fixtures/test';

// Issue 29 (docs/web-screens.md, "Home"): the home's directory says what each shop sells and
// whether it is open now, instead of its URL path, and a long unbroken shop name wraps inside
// its card. Deterministic whatever the wall-clock time: one shop is open every day all day, the
// other is closed by special days today and tomorrow on its clock (America/Mexico_City, the
// shops' zone), so a run across midnight finds it closed too.

const SIEMPRE_ABIERTA = [
  'LUNES',
  'MARTES',
  'MIERCOLES',
  'JUEVES',
  'VIERNES',
  'SABADO',
  'DOMINGO',
].map((dia) => ({ dia, apertura: '00:00:00', cierre: '23:59:59', cerrado: false }));

/** YYYY-MM-DD in Mexico City, `days` after now. */
function fechaEnMexico(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A category with one product, added by the shop's owner. */
async function conCategoria(shop: SeededShop, title: string): Promise<void> {
  const imageUrl = shop.productos[0]!.imageUrl;
  await addCategoria(shop.owner, title, [{ name: `Especial de ${title}`, price: 30 }], imageUrl);
}

test('el directorio dice qué vende cada tienda y si está abierta, sin ensanchar la página', async ({
  page,
  shot,
}) => {
  // 35 characters without a space: the longest name a shop may have.
  const largo = `Taqueriaelgranfogondedonpancho${unique()}`.slice(0, 35);
  const abierta = await createShop({
    nombre: largo,
    categoria: 'Tacos',
    productos: [{ name: 'Taco de suadero', price: 25 }],
  });
  await conCategoria(abierta, 'Bebidas');
  await conCategoria(abierta, 'Antojitos');
  await api('/api/horario/addrange', { token: abierta.owner.token, body: SIEMPRE_ABIERTA });

  const cerrada = await createShop({
    nombre: `Cafe ${unique()}`,
    categoria: 'Cafés',
    productos: [{ name: 'Café de olla', price: 30 }],
  });
  await api('/api/horario/addrange', { token: cerrada.owner.token, body: SIEMPRE_ABIERTA });
  for (const fecha of [fechaEnMexico(0), fechaEnMexico(1)]) {
    await api('/api/horariosdias/add', { token: cerrada.owner.token, body: { fecha } });
  }

  await openRoute(page, '/');
  // Each card: a link named by the shop, described by what it sells and open or closed now.
  const tarjetaAbierta = page.getByRole('link', { name: abierta.nombre, exact: true });
  await expect(tarjetaAbierta).toHaveAccessibleDescription(
    'Antojitos · Bebidas · Tacos Abierto · cierra a las 23:59',
  );
  await expect(tarjetaAbierta.getByText('Abierto · cierra a las 23:59')).toHaveClass(
    /text-emerald-800/,
  );
  const tarjetaCerrada = page.getByRole('link', { name: cerrada.nombre, exact: true });
  await expect(tarjetaCerrada).toHaveAccessibleDescription(/^Cafés Cerrado · abre /);
  await expect(tarjetaCerrada.getByText(/^Cerrado · abre /)).toHaveClass(/text-stone-700/);
  await expect(page.getByText(`/tienda/${abierta.usuario}`)).toHaveCount(0);

  // The long name wraps: nothing on the page is wider than the phone.
  await expect(tarjetaAbierta.getByText(largo, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const caja = await tarjetaAbierta.boundingBox();
  expect(caja!.x + caja!.width).toBeLessThanOrEqual(390);
  await tarjetaAbierta.scrollIntoViewIfNeeded();
  await shot('directorio');

  // The card leads to the shop's page.
  await tarjetaAbierta.click();
  await expect(page.getByRole('heading', { level: 1, name: abierta.nombre })).toBeVisible();
});
