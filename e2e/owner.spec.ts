import fs from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  api,
  ApiFailure,
  newShopper,
  registerOwner,
  signIn,
  signInAdmin,
  unique,
  type SignedIn,
} from './fixtures/api';
import {
  conSesion,
  expect,
  expectRoute,
  openRoute,
  signInThroughUi,
  sinPreguntarSonido,
  test,
} from './fixtures/test';

// The owner's whole journey: a shop owner registers, configures the shop through the wizard (logo upload), adds
// categories and products, sets the hours and a holiday, downloads the QR; once the admin has
// approved the shop a shopper orders, and the owner's open order list shows the order live
// (within 2 s, with the toast) without a reload. The owner completes it and the shopper sees
// COMPLETADO. Another owner neither sees nor touches it. The texts in quotes are the app's own.

const IMAGEN = 'e2e/fixtures/imagen.png';
const ZONA = 'America/Mexico_City';
const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** Date, weekday (0 = Lunes) and minutes since midnight of now, on the shop's wall clock. */
function ahoraEnLaTienda(at = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    fecha: `${read('year')}-${read('month')}-${read('day')}`,
    dia: weekdays.indexOf(read('weekday')),
    minutos: (Number(read('hour')) % 24) * 60 + Number(read('minute')),
  };
}

/**
 * Opening hours that keep the shop open for the whole journey, whatever the time: only today's
 * entry decides (a window past midnight does not carry into the next day) and the choices go in
 * 30-minute steps, so no single window covers every minute. Every day gets the same window:
 * 00:00–23:30 until 23:00; later, 12:00–11:30, which runs past midnight into the next day's
 * own window.
 */
function ventanaAbierta(minutos: number): { apertura: string; cierre: string } {
  return minutos < 23 * 60
    ? { apertura: '00:00', cierre: '23:30' }
    : { apertura: '12:00', cierre: '11:30' };
}

/** A yearly holiday that is neither today nor tomorrow, so ordering works on any day. */
function feriadoQueNoEsHoy(fecha: string): string {
  const year = Number(fecha.slice(0, 4)) + 1;
  const manana = new Date(`${fecha}T12:00:00Z`);
  manana.setUTCDate(manana.getUTCDate() + 1);
  const evitar = [fecha.slice(5), manana.toISOString().slice(5, 10)];
  const diaFestivo = ['12-25', '09-16'].find((md) => !evitar.includes(md)) ?? '12-25';
  return `${year}-${diaFestivo}`;
}

