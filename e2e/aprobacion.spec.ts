import { addCategoria, api, registerOwner, unique, uploadImage } from './fixtures/api';
import { ADMIN } from './fixtures/env';
import { esperarMensajes } from './fixtures/outbox';
import {
  conSesion,
  expect,
  expectRoute,
  openRoute,
  otroTelefono,
  signInThroughUi,
  test,
} from './fixtures/test';

// Issue 29 (docs/api.md, "Shop approval"): a new owner's home says "Tu tienda está en revisión"
// with what is left to do, instead of "No tienes tareas pendientes". The owner completes the
// shop; the home then says nothing is left but the review. The admin approves it on another
// phone; the owner gets the email 'Tu tienda … ya está publicada' with the shop's link (read from
// the server's outbox), the link opens the shop, and the home no longer says it is in review.

test('una tienda nueva está en revisión hasta que el administrador la aprueba, y el dueño recibe el correo', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  const owner = await registerOwner();
  await conSesion(page.context(), owner.token);

  // ---- Just registered: in review, with everything still to do ----
  await openRoute(page, '/configuracion-de-tienda');
  const revision = page.getByRole('region', { name: 'Tu tienda está en revisión' });
  await expect(revision).toBeVisible();
  const falta = revision.getByRole('list', { name: 'Lo que falta' });
  await expect(falta.getByRole('listitem')).toHaveText([
    'Falta configurar tienda',
    'Falta agregar productos a mi tienda',
  ]);
  await expect(page.getByText('No tienes tareas pendientes.')).toHaveCount(0);
  await shot('en-revision-nueva');

  // ---- The owner completes the shop (seeded through the API, as the wizard saves it) ----
  const nombre = `Antojitos Aprobación ${unique()}`;
  const imageUrl = await uploadImage(owner.token);
  await api('/api/tienda/updatetienda', {
    token: owner.token,
    body: {
      nombre,
      imageUrl,
      radioMontoMinimo: 'no',
      montoMinimo: 0,
      radioCostoDeEnvio: 'no',
      costoDeEnvio: 0,
    },
  });
  await addCategoria(owner, 'Antojitos', [{ name: 'Sope de chorizo', price: 30 }], imageUrl);
  await page.reload();
  await expect(revision).toBeVisible();
  await expect(revision.getByText(/Ya tienes todo listo/)).toBeVisible();
  await expect(falta).toHaveCount(0);
  await shot('en-revision-lista');

  // ---- The admin approves it on another phone ----
  const admin = await otroTelefono(browser, page);
  await signInThroughUi(admin.page, ADMIN.email, ADMIN.password);
  await expectRoute(admin.page, '/admin-menu');
  await openRoute(admin.page, '/aprobar-usuarios');
  const tarjeta = admin.page
    .getByRole('listitem')
    .filter({ has: admin.page.getByRole('heading', { name: owner.usuario, exact: true }) });
  await expect(tarjeta).toBeVisible();
  await tarjeta.getByRole('button', { name: /Aprobar/ }).click();
  await expect(tarjeta).toHaveCount(0);
  await admin.close();

  // ---- The approval email, with the shop's public link ----
  const [correo, ...otros] = await esperarMensajes(owner.email);
  expect(otros).toEqual([]);
  expect(correo!.asunto).toBe(`Tu tienda ${nombre} ya está publicada`);
  const enlace = `${baseURL}/tienda/${owner.usuario}`;
  expect(correo!.texto.split('\n')).toContain(enlace);
  expect(correo!.texto).toContain('Tus clientes ya pueden ver tu menú y hacerte pedidos.');

  // ---- The link opens the shop for anyone ----
  const visita = await otroTelefono(browser, page);
  await openRoute(visita.page, enlace.slice(baseURL!.length));
  await expect(visita.page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await visita.close();

  // ---- The owner's home: no longer in review ----
  await page.reload();
  await expect(page.getByText('No tienes tareas pendientes.')).toBeVisible();
  await expect(revision).toHaveCount(0);
  await shot('aprobada');
});
