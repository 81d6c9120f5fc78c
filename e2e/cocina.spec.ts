import {
  aceptarPedido,
  api,
  createTaqueria,
  GRUPO_TORTILLA,
  pedidosDeLaTienda,
  pedirComoInvitado,
  productoDe,
  unique,
  type SeededShop,
} from './fixtures/api';
import { axe } from './fixtures/axe';
import { esperarMensajes } from './fixtures/outbox';
import { conSesion, expect, openRoute, otroTelefono, test } from './fixtures/test';

// The kitchen display (docs/web-screens.md, "The kitchen display"; docs/api.md, "Staff and the
// kitchen"): a cook signed in as COCINA sees the accepted orders as tickets, the one due first
// first, new ones arriving live, and marks each ready with one tap; the guest following that
// order reads it at once, and the owner's detail says who did it.

/** The owner invites a cook by email and the cook accepts the link: the cook's session token. */
async function invitarCocinero(shop: SeededShop, nombreCompleto: string): Promise<string> {
  const email = `cocina-${unique()}@example.com`;
  await api('/api/tienda/personal', {
    token: shop.owner.token,
    body: { email, nombreCompleto, rol: 'COCINA' },
  });
  const [invitacion] = await esperarMensajes(email);
  const token = /token=([\w-]+)/.exec(invitacion?.texto ?? '')?.[1];
  if (!token) throw new Error('la invitación no trae su enlace');
  const aceptada = await api<{ token: string }>('/api/personal/aceptar', {
    body: { token, password: 'Cocina-2026!', nombreCompleto },
  });
  return aceptada.token;
}

test('la cocina ve los pedidos aceptados en vivo y los marca listos', async ({
  page,
  context,
  browser,
  shot,
}) => {
  const shop = await createTaqueria('Taquería La Lumbre', [GRUPO_TORTILLA]);
  const taco = productoDe(shop, 'Taco de suadero');
  const harina = taco.grupos?.[0]?.opciones.find((o) => o.nombre === 'Harina');
  if (!harina) throw new Error('el taco no tiene la opción Harina');
  const agua = productoDe(shop, 'Agua de jamaica');
  const cocinero = await invitarCocinero(shop, 'Juan Pérez');

  const paraRecoger = await pedirComoInvitado(shop, {
    nombreCompleto: 'Marta Gómez',
    lineas: [
      { productoId: taco.id, cantidad: 3, opciones: [harina.id], nota: 'sin cebolla' },
      { productoId: agua.id, cantidad: 1 },
    ],
    entrega: { tipo: 'RECOGER' },
    nota: 'Paso en 20 minutos',
  });
  const aDomicilio = await pedirComoInvitado(shop, {
    nombreCompleto: 'Pedro Sánchez',
    lineas: [{ productoId: agua.id, cantidad: 2 }],
  });
  const sinAceptar = await pedirComoInvitado(shop, { nombreCompleto: 'Lucía Ramírez' });
  await aceptarPedido(shop, paraRecoger.pedido.id, 20);
  await aceptarPedido(shop, aDomicilio.pedido.id, 45);

  // The cook's phone: the accepted orders only, due first first, no phone or address.
  await conSesion(context, cocinero);
  await openRoute(page, '/cocina');
  const titulos = page.getByRole('heading', { level: 2, name: /^Pedido #/ });
  await expect(titulos).toHaveText([
    `Pedido #${paraRecoger.pedido.id}`,
    `Pedido #${aDomicilio.pedido.id}`,
  ]);
  await expect(page.getByText('En vivo')).toBeVisible();
  const ticket = page.getByRole('article', {
    name: `Pedido #${paraRecoger.pedido.id}`,
    exact: true,
  });
  await expect(ticket.getByRole('list', { name: 'Productos' }).getByRole('listitem')).toHaveText([
    '3 x Taco de suaderoTortilla: HarinaNota: sin cebolla',
    '1 x Agua de jamaica',
  ]);
  await expect(ticket).toContainText('Recoger en tienda');
  await expect(ticket).toContainText('Nota del pedido: Paso en 20 minutos');
  await expect(ticket).toContainText(/Faltan (19|20) min/);
  await expect(page.getByRole('main')).not.toContainText('Calle Hidalgo');
  const listo = ticket.getByRole('button', {
    name: `Listo, pedido #${paraRecoger.pedido.id}`,
    exact: true,
  });
  await expect(listo).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axe(page)).toEqual([]);
  await shot('cocina-telefono');

  // Accepted at the counter, due first: it arrives on the display, first.
  await aceptarPedido(shop, sinAceptar.pedido.id, 5);
  await expect(titulos).toHaveText([
    `Pedido #${sinAceptar.pedido.id}`,
    `Pedido #${paraRecoger.pedido.id}`,
    `Pedido #${aDomicilio.pedido.id}`,
  ]);

  // The guest follows the pickup order on their own phone while the cook marks it ready.
  const invitado = await otroTelefono(browser, page);
  await openRoute(invitado.page, `/pedido/seguimiento/${paraRecoger.seguimiento}`);
  await expect(invitado.page.getByText('Se actualiza solo')).toBeVisible();

  await listo.click();
  await expect(titulos).toHaveText([
    `Pedido #${sinAceptar.pedido.id}`,
    `Pedido #${aDomicilio.pedido.id}`,
  ]);
  await expect(page.getByRole('region', { name: 'Listos' })).toContainText(
    `#${paraRecoger.pedido.id} Marta Gómez`,
  );
  await expect(
    invitado.page.getByRole('status').filter({ hasText: '¡Tu pedido está listo para recoger!' }),
  ).toBeVisible();
  await invitado.close();
  const guardado = (await pedidosDeLaTienda(shop)).find((p) => p.id === paraRecoger.pedido.id);
  expect(guardado?.status).toBe('LISTO');

  // A landscape tablet: the tickets side by side.
  await page.setViewportSize({ width: 1024, height: 768 });
  const primero = await page.getByRole('article').nth(0).boundingBox();
  const segundo = await page.getByRole('article').nth(1).boundingBox();
  expect(primero && segundo && Math.abs(primero.y - segundo.y)).toBe(0);
  expect(segundo?.x ?? 0).toBeGreaterThan((primero?.x ?? 0) + (primero?.width ?? 0));
  await shot('cocina-tableta');

  // The owner's detail says who marked it ready.
  const dueno = await otroTelefono(browser, page, { token: shop.owner.token });
  await openRoute(dueno.page, `/pedidosdetalle?id=${paraRecoger.pedido.id}`);
  await expect(dueno.page.getByText('Listo: Juan Pérez (Cocina)')).toBeVisible();
  await expect(dueno.page.getByRole('button', { name: 'Completar Pedido' })).toBeVisible();
  await dueno.close();
});
