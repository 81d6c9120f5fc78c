import { api, createShop, programarPedidos, unique } from './fixtures/api';
import { axe } from './fixtures/axe';
import { conSesion, expect, expectRoute, horaEnLaTienda, openRoute, test } from './fixtures/test';

// Issue 31 (docs/api.md, "Orders for later, kitchen pace and busy mode"): on her phone the owner
// opens "Pedidos programados" from the settings, turns orders for later on with 30-minute slots
// of at most 2 orders each, is told at the field when the preparation time is out of range,
// saves, and finds it all after a reload. Then, on the board, "Estamos ocupados +20" puts the
// delay in force in one tap and "Volver a normal" clears it, both as the server keeps them.

interface AjustesGuardados {
  programacion: {
    activa: boolean;
    diasAdelante: number;
    intervaloMin: number;
    pedidosPorIntervalo: number | null;
    preparacionMin: number;
  };
  pausaAutomatica?: { activa: boolean; pedidosSinAceptar: number };
  demoraMin: number;
}

test('la dueña programa pedidos de 30 min con 2 por horario, los guarda y los vuelve a ver; "Estamos ocupados +20" y "Volver a normal" en el tablero', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Tortas La Güera ${unique()}`,
    productos: [{ name: 'Torta de milanesa', price: 70 }],
  });
  const guardados = () =>
    api<AjustesGuardados>('/api/tienda/mitienda', { token: shop.owner.token });

  // ---- From the settings menu ----
  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/configuracion-de-tienda');
  await page
    .getByRole('navigation', { name: 'Configuración de la tienda' })
    .getByRole('link', { name: 'Pedidos programados' })
    .click();
  await expectRoute(page, '/pedidos-programados');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos programados' })).toBeVisible();

  const activa = page.getByRole('switch', { name: /Aceptar pedidos programados/ });
  await expect(activa).not.toBeChecked();
  await expect(page.getByRole('radio', { name: '30 min' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Sin límite' })).toBeChecked();
  await expect(page.getByText(/pausamos tu tienda 15 minutos/)).toBeVisible();

  // ---- Scheduling on, 30-minute slots, at most 2 orders each ----
  await activa.check();
  await page.getByRole('radio', { name: '30 min' }).check();
  await page.getByRole('radio', { name: 'Con límite' }).check();
  const maximo = page.getByLabel('Máximo de pedidos por horario');
  await maximo.fill('2');

  // ---- A preparation time out of range: said at the field, focused, nothing saved ----
  const preparacion = page.getByLabel('Tiempo de preparación (minutos)');
  await preparacion.fill('3');
  await expect(page.getByText('Tienes cambios sin guardar')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  const mensaje = 'Tiempo de preparación: debe ser de 5 a 180 minutos';
  await expect(page.getByRole('alert').filter({ hasText: mensaje })).toBeVisible();
  await expect(preparacion).toBeFocused();
  await expect(preparacion).toHaveAttribute('aria-invalid', 'true');
  // The focused field and its message are seen, not under the bar held over the form's end.
  const caja = await page.getByText(mensaje).boundingBox();
  const barra = await page.locator('[data-barra-acciones]').boundingBox();
  if (!caja || !barra) throw new Error('el mensaje o la barra de Guardar no están en pantalla');
  expect(caja.y).toBeGreaterThanOrEqual(0);
  expect(caja.y + caja.height).toBeLessThanOrEqual(barra.y);
  await expect(maximo).toHaveValue('2');
  expect((await guardados()).programacion.activa).toBe(false);
  // Nothing runs past the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('preparacion-fuera-de-rango');
  expect(await axe(page)).toEqual([]);

  await preparacion.fill('25');
  await expect(page.getByRole('alert').filter({ hasText: mensaje })).toBeHidden();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Pedidos programados guardados' }),
  ).toBeVisible();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  const despues = await guardados();
  expect(despues.programacion).toEqual({
    activa: true,
    diasAdelante: 0,
    intervaloMin: 30,
    pedidosPorIntervalo: 2,
    preparacionMin: 25,
  });
  // The automatic pause was sent as it was: still off.
  expect(despues.pausaAutomatica).toEqual({ activa: false, pedidosSinAceptar: 3 });
  await shot('programacion-guardada');

  // ---- After a reload, as saved ----
  await page.reload();
  await expect(page.getByRole('switch', { name: /Aceptar pedidos programados/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: '30 min' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Con límite' })).toBeChecked();
  await expect(page.getByLabel('Máximo de pedidos por horario')).toHaveValue('2');
  await expect(page.getByLabel('Tiempo de preparación (minutos)')).toHaveValue('25');
  await expect(page.getByLabel('Días por adelantado')).toHaveValue('0');

  // ---- The board: "Estamos ocupados +20" in one tap ----
  await openRoute(page, '/pedidos');
  const ocupados = page.getByRole('group', { name: 'Estamos ocupados' });
  const mas20 = ocupados.getByRole('button', { name: '+20 min' });
  await expect(mas20).toHaveAttribute('aria-pressed', 'false');
  await expect(ocupados.getByRole('button', { name: 'Volver a normal' })).toHaveCount(0);
  // Orders for later have their own tab now that the shop takes them.
  await expect(page.getByRole('tab', { name: 'Programados (0)' })).toBeVisible();
  await mas20.click();
  const enVigor = page.getByRole('heading', { name: 'Ocupados: +20 min · por hoy' });
  await expect(enVigor).toBeVisible();
  await expect(mas20).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await guardados()).demoraMin).toBe(20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('ocupados-20');
  expect(await axe(page)).toEqual([]);

  // Kept by the server: still in force after a reload.
  await page.reload();
  await expect(enVigor).toBeVisible();
  await expect(mas20).toHaveAttribute('aria-pressed', 'true');

  // ---- "Volver a normal" clears it ----
  await ocupados.getByRole('button', { name: 'Volver a normal' }).click();
  await expect(enVigor).toBeHidden();
  await expect(mas20).toHaveAttribute('aria-pressed', 'false');
  await expect(ocupados.getByRole('button', { name: '+10 min' })).toBeFocused();
  await expect.poll(async () => (await guardados()).demoraMin).toBe(0);
  await shot('tiempos-normales');
});

interface Franja {
  inicio: string;
  fin: string;
  disponible: boolean;
  restantes: number | null;
}

test('los pedidos programados esperan en "Programados" por su hora y se aceptan para su hora', async ({
  page,
  shot,
}) => {
  const shop = await createShop({
    nombre: `Panadería La Espiga ${unique()}`,
    entrega: { recoger: true, domicilio: false },
    productos: [{ name: 'Concha', price: 12 }],
  });
  // Without opening hours the shop is open round the clock: with tomorrow offered, there are
  // always slots, whatever the time the journey runs.
  await programarPedidos(shop, {
    activa: true,
    diasAdelante: 1,
    intervaloMin: 30,
    pedidosPorIntervalo: null,
    preparacionMin: 20,
  });
  const { franjas } = await api<{ franjas: Franja[] }>(`/api/tienda/franjas/${shop.usuario}`);
  const [primera, segunda] = franjas.filter((f) => f.disponible);
  if (!primera || !segunda) throw new Error('la tienda no ofrece dos horarios');
  const producto = shop.productos[0];
  if (!producto) throw new Error('la tienda no tiene productos');
  const programar = async (nombreCompleto: string, celular: string, programadoPara: string) =>
    (
      await api<{ pedido: { id: number } }>('/api/pedido/invitado', {
        headers: { 'idempotency-key': `programado-${unique()}` },
        body: {
          tiendaId: shop.tiendaId,
          lineas: [{ productoId: producto.id, cantidad: 6 }],
          cliente: { nombreCompleto, celular },
          entrega: { tipo: 'RECOGER' },
          pago: { metodo: 'EFECTIVO' },
          programadoPara,
        },
      })
    ).pedido.id;
  const sufijo = String(Date.now()).slice(-7);
  // The later one is placed first.
  const despues = await programar('Rosa Martínez', `551${sufijo}`, segunda.inicio);
  const antes = await programar('Luis Pérez', `552${sufijo}`, primera.inicio);

  await conSesion(page.context(), shop.owner.token);
  await openRoute(page, '/pedidos');
  await page.getByRole('tab', { name: 'Programados (2)' }).click();
  const tarjetas = page.getByRole('article');
  await expect(tarjetas).toHaveCount(2);
  // Earliest time first, each saying for when.
  await expect(tarjetas.nth(0)).toHaveAccessibleName(`Pedido ${antes} de Luis Pérez, ver detalle`);
  await expect(tarjetas.nth(1)).toHaveAccessibleName(
    `Pedido ${despues} de Rosa Martínez, ver detalle`,
  );
  const hora = horaEnLaTienda(primera.inicio);
  // The card's line (its accept button says the time too).
  await expect(
    tarjetas.nth(0).locator('p', { hasText: new RegExp(`^Para (mañana a )?las ${hora}$`) }),
  ).toBeVisible();
  await shot('programados');

  // Accepted for its time: no minutes sent, ready at its slot.
  const aceptar = tarjetas
    .nth(0)
    .getByRole('button', { name: new RegExp(`^Para las ${hora}( · mañana)?$`) });
  await aceptar.click();
  await expect(tarjetas.nth(0).getByText('Aceptado', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const pedidos = await api<{ id: number; status: string; listoEstimado: string | null }[]>(
        '/api/pedido/listarpedidosbytiendaid',
        { token: shop.owner.token, body: {} },
      );
      const pedido = pedidos.find((p) => p.id === antes);
      return [pedido?.status, pedido?.listoEstimado && Date.parse(pedido.listoEstimado)];
    })
    .toEqual(['ACEPTADO', Date.parse(primera.inicio)]);
  // Still waiting for its time, it stays under Programados.
  await expect(page.getByRole('tab', { name: 'Programados (2)' })).toBeVisible();
  await shot('programado-aceptado');
});
