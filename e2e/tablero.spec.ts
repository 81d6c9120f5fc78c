import {
  createTaqueria,
  GRUPO_TORTILLA,
  pedidosDeLaTienda,
  pedirComoInvitado,
  productoDe,
} from './fixtures/api';
import { conSesion, expect, horaEnLaTienda, openRoute, test } from './fixtures/test';

// The owner's board on a phone propped up by the grill (docs/web-screens.md, "The order board"):
// the orders come first, each card says what to cook, and an order is accepted from its card.

test('el tablero muestra primero los pedidos y se aceptan desde la tarjeta', async ({
  page,
  context,
  shot,
}) => {
  const shop = await createTaqueria('Taquería El Fogón', [GRUPO_TORTILLA]);
  const taco = productoDe(shop, 'Taco de suadero');
  const harina = taco.grupos?.[0]?.opciones.find((o) => o.nombre === 'Harina');
  if (!harina) throw new Error('el taco no tiene la opción Harina');
  const agua = productoDe(shop, 'Agua de jamaica');

  const primero = await pedirComoInvitado(shop, {
    nombreCompleto: 'Marta Gómez',
    lineas: [{ productoId: agua.id, cantidad: 1 }],
  });
  const segundo = await pedirComoInvitado(shop, {
    nombreCompleto: 'Pedro Sánchez',
    lineas: [{ productoId: agua.id, cantidad: 3 }],
  });
  const tercero = await pedirComoInvitado(shop, {
    nombreCompleto: 'Lucía Ramírez',
    lineas: [
      { productoId: taco.id, cantidad: 2, opciones: [harina.id], nota: 'sin cebolla' },
      { productoId: agua.id, cantidad: 1 },
    ],
    entrega: { tipo: 'RECOGER' },
    pago: { metodo: 'EFECTIVO', pagaCon: 500 },
    nota: 'Paso en 20 minutos',
  });

  await conSesion(context, shop.owner.token);
  await openRoute(page, '/pedidos');
  const tarjeta = page.getByRole('article', {
    name: `Pedido ${tercero.pedido.id} de Lucía Ramírez, ver detalle`,
  });
  await expect(tarjeta).toBeVisible();

  // What to cook, who, how it goes and how it is paid, on the card.
  await expect(tarjeta.getByRole('list', { name: 'Productos' }).getByRole('listitem')).toHaveText([
    '2× Taco de suadero · Harina · sin cebolla',
    '1× Agua de jamaica',
  ]);
  await expect(tarjeta).toContainText('Nota: Paso en 20 minutos');
  await expect(tarjeta).toContainText('Recoger en tienda');
  await expect(tarjeta).toContainText('Efectivo · Paga con $ 500.00 · llevar cambio');
  await expect(tarjeta).toContainText(/hace (un momento|\d+ min)/);

  // The newest order and its "Aceptar · 15 min" sit inside the first screen of a 390×844 phone.
  const aceptar15 = tarjeta.getByRole('button', { name: 'Aceptar · 15 min' });
  await expect(aceptar15).toBeInViewport({ ratio: 1 });
  const caja = await aceptar15.boundingBox();
  if (!caja) throw new Error('"Aceptar · 15 min" no está en pantalla');
  expect(caja.y + caja.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('tablero-primero-los-pedidos');

  // One tap accepts it, ready in 15 minutes: the card says so and offers no accepting again.
  const antes = Date.now();
  await aceptar15.click();
  await expect(tarjeta.getByText('Aceptado', { exact: true })).toBeVisible();
  await expect(tarjeta.getByRole('group', { name: /^Aceptar el pedido/ })).toHaveCount(0);
  let pedidos = await pedidosDeLaTienda(shop);
  const aceptado = pedidos.find((p) => p.id === tercero.pedido.id);
  expect(aceptado?.status).toBe('ACEPTADO');
  const listo = Date.parse(aceptado?.listoEstimado ?? '');
  expect((listo - antes) / 60_000).toBeGreaterThan(14.5);
  expect((listo - Date.now()) / 60_000).toBeLessThanOrEqual(15.5);
  await expect(tarjeta).toContainText(
    `Listo aprox. a las ${horaEnLaTienda(aceptado?.listoEstimado ?? '')}`,
  );
  await shot('tablero-aceptado');

  // Another quick time on the next card, and any time through "Otro".
  const deSegundo = page.getByRole('article', {
    name: `Pedido ${segundo.pedido.id} de Pedro Sánchez, ver detalle`,
  });
  await deSegundo.getByRole('button', { name: 'Aceptar · 30 min' }).click();
  await expect(deSegundo.getByText('Aceptado', { exact: true })).toBeVisible();

  const dePrimero = page.getByRole('article', {
    name: `Pedido ${primero.pedido.id} de Marta Gómez, ver detalle`,
  });
  await dePrimero.getByRole('button', { name: 'Aceptar con otro tiempo' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Aceptar pedido' });
  await dialogo.getByLabel('Otro tiempo (minutos)').fill('25');
  await dialogo.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await expect(dialogo).toBeHidden();
  await expect(dePrimero.getByText('Aceptado', { exact: true })).toBeVisible();

  // Each ready time counts from its acceptance.
  pedidos = await pedidosDeLaTienda(shop);
  const minutosDe = (id: number) => {
    const p = pedidos.find((x) => x.id === id);
    if (p?.status !== 'ACEPTADO' || !p.aceptadoEn || !p.listoEstimado) return undefined;
    return Math.round((Date.parse(p.listoEstimado) - Date.parse(p.aceptadoEn)) / 60_000);
  };
  expect(minutosDe(segundo.pedido.id)).toBe(30);
  expect(minutosDe(primero.pedido.id)).toBe(25);

  // Sound, pause and the phone's alerts wait behind "Opciones".
  const opciones = page.getByRole('button', { name: 'Opciones', exact: true });
  await expect(opciones).toHaveAttribute('aria-expanded', 'false');
  await opciones.click();
  await expect(page.getByRole('region', { name: 'Recepción de pedidos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Avisos de pedidos nuevos' })).toBeVisible();
  await shot('tablero-opciones');
});
