import { addCategoria, createShop, unique, uploadImage, type SeededShop } from './fixtures/api';
import { appLista, expect, expectRoute, test } from './fixtures/test';

// The shop's link is the menu: every category as a section, chips that stay in sight and jump to
// them, and the basket bar that says what is in the basket, what the minimum still wants and what
// shipping will add, before checkout.

const BEBIDAS = [
  'Agua de jamaica',
  'Agua de horchata',
  'Agua de limón',
  'Refresco',
  'Café de olla',
];

async function menuDeDosCategorias(): Promise<SeededShop> {
  const shop = await createShop({
    nombre: `Fonda Doña Mari ${unique()}`,
    categoria: 'Tacos',
    montoMinimo: 100,
    costoDeEnvio: 25,
    productos: [
      { name: 'Taco de canasta', price: 18.5 },
      { name: 'Taco de pastor', price: 22 },
      { name: 'Gringa', price: 45 },
      { name: 'Quesadilla', price: 30 },
    ],
  });
  await addCategoria(
    shop.owner,
    'Bebidas',
    BEBIDAS.map((name) => ({ name, price: 20 })),
    await uploadImage(shop.owner.token),
  );
  return shop;
}

test('la tienda abre en su menú entero; la barra de la canasta dice lo que falta para el mínimo', async ({
  page,
  shot,
}) => {
  const shop = await menuDeDosCategorias();
  await page.goto(`/tienda/${shop.usuario}`);
  await appLista(page);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  // No hours set: open all day.
  await expect(page.getByText('Abierto', { exact: true })).toBeVisible();
  const chips = page.getByRole('navigation', { name: 'Categorías del menú' });
  await expect(chips.getByRole('link')).toHaveText(['Bebidas', 'Tacos']);
  // Products and prices on the first screen, no tap needed.
  const tacos = page.getByRole('region', { name: 'Tacos' });
  await expect(tacos.getByRole('link', { name: /Gringa/ })).toContainText('$ 45.00');
  await shot('menu');

  // A chip jumps to its section, and the chips stay in sight under the top bar.
  await chips.getByRole('link', { name: 'Tacos' }).click();
  await expect(tacos.getByRole('heading', { name: 'Tacos' })).toBeInViewport();
  await expect(chips).toBeInViewport();
  await expect(page).toHaveURL(/#categoria-tacos$/);

  // The basket bar appears with the first product: pieces, subtotal, what the minimum wants, shipping.
  await page.getByRole('button', { name: 'Agregar Gringa' }).click();
  const barra = page.getByRole('region', { name: 'Tu canasta' });
  await expect(barra.getByRole('link')).toHaveText('Ver canasta · 1 · $ 45.00');
  await expect(barra).toContainText('Te faltan $ 55.00 para el mínimo');
  await expect(barra).toContainText('Envío $ 25.00');
  await shot('barra-con-minimo');

  // The minimum counts products only: 45 + 2 × 30 = 105 reaches it.
  await page.getByRole('button', { name: 'Agregar Quesadilla' }).click();
  await page.getByRole('button', { name: 'Aumentar cantidad de Quesadilla' }).click();
  await expect(barra.getByRole('link')).toHaveText('Ver canasta · 3 · $ 105.00');
  await expect(barra).not.toContainText('Te faltan');
  await shot('barra-minimo-alcanzado');

  // The bar leads to checkout.
  await barra.getByRole('link').click();
  await expectRoute(page, '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});