/** '25 de diciembre de 2027', as the special days' table shows a date. */
function fechaLarga(fecha: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${fecha}T00:00:00Z`));
}

/**
 * A finger's tap: afterwards nothing rests on the screen. A mouse pointer left where the tap was
 * would hover whatever comes there next, and toasts under a pointer wait for it to leave.
 */
async function tocar(target: Locator): Promise<void> {
  await target.click();
  await target.page().mouse.move(0, 0);
}

/** A refused call's HTTP status (the API helper throws `path: status body`). */
async function statusOfRefusal(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiFailure) return Number(/: (\d{3}) /.exec(error.message)?.[1]);
    throw error;
  }
  return 200;
}

/** A second phone-sized browser for another person, signed in with its token as the app keeps it. */
async function openAs(browser: Browser, baseURL: string, page: Page, token?: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    locale: 'es-MX',
    timezoneId: ZONA,
  });
  await sinPreguntarSonido(context);
  if (token) {
    await conSesion(context, token);
  }
  return { context, page: await context.newPage() };
}

interface PedidoView {
  id: number;
  status: string;
  montoTotal: number;
  nombreTienda: string;
}

test('una tienda se configura, recibe un pedido en vivo y lo completa', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  // The whole setup of a shop, a hundred steps and three phones: about 25 s on a quiet machine,
  // and it passed 60 s once in CI beside another journey. A person waits for each screen; so
  // does this journey, within a bound that fits the whole of it.
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('sin baseURL');
  const suffix = unique();
  // A fresh phone number and the journeys' password.
  const { password, celular } = newShopper();
  const dueno = { email: `t${suffix}@e2e.com`, password, celular, usuario: `tienda${suffix}` };
  // Shown as typed, capitals and all (second edition: names are no longer lowercased).
  const nombreTienda = `Taqueria ${suffix}`;

  // ---- Registration as a shop ----
  await openRoute(page, '/register');
  await page.getByRole('radio', { name: /Tienda/ }).check();
  await tocar(page.getByRole('button', { name: 'Siguiente' }));
  await expect(page.getByRole('heading', { name: 'Datos de tu tienda' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(dueno.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(dueno.password);
  await page.getByLabel(/Confirma/).fill(dueno.password);
  await page.getByLabel('Usuario de tu tienda').fill(dueno.usuario);
  await page.getByLabel(/Celular/).fill(dueno.celular);
  await expect(page.getByText(`${baseURL}/tienda/${dueno.usuario}`)).toBeVisible();
  await shot('registro-tienda');
  await tocar(page.getByRole('button', { name: /Registr/ }));
  await expect(page.getByRole('heading', { name: 'Registro completado' })).toBeVisible();
  await tocar(page.getByRole('button', { name: 'Cerrar' }));
  await expectRoute(page, '/signin');

  // ---- Sign in: an owner lands on the settings menu, with everything still to do ----
  await page.getByLabel('Correo electrónico').fill(dueno.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(dueno.password);
  await tocar(page.getByRole('button', { name: 'Continuar' }));
  await expectRoute(page, '/configuracion-de-tienda');
  const ajustes = page.getByRole('navigation', { name: 'Configuración de la tienda' });
  await expect(page.getByText('Falta configurar tienda')).toBeVisible();
  await expect(page.getByText('Falta agregar productos a mi tienda')).toBeVisible();
  await expect(ajustes.getByRole('button', { name: 'Mi Tienda' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(ajustes.getByRole('button', { name: 'Codigo QR' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // aria-disabled, not disabled: the tile still answers, and says why.
  await ajustes.getByRole('button', { name: 'Codigo QR' }).press('Enter');
  await expect(
    page.getByText('Debe agregar al menos un producto en mi tienda para ver el codigo qr'),
  ).toBeVisible();
  await shot('configuracion-sin-configurar');

  // ---- The 3-step wizard: minimum amount, shipping cost, then name and logo ----
  await tocar(ajustes.getByRole('link', { name: 'Configurar Tienda' }));
  await expectRoute(page, '/configurar-tienda');
  const siguiente = page.getByRole('button', { name: 'Siguiente' });
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await expect(siguiente).toBeDisabled();
  await page.getByRole('radio', { name: 'Si' }).check();
  await tocar(siguiente);
  await expect(page.getByText('Paso 2 de 3')).toBeVisible();
  await expect(siguiente).toBeDisabled();
  // Back down to step 1 keeps the choice made there.
  await tocar(page.getByRole('button', { name: 'Atras' }));
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Si' })).toBeChecked();
  await tocar(siguiente);
  await page.getByRole('radio', { name: 'Si' }).check();
  await tocar(siguiente);
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  await page.getByLabel('Nombre de la tienda').fill(nombreTienda);
  await page.getByLabel('Costo de envío (pesos)').fill('20');
  await page.getByLabel('Monto mínimo de compra (pesos)').fill('50');
  await page.getByLabel('Imagen de la tienda').setInputFiles(IMAGEN);
  await expect(
    page.getByRole('img', { name: 'Vista previa de la imagen de la tienda' }),
  ).toBeVisible();
  await shot('asistente-datos');
  await tocar(page.getByRole('button', { name: 'Guardar' }));
  const aviso = page.getByRole('dialog', {
    name: 'La configuracion de la tienda ha sido actualizada',
  });
  await expect(aviso).toBeVisible();
  await shot('tienda-actualizada');
  await tocar(aviso.getByRole('button', { name: 'Cerrar' }));
  await expectRoute(page, '/configuracion-de-tienda');
  await expect(page.getByText('Falta configurar tienda')).toHaveCount(0);
  await expect(page.getByText('Falta agregar productos a mi tienda')).toBeVisible();

  // ---- Mi Tienda: two categories through the floating add menu ----
  await tocar(ajustes.getByRole('link', { name: 'Mi Tienda' }));
  await expectRoute(page, '/mitienda');
  await expect(page.getByText('No tienes categorias aun')).toBeVisible();
  const agregar = page.getByRole('button', { name: 'Agregar', exact: true });
  for (const title of ['Tacos', 'Bebidas']) {
    await tocar(agregar);
    // No category yet: the menu offers a category only.
    if (title === 'Tacos') {
      await expect(page.getByRole('button', { name: 'Agregar Producto' })).toHaveCount(0);
    }
    await tocar(page.getByRole('button', { name: 'Agregar Categoria' }));
    await expectRoute(page, '/admin-categoria-form');
    await expect(page.getByRole('heading', { level: 1, name: /Categorias/ })).toBeVisible();
    await page.getByLabel('Nombre').fill(title);
    await page.getByLabel('Imagen', { exact: true }).setInputFiles(IMAGEN);
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
    if (title === 'Tacos') await shot('categoria-formulario');
    await tocar(page.getByRole('button', { name: 'Guardar' }));
    await expectRoute(page, '/mitienda');
    await expect(page.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  // A category without products says so.
  await tocar(page.getByRole('button', { name: /^Bebidas/ }));
  await expect(page.getByText('No tiene productos en la categoria de Bebidas')).toBeVisible();
  await shot('categorias');

  // ---- Two products, one per category ----
  const productos = [
    { name: 'Taco de pastor', precio: '25', categoria: 'Tacos' },
    { name: 'Agua de horchata', precio: '30', categoria: 'Bebidas' },
  ];
  for (const producto of productos) {
    await tocar(agregar);
    await tocar(page.getByRole('button', { name: 'Agregar Producto' }));
    await expectRoute(page, '/producto-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Agregar Producto' })).toBeVisible();
    await page.getByLabel('Nombre').fill(producto.name);
    await page.getByLabel('Descripción').fill(`${producto.name} de la casa`);
    await page.getByLabel('Detalle').fill('Preparado al momento');
    await page.getByLabel('Precio (pesos)').fill(producto.precio);
    await page.getByLabel('Categoría').selectOption({ label: producto.categoria });
    await page.getByLabel('Imagen', { exact: true }).setInputFiles(IMAGEN);
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
    if (producto.categoria === 'Tacos') await shot('producto-formulario');
    await tocar(page.getByRole('button', { name: 'Guardar' }));
    await expectRoute(page, '/mitienda');
  }
  await expect(page.getByRole('button', { name: /^Tacos\s*1 producto/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bebidas\s*1 producto/ })).toBeVisible();
  // The products tab lists them by name.
  await tocar(page.getByRole('tab', { name: 'Productos' }));
  const panel = page.getByRole('tabpanel', { name: 'Productos' });
  await expect(panel.getByText('Agua de horchata')).toBeVisible();
  await expect(panel.getByText('Taco de pastor')).toBeVisible();
  await shot('productos');

  // ---- Hours: open every day around the clock of this run, one day closed, a holiday ----
  const ahora = ahoraEnLaTienda();
  const ventana = ventanaAbierta(ahora.minutos);
  // Neither today nor tomorrow (a journey may cross midnight).
  const diaCerrado = DIAS[(ahora.dia + 3) % 7] ?? 'Jueves';
  const feriado = feriadoQueNoEsHoy(ahora.fecha);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await tocar(menu.getByRole('button', { name: 'Más opciones' }));
  await tocar(menu.getByRole('link', { name: 'Configuración' }));
  await expectRoute(page, '/configuracion-de-tienda');
  await tocar(ajustes.getByRole('link', { name: 'Horarios' }));
  await expectRoute(page, '/horarios');
  await expect(page.getByText(nombreTienda, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Logo de ${nombreTienda}`, exact: true }),
  ).toBeVisible();
  await expect(page.getByText('No hay horarios configurados para esta tienda')).toBeVisible();
  await tocar(page.getByRole('button', { name: 'Crear Horarios' }));
  const semana = page.getByRole('table', { name: 'Horario semanal' });
  for (const header of ['Día', 'Apertura', 'Cierre', 'Cerrado']) {
    await expect(semana.getByRole('columnheader', { name: header })).toBeVisible();
  }
  for (const dia of DIAS) {
    await semana.getByLabel(`Apertura del ${dia}`).selectOption({ label: ventana.apertura });
    await semana.getByLabel(`Cierre del ${dia}`).selectOption({ label: ventana.cierre });
  }
  await semana.getByLabel(`Cerrado el ${diaCerrado}`).check();
  await expect(semana.getByLabel(`Apertura del ${diaCerrado}`)).toBeDisabled();
  await expect(semana.getByLabel(`Cierre del ${diaCerrado}`)).toBeDisabled();
  await tocar(page.getByRole('button', { name: 'Guardar Horarios' }));
  await expect(page.getByText('Horarios guardados correctamente')).toBeVisible();

  await page.getByLabel('Fecha').fill(feriado);
  await page.getByLabel('Recurrente cada año').check();
  await tocar(page.getByRole('button', { name: 'Agregar día especial' }));
  await expect(page.getByText('Día especial agregado')).toBeVisible();
  const especiales = page.getByRole('table', { name: 'Días especiales' });
  const filaFeriado = especiales
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Sí' }) });
  await expect(filaFeriado).toHaveCount(1);
  await expect(filaFeriado).toContainText(fechaLarga(feriado));
  await expect(filaFeriado.getByRole('button', { name: /^Eliminar el / })).toBeVisible();
  await shot('horarios');

  // ---- QR: the public link and the download, named by date and time ----
  await openRoute(page, '/configuracion-de-tienda');
  // Not approved yet (issue 29): in review, with nothing else left to do.
  await expect(page.getByRole('heading', { name: 'Tu tienda está en revisión' })).toBeVisible();
  await expect(page.getByText(/Ya tienes todo listo/)).toBeVisible();
  await tocar(ajustes.getByRole('link', { name: 'Codigo QR' }));
  await expectRoute(page, '/codigoqr');
  await expect(
    page.getByRole('link', { name: `${baseURL}/tienda/${dueno.usuario}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Código QR de la tienda ${nombreTienda}`, exact: true }),
  ).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL,
  });
  await tocar(page.getByRole('button', { name: 'Copiar' }));
  await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/tienda/${dueno.usuario}`,
  );
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    tocar(page.getByRole('button', { name: 'Descargar QR' })),
  ]);
  await shot('codigo-qr');
  expect(descarga.suggestedFilename()).toMatch(
    new RegExp(`^qr-${dueno.usuario}-\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.png$`),
  );
  const archivo = await descarga.path();
  // A PNG: its 8-byte signature.
  expect(fs.readFileSync(archivo).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

  // ---- The admin approves the shop; a shopper and a second owner get accounts ----
  const owner: SignedIn = await signIn(dueno.email, dueno.password);
  const admin = await signInAdmin();
  await api('/api/tienda/approveTienda', {
    token: admin.token,
    body: { tiendaId: owner.tiendaId },
  });
  const datosComprador = newShopper();
  await api('/api/login/registerUser', {
    body: { ...datosComprador, usuario: '', tipousuario: 'si' },
  });
  const comprador = await signIn(datosComprador.email, datosComprador.password);
  const otroDueno = await registerOwner();

  // ---- Another owner, on its own phone, has its order list open too ----
  const intruso = await openAs(browser, baseURL, page);
  await signInThroughUi(intruso.page, otroDueno.email, otroDueno.password);
  await expectRoute(intruso.page, '/configuracion-de-tienda');
  await openRoute(intruso.page, '/pedidos');
  await expect(intruso.page.getByText('No hay pedidos activos')).toBeVisible();
  await expect(intruso.page.getByText('En vivo')).toBeVisible();

  // ---- The owner's order list is open and live before anyone orders ----
  await tocar(menu.getByRole('link', { name: 'Pedidos' }));
  await expectRoute(page, '/pedidos');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByText('No hay pedidos activos')).toBeVisible();
  await expect(page.getByText('En vivo')).toBeVisible();
  await shot('pedidos-vacio');

  // ---- The shopper orders two tacos and a horchata: 50 + 30 + 20 of shipping ----
  const catalogo = await api<{ categorias: { productos: { id: number; name: string }[] }[] }>(
    '/api/tienda/mitienda',
    { token: owner.token },
  );
  const idDe = (name: string) => {
    const id = catalogo.categorias.flatMap((c) => c.productos).find((p) => p.name === name)?.id;
    if (id === undefined) throw new Error(`${name} no aparece en la tienda`);
    return id;
  };
  for (const name of ['Taco de pastor', 'Taco de pastor', 'Agua de horchata']) {
    await api('/api/shoppingcartmarket/addItem', {
      token: comprador.token,
      body: { productoId: idDe(name) },
    });
  }
  // A mark on the open page: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
  const pedidoEn = Date.now();
  await api('/api/shoppingcartmarket/proccesscart', {
    token: comprador.token,
    body: { tiendaId: owner.tiendaId },
  });

  // ---- It shows up without a reload, within 2 s, with the toast ----
  const nuevaFila = page.getByRole('link', {
    name: new RegExp(`^Pedido \\d+ de ${datosComprador.nombreCompleto}, ver detalle$`),
  });
  await expect(nuevaFila).toBeVisible({ timeout: 2_000 });
  await expect(page.getByText('Nuevo pedido recibido')).toBeVisible({ timeout: 2_000 });
  // Sonner's rules arrive as a stylesheet file under the strict CSP: the toast is laid out.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  const espera = Date.now() - pedidoEn;
  expect(espera, `el pedido y su aviso aparecieron en ${espera} ms`).toBeLessThanOrEqual(2_000);
  expect(await page.evaluate(() => 'sinRecargar' in window)).toBe(true);

  const [pedido] = await api<PedidoView[]>('/api/pedido/listarpedidosbyid', {
    token: comprador.token,
    body: {},
  });
  if (!pedido) throw new Error('el pedido no aparece en los del comprador');
  expect(pedido.montoTotal).toBe(100);
  const nombreDeFila = `Pedido ${pedido.id} de ${datosComprador.nombreCompleto}, ver detalle`;
  const fila = page.getByRole('link', { name: nombreDeFila });
  // The order's card: what to cook, its status and total, around the link to its detail.
  const tarjeta = page.getByRole('article', { name: nombreDeFila });
  await expect(fila).toBeVisible();
  await expect(tarjeta.getByText('Nuevo', { exact: true })).toBeVisible();
  await expect(tarjeta.getByRole('list', { name: 'Productos' }).getByRole('listitem')).toHaveText([
    '2× Taco de pastor',
    '1× Agua de horchata',
  ]);
  await expect(tarjeta.getByText('$ 100.00')).toBeVisible();
  await shot('pedido-en-vivo');

  // ---- The other owner neither sees it (live or reloaded) ... ----
  const recarga = intruso.page.waitForResponse((r) =>
    r.url().endsWith('/api/pedido/listarpedidosbytiendaid'),
  );
  await tocar(intruso.page.getByRole('button', { name: 'Actualizar ahora' }));
  await recarga;
  await expect(intruso.page.getByText('No hay pedidos activos')).toBeVisible();
  await expect(intruso.page.getByRole('link', { name: /^Pedido \d+ de / })).toHaveCount(0);
  await expect(intruso.page.getByText('Nuevo pedido recibido')).toHaveCount(0);
  await shot('otra-tienda-sin-pedidos', intruso.page);

  // ---- ... nor touches it: refused, and nothing changes ----
  for (const accion of ['completarpedidobypedidoid', 'cancelarpedidobypedidoid']) {
    const status = await statusOfRefusal(
      api(`/api/pedido/${accion}`, { token: otroDueno.token, body: { pedidoId: pedido.id } }),
    );
    expect([403, 404], `${accion} de otra tienda respondió ${status}`).toContain(status);
  }
  const propios = await api<PedidoView[]>('/api/pedido/listarpedidosbytiendaid', {
    token: owner.token,
    body: {},
  });
  expect(propios.find((p) => p.id === pedido.id)?.status).toBe('NUEVO');
  await expect(tarjeta.getByText('Nuevo', { exact: true })).toBeVisible();

  // ---- The shopper watches Mis Pedidos while the owner completes the order ----
  const cliente = await openAs(browser, baseURL, page, comprador.token);
  await openRoute(cliente.page, '/mispedidos');
  const suPedido = cliente.page.getByRole('listitem').filter({ hasText: nombreTienda });
  await expect(suPedido.getByText(/NUEVO/)).toBeVisible();

  await tocar(fila);
  await expectRoute(page, '/pedidosdetalle');
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${pedido.id}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Cliente' }).getByText(datosComprador.nombreCompleto),
  ).toBeVisible();
  const lineas = page.getByRole('region', { name: 'Productos' });
  await expect(lineas.getByRole('listitem').filter({ hasText: 'Taco de pastor' })).toContainText(
    '2 x $ 25.00',
  );
  await expect(lineas.getByRole('listitem').filter({ hasText: 'Agua de horchata' })).toContainText(
    '1 x $ 30.00',
  );
  await expect(lineas.getByText('Subtotal (3 artículos)')).toBeVisible();
  await expect(lineas.getByText('$ 100.00')).toBeVisible();
  await shot('pedido-detalle');
  await tocar(page.getByRole('button', { name: 'Completar Pedido' }));
  const confirmar = page.getByRole('dialog', { name: 'Desea completar este pedido?' });
  await expect(confirmar).toBeVisible();
  await shot('confirmar-completar');
  await tocar(confirmar.getByRole('button', { name: 'Completar' }));
  await expectRoute(page, '/pedidos');
  await expect(page.getByText('No hay pedidos activos')).toBeVisible();
  await tocar(page.getByRole('tab', { name: /Completados/ }));
  await expect(tarjeta.getByText('Completado', { exact: true })).toBeVisible();
  await shot('pedido-completado');

  // The shopper's list follows without a reload.
  await expect(suPedido.getByText(/COMPLETADO/)).toBeVisible();
  await shot('cliente-pedido-completado', cliente.page);
  await cliente.context.close();

  // The other owner's lists stay empty.
  await tocar(intruso.page.getByRole('tab', { name: /Completados/ }));
  await expect(intruso.page.getByText('No hay pedidos completados')).toBeVisible();
  await expect(intruso.page.getByRole('link', { name: /^Pedido \d+ de / })).toHaveCount(0);
  await intruso.context.close();
});
