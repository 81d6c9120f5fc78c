import type { Page } from '@playwright/test';
import { createShop, pedirComoInvitado } from './fixtures/api';
import { conSesion, expect, test } from './fixtures/test';

// A phone left on the order board rings for a new order: the browser holds sound back until
// the page is touched, so the first owner screen of a visit covers the whole phone with "Toca
// para activar el sonido"; one tap lets it ring from then on, untouched.

// The journey meets the question as a person does (the fixtures spare the other journeys it).
test.use({ preguntarSonido: true });

const PISTA = 'Toca cualquier parte de la página para que el navegador permita el sonido.';
const DESBLOQUEO_KEY = 'tianguis.pedidos.sonido.desbloqueo';

/**
 * Opens `route` as a typed address would and waits until Chromium says the alerts' audio was
 * not allowed to start. Not the fixtures' `openRoute`: anything a test runs in the page counts
 * for Chromium as a touch, and the sound would be allowed before the alerts make their audio.
 */
async function abrirSinTocar(page: Page, abrir: () => Promise<unknown>): Promise<void> {
  const retenido = page.waitForEvent('console', (m) =>
    m.text().startsWith('The AudioContext was not allowed to start'),
  );
  await abrir();
  await retenido;
}

test('el dueño toca una vez "Toca para activar el sonido" y el tablero suena sin tocarlo', async ({
  page,
  context,
  shot,
}) => {
  const shop = await createShop({ productos: [{ name: 'Tlayuda', price: 85 }] });
  await conSesion(context, shop.owner.token);

  // A fresh phone: nobody has touched the page, and Chromium's default rule holds sound back.
  await abrirSinTocar(page, () => page.goto('/pedidos'));
  const pregunta = page.getByRole('dialog', { name: 'Sonido de pedidos nuevos' });
  const activar = pregunta.getByRole('button', { name: 'Toca para activar el sonido' });
  await expect(activar).toBeVisible();
  await expect(activar).toBeFocused();
  await expect(pregunta).toContainText('no deja sonar los avisos hasta que toques la pantalla');
  // The whole phone's screen.
  expect(await pregunta.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // Behind it, the board says the same.
  await expect(page.getByText(PISTA)).toBeAttached();
  await shot('toca-para-activar');

  await activar.click();
  await expect(pregunta).toHaveCount(0);
  await expect(page.getByText(PISTA)).toHaveCount(0);
  await expect(page.getByText('En vivo')).toBeVisible();
  // Remembered on this phone.
  expect(await page.evaluate((key) => localStorage.getItem(key), DESBLOQUEO_KEY)).toBe('activado');

  // An order arrives and nobody touches the phone: the bell rings, no "El navegador bloqueó el
  // sonido".
  const id = (await pedirComoInvitado(shop)).pedido.id;
  const banner = page.getByRole('region', { name: 'Pedidos nuevos', exact: true });
  await expect(banner.getByRole('alert')).toContainText(`Pedido nuevo #${id}`);
  await expect(banner).toHaveAttribute('data-timbre', 'sonando');
  await expect(banner.getByRole('status')).toHaveText('Sonando hasta que lo abras');
  await expect(page.getByText('El navegador bloqueó el sonido')).toHaveCount(0);
  await expect
    .poll(async () => Number(await banner.getAttribute('data-toques')), {
      message: 'el timbre suena sin que nadie toque el teléfono',
    })
    .toBeGreaterThanOrEqual(1);
  await shot('suena-sin-tocar');

  // The page is loaded again in the same browser. Chromium lets a page play sound only after a
  // touch on that very page, and a reload starts a new one: the sound is held back again, so the
  // question comes back, saying the browser asks again (the choice kept on the phone can't
  // change the browser's rule; where it allows sound, an app on the home screen say, nothing is
  // asked).
  await abrirSinTocar(page, () => page.reload());
  await expect(pregunta).toBeVisible();
  await expect(pregunta).toContainText('volvió a poner en pausa el sonido');
  await shot('otra-vez');

  // "Ahora no": not asked again in this visit, reloads included; the board and the banner still
  // say how to let the sound through.
  await pregunta.getByRole('button', { name: 'Ahora no' }).click();
  await expect(pregunta).toHaveCount(0);
  await abrirSinTocar(page, () => page.reload());
  await expect(page.locator('html')).toHaveAttribute('data-pregunta-sonido', 'no');
  await expect(pregunta).toHaveCount(0);
  await expect(page.getByText(PISTA)).toBeVisible();
  await expect(page.getByText('En vivo')).toBeVisible();
  // The next order finds the sound held back: the banner says so and offers "Activar sonido".
  const otro = (await pedirComoInvitado(shop)).pedido.id;
  await expect(banner.getByRole('alert')).toContainText('2 pedidos nuevos');
  await expect(banner.getByRole('alert')).toContainText(`#${otro}`);
  await expect(banner).toHaveAttribute('data-timbre', 'bloqueado');
  await expect(banner.getByRole('status')).toHaveText('El navegador bloqueó el sonido');
  await shot('ahora-no');

  // Escape on the question is "Ahora no" too: a new tab is a new visit, and asks again.
  const otra = await context.newPage();
  await abrirSinTocar(otra, () => otra.goto('/pedidos'));
  const preguntaOtra = otra.getByRole('dialog', { name: 'Sonido de pedidos nuevos' });
  await expect(
    preguntaOtra.getByRole('button', { name: 'Toca para activar el sonido' }),
  ).toBeFocused();
  await otra.keyboard.press('Escape');
  await expect(preguntaOtra).toHaveCount(0);
  await expect(otra.locator('html')).toHaveAttribute('data-pregunta-sonido', 'no');
  // (Whether the board's hint stays is not checked here: Escape is no touch for a browser, but
  // this tab's pages were read by the test, which Chromium counts as touches.)
  await otra.close();
});
