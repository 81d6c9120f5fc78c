import fs from 'node:fs/promises';
import { createTaqueria, GRUPO_TORTILLA, productoDe } from './fixtures/api';
import { conSesion, expect, expectRoute, openRoute, test } from './fixtures/test';
import { cancelarPedido, completarPedido, pedidoInvitado } from './fixtures/ventas';

// Sales for the owner (docs/sales.md): three orders placed today through the API (two
// completed, one cancelled), then the owner opens Ventas from the 'Más' menu on a phone, reads
// the day's figures, switches to 7 days and to a chosen range (an empty one, then a reversed
// one), opens the cash close, and exports the day's CSV, which parses back with its BOM.

/** Today on the shop's wall clock (the browser runs in America/Mexico_City too). */
function hoyEnLaTienda(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
}

/** RFC 4180 rows (the export's quoting), for reading the file back. */
function leerCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

test('el dueño ve sus ventas del día, cambia el periodo, revisa el corte y exporta el CSV', async ({
  page,
  shot,
}) => {
  const shop = await createTaqueria('Taquería Las Ventas', [GRUPO_TORTILLA]);
  const taco = productoDe(shop, 'Taco de suadero');
  const agua = productoDe(shop, 'Agua de jamaica');
  const maiz = taco.grupos?.[0]?.opciones[0]?.id ?? 0;
  // 2 tacos on corn, pickup, cash: $ 50.00.
  const primero = await pedidoInvitado(shop, {
    nombreCompleto: 'Lucía Pérez, "La Güera"',
    lineas: [{ productoId: taco.id, cantidad: 2, opciones: [maiz] }],
    entrega: { tipo: 'RECOGER' },
    metodo: 'EFECTIVO',
  });
  // A drink delivered ($ 20 shipping), card terminal: $ 40.00.
  const segundo = await pedidoInvitado(shop, {
    nombreCompleto: 'Mario Sánchez',
    lineas: [{ productoId: agua.id, cantidad: 1 }],
    entrega: { tipo: 'DOMICILIO', direccion: 'Calle Morelos 12, Centro' },
    metodo: 'TERMINAL',
  });
  // Cancelled: exported, never a sale.
  const cancelado = await pedidoInvitado(shop, {
    nombreCompleto: '=Cancelado',
    lineas: [{ productoId: agua.id, cantidad: 3 }],
    entrega: { tipo: 'RECOGER' },
    metodo: 'EFECTIVO',
  });
  await completarPedido(shop, primero);
  await completarPedido(shop, segundo);
  await cancelarPedido(shop, cancelado);
  const hoy = hoyEnLaTienda();

  await conSesion(page.context(), shop.owner.token);

  // ---- From the orders board, through 'Más', to Ventas ----
  await openRoute(page, '/pedidos');
  await page.getByRole('button', { name: 'Más opciones' }).click();
  await page.getByRole('link', { name: 'Ventas' }).click();
  await expectRoute(page, '/ventas');
  await expect(page.getByRole('heading', { level: 1, name: 'Ventas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hoy' })).toHaveAttribute('aria-pressed', 'true');

  const cifra = (label: string) =>
    page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(cifra('Total vendido')).toHaveText('$ 90.00');
  await expect(cifra('Pedidos')).toHaveText('2');
  await expect(cifra('Ticket promedio')).toHaveText('$ 45.00');
  const productos = page.getByRole('list', { name: 'Productos más vendidos' });
  await expect(productos.getByRole('listitem').first()).toContainText('Taco de suadero');
  await expect(productos.getByRole('listitem').first()).toContainText('× 2');
  await expect(productos.getByRole('listitem').first()).toContainText('$ 50.00');
  const metodos = page.getByRole('list', { name: 'Por forma de pago' });
  await expect(metodos.getByRole('listitem').filter({ hasText: 'Efectivo' })).toContainText(
    '$ 50.00',
  );
  await expect(
    metodos.getByRole('listitem').filter({ hasText: 'Tarjeta (terminal)' }),
  ).toContainText('$ 40.00');
  // Both charts drew (uPlot, from the Ventas chunk) and have their tables for screen readers.
  await expect(page.locator('[data-grafica="Ventas por día"] canvas')).toHaveCount(1);
  await expect(page.locator('[data-grafica="Pedidos por hora"] canvas')).toHaveCount(1);
  // Both orders are in the table of hours (as hidden rows for screen readers).
  const porHora = page.getByRole('table', { name: 'Pedidos por hora del día' });
  await expect(porHora.locator('tbody tr')).not.toHaveCount(0);
  await shot('hoy');

  // ---- 7 days: the same orders, another range ----
  await page.getByRole('button', { name: '7 días' }).click();
  await expect(page.getByRole('button', { name: '7 días' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText(/^Del \d+ \w+ al \d+ \w+/)).toBeVisible();
  await expect(cifra('Total vendido')).toHaveText('$ 90.00');
  await shot('siete-dias');

  // ---- A chosen range: empty, then reversed ----
  await page.getByRole('button', { name: 'Rango' }).click();
  await page.getByLabel('Desde').fill('2020-01-01');
  await page.getByLabel('Hasta').fill('2020-01-31');
  await page.getByRole('button', { name: 'Ver ventas' }).click();
  await expect(page.getByText('Aún no hay ventas en este periodo')).toBeVisible();
  await shot('rango-vacio');
  await page.getByLabel('Desde').fill('2020-02-10');
  await page.getByLabel('Hasta').fill('2020-02-01');
  await page.getByRole('button', { name: 'Ver ventas' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'La fecha de inicio (desde) no puede ser posterior a la fecha final (hasta)',
  );

  // ---- The day's cash close ----
  await page.getByRole('button', { name: 'Hoy' }).click();
  await page.getByRole('link', { name: 'Corte de caja' }).click();
  await expectRoute(page, '/ventas/corte');
  await expect(page.getByText('Efectivo que debe haber en caja')).toBeVisible();
  await expect(page.getByText('1 pedido · $ 50.00').first()).toBeVisible();
  await expect(page.getByText('1 pedido · $ 40.00')).toBeVisible();
  await shot('corte');
  await page.locator('h1').locator('..').getByRole('link', { name: 'Ventas' }).click();
  await expectRoute(page, '/ventas');

  // ---- Export the day's CSV and read it back ----
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await download;
  expect(archivo.suggestedFilename()).toBe(`ventas-${hoy}-a-${hoy}.csv`);
  const bytes = await fs.readFile(await archivo.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = leerCsv(bytes.subarray(3).toString('utf8'));
  expect(header).toEqual([
    'Pedido',
    'Fecha',
    'Estado',
    'Cliente',
    'Teléfono',
    'Entrega',
    'Forma de pago',
    'Producto',
    'Opciones',
    'Cantidad',
    'Precio unitario',
    'Importe',
    'Total del pedido',
  ]);
  expect(rows.map((r) => [Number(r[0]), r[2], r[3], r[7], r[8], r[9], r[12]])).toEqual([
    [
      primero,
      'COMPLETADO',
      'Lucía Pérez, "La Güera"',
      'Taco de suadero',
      'Tortilla: Maíz',
      '2',
      '50.00',
    ],
    [segundo, 'COMPLETADO', 'Mario Sánchez', 'Agua de jamaica', '', '1', '40.00'],
    [cancelado, 'CANCELADO', "'=Cancelado", 'Agua de jamaica', '', '3', '60.00'],
  ]);
  expect(rows.every((r) => r[1]!.startsWith(hoy))).toBe(true);
});
