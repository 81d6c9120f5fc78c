import { createShop, pedirComoInvitado, unique } from './fixtures/api';
import { aceptarInvitacion, enlaceDeInvitacion } from './fixtures/personal';
import { conSesion, expect, expectRoute, openRoute, otroTelefono, test } from './fixtures/test';

// Issue 32's journey (docs/api.md, "Staff and the kitchen"; docs/web-screens.md, "The kitchen
// display"), on a phone and on a landscape tablet by the grill: the owner invites a cook from
// 'Personal', the cook accepts the emailed link and sees the kitchen display and nothing else,
// the owner accepts a guest's order on the board, the ticket arrives live on the kitchen
// display, the cook taps "Listo", and the guest's tracking page says so while it is open.

const TAMANOS = [
  { nombre: 'teléfono', viewport: { width: 390, height: 844 } },
  { nombre: 'tableta horizontal', viewport: { width: 1280, height: 800 } },
] as const;

for (const { nombre, viewport } of TAMANOS) {
  test.describe(`en ${nombre}`, () => {
    test.use({ viewport });

    test('la dueña invita a un cocinero, él marca el pedido listo y el invitado lo ve', async ({
      page,
      context,
      browser,
      shot,
    }) => {
      const shop = await createShop({
        nombre: `Taquería La Brasa ${unique()}`,
        entrega: { recoger: true, domicilio: true },
        productos: [{ name: 'Taco de suadero', price: 22 }],
      });

      // ---- The owner invites the cook from 'Personal' ----
      await conSesion(context, shop.owner.token);
      await openRoute(page, '/personal');
      const email = `cocina${unique()}@e2e.com`;
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Nombre completo').fill('Juan Pérez');
      await page.getByRole('radio', { name: /Cocina/ }).check();
      await page.getByRole('button', { name: 'Enviar invitación' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `Invitación enviada a ${email}` }),
      ).toBeVisible();

      // ---- The cook's device: the emailed link, then the kitchen display only ----
      const cocina = await otroTelefono(browser, page);
      await aceptarInvitacion(cocina.page, await enlaceDeInvitacion(email), 'Juan Pérez', shot);
      await expectRoute(cocina.page, '/cocina');
      const barra = cocina.page.getByRole('navigation', { name: 'Menú principal' });
      await expect(barra.getByRole('link')).toHaveText(['Cocina', 'Salir']);
      await expect(cocina.page.getByText('No hay pedidos en preparación')).toBeVisible();
      await expect(cocina.page.getByText('En vivo')).toBeVisible();
      // The owner's board is not the cook's: it sends him back to his display.
      await openRoute(cocina.page, '/pedidos');
      await expectRoute(cocina.page, '/cocina');
      await expect(cocina.page.getByText('En vivo')).toBeVisible();

      // ---- A guest orders for pickup and keeps the tracking page open ----
      const { pedido, seguimiento } = await pedirComoInvitado(shop, {
        nombreCompleto: 'Rosa Martínez',
        entrega: { tipo: 'RECOGER' },
        nota: 'Con salsa verde',
      });
      const invitado = await otroTelefono(browser, page);
      await openRoute(invitado.page, `/pedido/seguimiento/${seguimiento}`);
      await expect(invitado.page.getByText('Se actualiza solo')).toBeVisible();

      // ---- The owner accepts it on the board ----
      await openRoute(page, '/pedidos');
      const tarjeta = page.getByRole('article', {
        name: `Pedido ${pedido.id} de Rosa Martínez, ver detalle`,
      });
      await tarjeta.getByRole('button', { name: 'Aceptar · 15 min' }).click();
      await expect(
        tarjeta.getByRole('button', { name: `Marcar listo, pedido #${pedido.id}` }),
      ).toBeVisible();

      // ---- The ticket arrives live on the kitchen display ----
      const ticket = cocina.page.getByRole('article', {
        name: `Pedido #${pedido.id}`,
        exact: true,
      });
      await expect(ticket).toContainText('2 x Taco de suadero');
      await expect(ticket).toContainText('Con salsa verde');
      await expect(ticket).toContainText(/Faltan 1[45] min/);
      await shot(`cocina-${viewport.width}`, cocina.page);

      // ---- "Listo": the ticket leaves, and the guest reads it at once ----
      await ticket
        .getByRole('button', { name: `Listo, pedido #${pedido.id}`, exact: true })
        .click();
      await expect(ticket).toHaveCount(0);
      await expect(cocina.page.getByText('No hay pedidos en preparación')).toBeVisible();
      await expect(
        invitado.page
          .getByRole('status')
          .filter({ hasText: '¡Tu pedido está listo para recoger!' }),
      ).toBeVisible();
      await shot(`seguimiento-listo-${viewport.width}`, invitado.page);

      // ---- The owner's board turns the card to 'Completar', and the detail names the cook ----
      await expect(tarjeta.getByRole('button', { name: /^Completar/ })).toBeVisible();
      await openRoute(page, `/pedidosdetalle?id=${pedido.id}`);
      await expect(page.getByText('Listo: Juan Pérez (Cocina)')).toBeVisible();

      await invitado.close();
      await cocina.close();
    });
  });
}
