import { api, createShop, unique, type SeededShop } from './fixtures/api';
import { conSesion, expect, openRoute, test } from './fixtures/test';

// The owner's order history beyond the newest page (docs/api.md, "Order life": the board loads
// the newest 500 orders; older ones come with `antes`). A shop with 503 orders typed by its
// owner: the board shows the newest 500, "Cargar pedidos anteriores" (used from the keyboard)
// first fails because the connection drops, says so and keeps the button; then it brings the
// last 3, announces it, says that everything is shown and takes focus there. The oldest order
// opens its detail and the board, back, still lists it.

// page.route must see the app's requests: no service worker in between (pwa.spec.ts tests it).
test.use({ serviceWorkers: 'block' });

const PAGINA = 500;
const TOTAL = PAGINA + 3;

/** `n` orders typed by the owner, a few at a time (the manual order has no rate limit). */
async function sembrarPedidos(shop: SeededShop, n: number): Promise<void> {
  const productoId = shop.productos[0]!.id;
  const base = Date.now().toString().slice(-5);
  const uno = (i: number) =>
    api('/api/pedido/manual', {
      token: shop.owner.token,
      body: {
        lineas: [{ productoId, cantidad: 1 }],
        cliente: {
          nombreCompleto: `Cliente ${String(i).padStart(3, '0')}`,
          celular: `55${base}${String(i).padStart(3, '0')}`,
        },
        entrega: { tipo: 'RECOGER' },
        pago: { metodo: 'EFECTIVO' },
      },
    });
  // In order, so the first typed is the oldest: batches of 16 in parallel, one batch after another.
  for (let i = 0; i < n; i += 16) {
    await Promise.all(Array.from({ length: Math.min(16, n - i) }, (_, k) => uno(i + k)));
  }
}

test('el dueño carga sus pedidos anteriores a los 500 más nuevos', async ({ page, shot }) => {
  test.setTimeout(120_000);
  const shop = await createShop({
    nombre: `Tacos del Historial ${unique()}`,
    productos: [{ name: 'Taco de pastor', price: 20 }],
    entrega: { recoger: true, domicilio: false },
  });
  await sembrarPedidos(shop, TOTAL);
  const todos = await api<{ id: number; nombreCompleto: string }[]>(
    '/api/pedido/listarpedidosbytiendaid',
    { token: shop.owner.token, body: { limite: 1000 } },
  );
  expect(todos).toHaveLength(TOTAL);
  const masViejo = todos[TOTAL - 1]!;

  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/pedidos');

  // ---- The newest page: 500 orders, the oldest three are not there ----
  const estado = page.getByText(/^Mostrando \d+ de \d+ pedidos$/);
  await expect(estado).toHaveText(`Mostrando ${PAGINA} de ${PAGINA} pedidos`);
  const filaMasVieja = page.getByRole('link', {
    name: `Pedido ${masViejo.id} de ${masViejo.nombreCompleto}, ver detalle`,
  });
  await expect(filaMasVieja).toHaveCount(0);
  const cargar = page.getByRole('button', { name: 'Cargar pedidos anteriores' });
  await expect(cargar).toBeVisible();

  // ---- The connection drops on the first try: an alert, the button stays ----
  await page.route('**/api/pedido/listarpedidosbytiendaid', async (route) => {
    const body = route.request().postDataJSON() as { antes?: number } | null;
    if (body?.antes !== undefined) await route.abort('internetdisconnected');
    else await route.fallback();
  });
  await cargar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /conexi|red|internet/i })).toBeVisible();
  await expect(cargar).toBeVisible();
  await expect(cargar).toBeFocused();
  await expect(estado).toHaveText(`Mostrando ${PAGINA} de ${PAGINA} pedidos`);
  await shot('error');
  await page.unroute('**/api/pedido/listarpedidosbytiendaid');

  // ---- Again, from the keyboard: the three older orders come ----
  await page.keyboard.press('Enter');
  await expect(estado).toHaveText(`Mostrando ${TOTAL} de ${TOTAL} pedidos`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Se cargaron 3 pedidos anteriores' }),
  ).toBeVisible();
  await expect(cargar).toHaveCount(0);
  const todosMostrados = page.getByText('Ya se muestran todos los pedidos de tu tienda');
  await expect(todosMostrados).toBeFocused();
  await expect(filaMasVieja).toBeVisible();
  await shot('anteriores');

  // ---- The oldest order opens, and is still listed when the owner comes back ----
  await filaMasVieja.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Pedido #${masViejo.id}` }),
  ).toBeVisible();
  await page.goBack();
  await expect(estado).toHaveText(`Mostrando ${TOTAL} de ${TOTAL} pedidos`);
});
