import type { Locator } from '@playwright/test';
import { createShop, miTienda } from './fixtures/api';
import { conSesion, expect, expectRoute, openRoute, otroTelefono, test } from './fixtures/test';

// Issue 29, "Option groups": an owner adds a taco whose tortilla must be chosen without typing a
// number. A new group is already "Obligatorio" and "Solo una"; the preview under it shows what
// the customer will see ('Elige 1', the Obligatorio mark, 'Harina +$ 5.00'). Saved, the
// customer's product page on another phone shows the group marked Obligatorio, and 'Agregar al
// carrito' waits for the tortilla.

const IMAGEN = 'e2e/fixtures/imagen.png';

/** Taps, then moves the pointer away so no hover style lingers in the screenshots. */
async function tocar(target: Locator): Promise<void> {
  await target.click();
  await target.page().mouse.move(0, 0);
}

test('el dueño agrega un taco con tortilla obligatoria y el cliente debe elegirla', async ({
  page,
  browser,
  shot,
}) => {
  const shop = await createShop({
    categoria: 'Tacos',
    productos: [{ name: 'Agua de jamaica', price: 20 }],
  });
  await conSesion(page.context(), shop.owner.token);

  // ---- The owner's product form ----
  await openRoute(page, '/mitienda');
  await tocar(page.getByRole('button', { name: 'Agregar', exact: true }));
  await tocar(page.getByRole('button', { name: 'Agregar Producto' }));
  await expectRoute(page, '/producto-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Agregar Producto' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Taco de pastor');
  await page.getByLabel('Descripción').fill('Con piña y cilantro');
  await page.getByLabel('Detalle').fill('Preparado al momento');
  await page.getByLabel('Precio (pesos)').fill('25');
  await page.getByLabel('Categoría').selectOption({ label: 'Tacos' });
  await page.getByLabel('Imagen', { exact: true }).setInputFiles(IMAGEN);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();

  // ---- A Tortilla group: required and single choice from the start ----
  await tocar(page.getByRole('button', { name: 'Agregar grupo de opciones' }));
  const grupo = page.getByRole('group', { name: /^Grupo 1/ });
  await expect(grupo.getByLabel('Nombre del grupo')).toBeFocused();
  await page.keyboard.type('Tortilla');
  const obligatorio = grupo.getByRole('switch', { name: 'Obligatorio' });
  await expect(obligatorio).toHaveAttribute('aria-checked', 'true');
  await expect(grupo.getByRole('radio', { name: 'Solo una' })).toBeChecked();
  // No numbers to type for the common case.
  await expect(grupo.getByLabel('Mínimo', { exact: true })).toHaveCount(0);
  await grupo.getByLabel('Nombre de la opción').fill('Maíz');
  await tocar(grupo.getByRole('button', { name: 'Agregar opción a Tortilla' }));
  await expect(grupo.getByLabel('Nombre de la opción').nth(1)).toBeFocused();
  await page.keyboard.type('Harina');
  await grupo.getByLabel('Precio extra (pesos)').nth(1).fill('5');

  // The live preview: the group as the customer's page will show it.
  const vista = grupo.getByRole('region', { name: 'Así lo verá tu cliente' });
  const tortillaVista = vista.getByRole('group', { name: /^Tortilla/ });
  await expect(tortillaVista).toContainText('Elige 1');
  await expect(tortillaVista).toContainText('Obligatorio');
  await expect(tortillaVista.getByRole('radio', { name: 'Harina +$ 5.00' })).toBeVisible();
  await expect(tortillaVista.getByRole('radio', { name: 'Ninguna' })).toHaveCount(0);
  await expect(page.getByText('Desde $ 25.00 · con opciones hasta $ 30.00')).toBeVisible();
  await vista.scrollIntoViewIfNeeded();
  await shot('grupo-obligatorio');

  await tocar(page.getByRole('button', { name: 'Guardar' }));
  await expectRoute(page, '/mitienda');
  await expect(page.getByRole('button', { name: /^Tacos\s*2 productos/ })).toBeVisible();

  // What was saved: minimo 1, maximo 1.
  const taco = (await miTienda(shop.owner)).categorias
    .flatMap((c) => c.productos)
    .find((p) => p.name === 'Taco de pastor');
  expect(taco?.grupos).toMatchObject([
    {
      nombre: 'Tortilla',
      minimo: 1,
      maximo: 1,
      opciones: [
        { nombre: 'Maíz', precioExtra: 0 },
        { nombre: 'Harina', precioExtra: 5 },
      ],
    },
  ]);

  // ---- The customer's product page, on another phone ----
  const cliente = await otroTelefono(browser, page);
  const p = cliente.page;
  await openRoute(p, `/tienda/${shop.usuario}/tacos/productodetalle/${taco?.id}`);
  await expect(p.getByRole('heading', { level: 1, name: 'Taco de pastor' })).toBeVisible();
  const opciones = p.getByRole('region', { name: 'Opciones de Taco de pastor' });
  const tortilla = opciones.getByRole('group', { name: /^Tortilla/ });
  await expect(tortilla).toContainText('Elige 1');
  await expect(tortilla).toContainText('Obligatorio');
  const agregar = p.getByRole('button', { name: /^Agregar al carrito/ });
  await expect(agregar).toHaveText('Agregar al carrito · $ 25.00');
  await expect(agregar).toBeDisabled();
  await expect(p.getByText('Elige al menos 1 opción en Tortilla')).toBeVisible();
  await shot('cliente-sin-elegir', p);

  await tortilla.getByRole('radio', { name: /^Harina/ }).check();
  await expect(agregar).toBeEnabled();
  await expect(agregar).toHaveText('Agregar al carrito · $ 30.00');
  await expect(p.getByText('Elige al menos 1 opción en Tortilla')).toHaveCount(0);
  await agregar.click();
  await expect(p.getByText('Producto agregado')).toBeVisible();
  await cliente.close();
});
