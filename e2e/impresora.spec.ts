import type { BrowserContext, Page } from '@playwright/test';
import { decodeEscPos, ultimoComando } from '../packages/web/test/impresora/escpos';
import { axe } from './fixtures/axe';
import { createTaqueria, pedidosDeLaTienda, pedirComoInvitado, productoDe } from './fixtures/api';
import { conSesion, expect, openRoute, test } from './fixtures/test';

// A thermal printer on the owner's phone (docs/web-screens.md, "Thermal printer"). Chromium's
// WebUSB needs a real device, so the page gets a stand-in printer in place of `navigator.usb`
// (and no Web Serial or Web Bluetooth): it keeps every byte the app sends, as a printer would.

/** Installs the stand-in USB printer in every page of the context. */
async function impresoraUsb(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const recibido: number[] = [];
    const configuracion = {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          alternates: [
            {
              alternateSetting: 0,
              interfaceClass: 7,
              endpoints: [
                { endpointNumber: 1, direction: 'in', type: 'bulk', packetSize: 64 },
                { endpointNumber: 2, direction: 'out', type: 'bulk', packetSize: 64 },
              ],
            },
          ],
        },
      ],
    };
    const device = {
      productName: 'TM-T20III',
      manufacturerName: 'EPSON',
      vendorId: 0x04b8,
      productId: 0x0e28,
      opened: false,
      configuration: null as typeof configuracion | null,
      configurations: [configuracion],
      open: async () => {
        device.opened = true;
      },
      close: async () => {
        device.opened = false;
      },
      selectConfiguration: async () => {
        device.configuration = configuracion;
      },
      claimInterface: async () => {},
      releaseInterface: async () => {},
      selectAlternateInterface: async () => {},
      clearHalt: async () => {},
      transferOut: async (_endpoint: number, data: Uint8Array) => {
        recibido.push(...data);
        return { bytesWritten: data.length, status: 'ok' };
      },
    };
    const usb = {
      requestDevice: async () => device,
      // The browser remembers the permission: the printer is found again after a reload.
      getDevices: async () => [device],
    };
    const definir = (name: string, value: unknown) =>
      Object.defineProperty(Navigator.prototype, name, { get: () => value, configurable: true });
    definir('usb', usb);
    definir('serial', undefined);
    definir('bluetooth', undefined);
    (window as unknown as { __impresora: number[] }).__impresora = recibido;
  });
}

async function bytesImpresos(page: Page): Promise<Uint8Array> {
  const bytes = await page.evaluate(
    () => (window as unknown as { __impresora: number[] }).__impresora,
  );
  return new Uint8Array(bytes);
}

test('el dueño conecta una impresora térmica, imprime la prueba y el ticket al aceptar', async ({
  page,
  context,
  shot,
}) => {
  const shop = await createTaqueria('Taquería Doña Ñeli', []);
  const agua = productoDe(shop, 'Agua de jamaica');
  const { pedido } = await pedirComoInvitado(shop, {
    nombreCompleto: 'Martín Gómez',
    lineas: [{ productoId: agua.id, cantidad: 2 }],
    entrega: { tipo: 'RECOGER' },
  });
  await conSesion(context, shop.owner.token);
  await impresoraUsb(context);

  // From the settings menu.
  await openRoute(page, '/configuracion-de-tienda');
  await page.getByRole('link', { name: 'Impresora térmica' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impresora térmica' })).toBeVisible();
  const tipos = page.getByRole('group', { name: 'Tipo de conexión' }).getByRole('radio');
  await expect(tipos).toHaveCount(1);

  await page.getByRole('button', { name: 'Conectar impresora' }).click();
  await expect(page.getByText('Conectada: EPSON TM-T20III')).toBeVisible();
  await page.getByRole('radio', { name: '80 mm' }).check();
  await page.getByRole('button', { name: 'Imprimir página de prueba' }).click();
  const aviso = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Página de prueba enviada a la impresora' });
  await expect(aviso).toBeVisible();

  const prueba = decodeEscPos(await bytesImpresos(page));
  expect(prueba.comandos[0]).toEqual({ tipo: 'inicializar' });
  expect(prueba.comandos).toContainEqual({ tipo: 'paginaDeCodigos', n: 16 });
  const textos = prueba.lineas.map((l) => l.texto.trim());
  expect(textos).toContain('Tianguis · Página de prueba');
  expect(textos).toContain('Acentos: áéíóú ñ Ñ ¿¡');
  expect(prueba.lineas.every((l) => l.texto.length <= 48)).toBe(true);
  expect(ultimoComando(prueba)).toBe('comando:corte');

  await page.getByRole('switch', { name: 'Imprimir al aceptar' }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot('impresora-conectada');
  // The screen itself, without the toast (sonner's own colours are checked where it is themed).
  await aviso.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(aviso).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  // Later, on the board (a new page load: the printer allowed before is opened again).
  await openRoute(page, '/pedidos');
  expect(await bytesImpresos(page)).toEqual(new Uint8Array());
  const tarjeta = page.getByRole('article', {
    name: `Pedido ${pedido.id} de Martín Gómez, ver detalle`,
  });
  await tarjeta.getByRole('button', { name: 'Aceptar · 15 min' }).click();
  await expect(tarjeta.getByText('Aceptado', { exact: true })).toBeVisible();

  // The server's ticket, as it answered it, reaches the printer: 80 mm, the order and its cut.
  await expect
    .poll(async () => ultimoComando(decodeEscPos(await bytesImpresos(page))))
    .toBe('comando:corte');
  const ticket = decodeEscPos(await bytesImpresos(page));
  const lineas = ticket.lineas.map((l) => l.texto);
  expect(ticket.comandos[0]).toEqual({ tipo: 'inicializar' });
  expect(lineas.join('\n')).toContain(`Pedido #${pedido.id}`);
  expect(lineas.join('\n')).toContain('Martín Gómez');
  expect(lineas.every((l) => l.length <= 48)).toBe(true);
  expect((await pedidosDeLaTienda(shop)).find((p) => p.id === pedido.id)?.status).toBe('ACEPTADO');
});

test('un navegador sin WebUSB, Web Serial ni Web Bluetooth lo dice y deja el botón Imprimir', async ({
  page,
  context,
}) => {
  const shop = await createTaqueria('Taquería Sin Cable', []);
  await conSesion(context, shop.owner.token);
  await context.addInitScript(() => {
    for (const name of ['usb', 'serial', 'bluetooth']) {
      Object.defineProperty(Navigator.prototype, name, {
        get: () => undefined,
        configurable: true,
      });
    }
  });
  await openRoute(page, '/impresora');
  await expect(
    page.getByText(
      'Este navegador no puede conectarse a impresoras. Usa Chrome o Edge en Android, Windows, Mac o Linux, o imprime con el botón Imprimir.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conectar impresora' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
});
