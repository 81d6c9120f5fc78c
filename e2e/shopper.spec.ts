import { createShop, newShopper } from './fixtures/api';
import { expect, expectRoute, openRoute, test } from './fixtures/test';

// The shopper's journey: a visitor registers as a shopper, signs in, opens a shop page by its URL (as from a
// QR scan), searches, adds two products, is refused below the shop's minimum, places the order
// and finds it in Mis Pedidos. The texts in quotes are the app's, exactly. Second edition: the
// cart screen's checkout form (docs/api.md, "Checkout") in place of the first edition's 'Pagar'.

const MONTO_MINIMO =
  'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)';

test('un visitante se registra, compra en una tienda y ve su pedido', async ({ page, shot }) => {
  // 40 + 70 = 110 is below the minimum of 150; a second gringa makes 180.
  const shop = await createShop({
    montoMinimo: 150,
    costoDeEnvio: 25,
    categoria: 'Antojitos',
    productos: [
      { name: 'Taco de pastor', price: 40 },
      { name: 'Gringa de asada', price: 70 },
    ],
  });
  const shopper = newShopper();

  // ---- Registration: account type, then the form, then the welcome ----
  await openRoute(page, '/register');
  await expect(page.getByText('Qué tipo de usuario eres?')).toBeVisible();
  const siguiente = page.getByRole('button', { name: 'Siguiente' });
  await expect(siguiente).toBeDisabled();
  await page.getByRole('radio', { name: /Consumidor/ }).check();
  await shot('registro-tipo');
  await siguiente.click();

  await page.getByLabel('Correo electrónico').fill(shopper.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(shopper.password);
  await page.getByLabel(/Confirma/).fill(shopper.password);
  await page.getByLabel(/Celular/).fill(shopper.celular);
  await page.getByLabel(/Nombre completo/).fill(shopper.nombreCompleto);
  await page.getByLabel(/Dirección de entrega/).fill(shopper.direccionEntrega);
  await expect(page.getByText('El password debe tener al menos:')).toBeVisible();
  await shot('registro-formulario');
  await page.getByRole('button', { name: /Registr/ }).click();

  await expect(page.getByRole('heading', { name: 'Registro completado' })).toBeVisible();
  await shot('registro-completado');
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expectRoute(page, '/signin');

  // ---- Sign in: a shopper lands on / ----
  await page.getByLabel('Correo electrónico').fill(shopper.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(shopper.password);
  await shot('inicio-de-sesion');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectRoute(page, '/');
  await expect(page.getByRole('link', { name: /Mis pedidos/i })).toBeVisible();

  // ---- The shop page by its URL, as a QR code opens it ----
  await openRoute(page, `/tienda/${shop.usuario}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.nombre })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Categorías del menú' })
      .getByRole('link', { name: 'Antojitos' }),
  ).toBeVisible();
  await shot('tienda');

  // ---- First product through the top bar's search ----
  const buscar = page.getByRole('searchbox', { name: 'Buscar productos...' });
  const resultado = page
    .getByRole('list', { name: 'Resultados de la búsqueda' })
    .getByRole('link', { name: /Taco de pastor/ });
  // The filter starts at 2 characters and ignores case.
  await buscar.fill('pa');
  await expect(resultado).toBeVisible();
  await buscar.fill('p');
  await expect(resultado).toHaveCount(0);
  await buscar.fill('PASTOR');
  await expect(resultado).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Resultados de la búsqueda' })
      .getByRole('link', { name: /Gringa de asada/ }),
  ).toHaveCount(0);
  await shot('busqueda');
  await resultado.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Taco de pastor' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('Producto agregado')).toBeVisible();
  await shot('producto-agregado');

  // ---- Second product through its category's address ----
  await openRoute(page, `/tienda/${shop.usuario}/antojitos`);
  await page.getByRole('link', { name: /Gringa de asada/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gringa de asada' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByRole('button', { name: /Carrito, 2 productos/ })).toBeVisible();

  // ---- The cart dropdown leads to the cart screen and its checkout form ----
  await page.getByRole('button', { name: /Carrito/ }).click();
  await shot('carrito');
  await page.getByRole('button', { name: 'Ir a Checkout' }).click();
  await expectRoute(page, '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const tarjeta = page.getByRole('region', { name: shop.nombre });
  await expect(tarjeta.getByText('Taco de pastor')).toBeVisible();
  await expect(tarjeta.getByText('Gringa de asada')).toBeVisible();
  const formulario = page.getByRole('form', { name: `Datos del pedido a ${shop.nombre}` });
  // Signed in: the account's phone is there already; this shop delivers and takes cash only.
  await expect(formulario.getByLabel('Celular (10 dígitos)')).toHaveValue(shopper.celular);
  await expect(formulario.getByText('Envío a domicilio')).toBeVisible();
  await expect(formulario.getByText('Efectivo')).toBeVisible();

  // ---- Below the minimum: the button is off, the minimum is said, nothing can be ordered ----
  // 110 + 25 of shipping.
  const hacerPedido = formulario.getByRole('button', { name: /^Hacer pedido/ });
  await expect(hacerPedido).toHaveText('Hacer pedido · $ 135.00');
  await expect(hacerPedido).toBeDisabled();
  await expect(formulario.getByRole('alert')).toHaveText(`${MONTO_MINIMO} ($ 150.00)`);
  await shot('monto-minimo');

  // ---- One more gringa reaches it: subtotal 180, shipping 25, total 205 ----
  await tarjeta.getByRole('button', { name: /Aumentar cantidad de Gringa de asada/ }).click();
  await expect(page.getByRole('button', { name: /Carrito, 3 productos/ })).toBeVisible();
  await expect(hacerPedido).toHaveText('Hacer pedido · $ 205.00');
  await expect(hacerPedido).toBeEnabled();
  await expect(formulario.getByText(MONTO_MINIMO)).toHaveCount(0);
  await formulario.getByLabel('¿Con cuánto pagas? (opcional)').fill('500');
  await expect(formulario.getByText('Tu cambio: $ 295.00')).toBeVisible();
  await shot('formulario-de-pedido');
  await hacerPedido.click();

  // ---- The order went through: its page, with the offer to send it by WhatsApp (prefix 52) ----
  await expectRoute(page, '/mispedidosdetalle');
  const pedidoId = Number(new URL(page.url()).searchParams.get('id'));
  expect(pedidoId, 'el id del pedido en la dirección').toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Detalle del Pedido' })).toBeVisible();
  await expect(page.getByText(`Pedido #${pedidoId}`)).toBeVisible();
  await expect(page.getByText('Nuevo · esperando a que la tienda lo acepte')).toBeVisible();
  const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/52${shop.owner.celular}\\?text=.*Taco`),
  );
  // The basket of that shop was turned into the order.
  await expect(page.getByRole('button', { name: /Carrito, 0 productos/ })).toBeVisible();
  await shot('pedido-hecho');

  // ---- Mis Pedidos, with the new order ----
  await page.getByRole('link', { name: 'Mis Pedidos', exact: true }).click();
  await expectRoute(page, '/mispedidos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
  const pedido = page.getByRole('listitem').filter({ hasText: shop.nombre });
  await expect(pedido).toHaveCount(1);
  await expect(pedido.getByText('NUEVO')).toBeVisible();
  await expect(pedido.getByText(`Pedido #${pedidoId} · 3 artículos · $ 205.00`)).toBeVisible();
  await shot('mis-pedidos');
});
