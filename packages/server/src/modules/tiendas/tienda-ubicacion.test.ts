import { describe, expect, it } from 'vitest';
import { tiendaContactoMessages } from '@tianguis/domain';
import {
  expectError,
  expectValidation,
  ok,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import {
  call,
  createShopper,
  guestBody,
  ownTienda,
  PEDIDO2,
  placeGuest,
  setAjustes,
  type Pedido,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import { readTiendaRow, useTwoPublicShops } from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Shop address and public phone": the shop's optional map point `ubicacion`
// ({lat, lng} or null) in updatetienda (set, kept when left out, null removes, out of range or
// not numbers refused), every shop answer, the public page's JSON-LD, and the maps link of a
// pickup order's `recogerEn`.

const MAPS = 'https://www.google.com/maps/search/?api=1&query=';
const PUNTO = { lat: 19.4326, lng: -99.1332 };
const DIRECCION = 'Calle Morelos 12, Col. Centro, Puebla';
const AMBAS_ENTREGAS = { recoger: true, domicilio: true };

describe('the shop map point', () => {
  const { server, shop, other, update } = useTwoPublicShops({
    prepare: (server, { shop }) => setAjustes(server, shop, { entrega: AMBAS_ENTREGAS }),
  });
  const row = (id: number) => readTiendaRow(server, id, ['ubicacion_lat', 'ubicacion_lng']);
  const publica = async (target: PublicShop) =>
    ok(
      await server.call<{ tienda: TiendaView }>(`/api/tienda/publica/${target.owner.usuario}`),
      'publica',
    ).tienda;

  it('starts without one: every shop answer says null', async () => {
    expect((await ownTienda(server, other)).ubicacion).toBeNull();
    expect((await publica(other)).ubicacion).toBeNull();
    expect(await row(other.tiendaId)).toEqual({ ubicacion_lat: null, ubicacion_lng: null });
  });

  it('sets it, keeps it when left out, and null removes it', async () => {
    const list = ok(await update(shop, { ubicacion: PUNTO }), 'updatetienda');
    expect(list[0]!.ubicacion).toEqual(PUNTO);
    expect(await row(shop.tiendaId)).toEqual({ ubicacion_lat: 19.4326, ubicacion_lng: -99.1332 });
    expect((await ownTienda(server, shop)).ubicacion).toEqual(PUNTO);
    expect((await publica(shop)).ubicacion).toEqual(PUNTO);

    // The first edition's body alone, other settings, or the address alone keep it.
    expect(ok(await update(shop, {}), 'updatetienda')[0]!.ubicacion).toEqual(PUNTO);
    await setAjustes(server, shop, { entrega: AMBAS_ENTREGAS });
    ok(await update(shop, { direccion: DIRECCION }), 'updatetienda');
    expect((await ownTienda(server, shop)).ubicacion).toEqual(PUNTO);

    // null removes it (and leaves the address).
    const sin = ok(await update(shop, { ubicacion: null }), 'updatetienda')[0]!;
    expect({ ubicacion: sin.ubicacion, direccion: sin.direccion }).toEqual({
      ubicacion: null,
      direccion: DIRECCION,
    });
    expect(await row(shop.tiendaId)).toEqual({ ubicacion_lat: null, ubicacion_lng: null });
  });

  it('takes the edges of the ranges, and extra keys are not kept', async () => {
    for (const punto of [
      { lat: 90, lng: 180 },
      { lat: -90, lng: -180 },
      { lat: 0, lng: 0 },
    ]) {
      ok(await update(other, { ubicacion: punto }), 'updatetienda');
      expect((await ownTienda(server, other)).ubicacion).toEqual(punto);
    }
    ok(await update(other, { ubicacion: { ...PUNTO, alt: 2240 } }), 'updatetienda');
    expect((await ownTienda(server, other)).ubicacion).toEqual(PUNTO);
  });

  it.each([
    [{ lat: 90.0001, lng: 0 }, tiendaContactoMessages.lat],
    [{ lat: -91, lng: 0 }, tiendaContactoMessages.lat],
    [{ lat: 0, lng: 180.5 }, tiendaContactoMessages.lng],
    [{ lat: 0, lng: -181 }, tiendaContactoMessages.lng],
    [{ lat: '19.43', lng: -99.13 }, tiendaContactoMessages.lat],
    [{ lat: 19.43, lng: '-99.13' }, tiendaContactoMessages.lng],
    [{ lat: 19.43 }, tiendaContactoMessages.lng],
    [{ lng: -99.13 }, tiendaContactoMessages.lat],
    [{ lat: null, lng: null }, tiendaContactoMessages.lat],
    [{}, tiendaContactoMessages.lat],
    ['19.43,-99.13', tiendaContactoMessages.ubicacion],
    [[19.43, -99.13], tiendaContactoMessages.ubicacion],
    [19.43, tiendaContactoMessages.ubicacion],
    [true, tiendaContactoMessages.ubicacion],
  ])('refuses %j with 400 VALIDACION', async (ubicacion, message) => {
    const before = await row(other.tiendaId);
    expectValidation(await update(other, { ubicacion }), message);
    expect(await row(other.tiendaId)).toEqual(before);
  });

  it("changes only the caller's own shop; shoppers and visitors cannot", async () => {
    ok(await update(shop, { ubicacion: PUNTO }), 'updatetienda');
    const before = await row(shop.tiendaId);
    // Another owner's body reaches only their own shop, whatever it says.
    const otro = { lat: 20.6597, lng: -103.3496 };
    ok(
      await update(other, { ubicacion: otro, tiendaId: shop.tiendaId }, other.owner.token),
      'otro',
    );
    expect(await row(shop.tiendaId)).toEqual(before);
    expect((await ownTienda(server, other)).ubicacion).toEqual(otro);
    const shopper = await createShopper(server);
    const body = { nombre: 'Tacos Don Memo', ubicacion: { lat: 1, lng: 1 } };
    expectError(await call(server, TIENDA.update, shopper.token, body), 403, 'PROHIBIDO');
    expect((await call(server, TIENDA.update, undefined, body)).status).toBe(401);
    expect(await row(shop.tiendaId)).toEqual(before);
  });

  it("the public page's JSON-LD carries it as geo", async () => {
    ok(await update(shop, { ubicacion: PUNTO }), 'updatetienda');
    const page = await server.call<string>(`/tienda/${shop.owner.usuario}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '"geo":{"@type":"GeoCoordinates","latitude":19.4326,"longitude":-99.1332}',
    );
    ok(await update(shop, { ubicacion: null }), 'updatetienda');
    const sin = await server.call<string>(`/tienda/${shop.owner.usuario}`, {
      headers: { accept: 'text/html' },
    });
    expect(sin.body).not.toContain('GeoCoordinates');
  });

  it("a pickup order's maps link uses the point when set, else the address", async () => {
    ok(await update(shop, { direccion: DIRECCION, ubicacion: PUNTO }), 'updatetienda');
    const { seguimiento } = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], {
        entrega: { tipo: 'RECOGER' },
      }),
    );
    const seguir = async () =>
      ok(await server.call<Pedido>(PEDIDO2.seguimiento(seguimiento)), 'seguimiento').recogerEn;
    expect((await seguir())?.mapa).toBe(`${MAPS}19.4326,-99.1332`);

    ok(await update(shop, { ubicacion: null }), 'updatetienda');
    expect((await seguir())?.mapa).toBe(MAPS + encodeURIComponent(`Tacos Don Memo, ${DIRECCION}`));

    // A point without an address still gives a link.
    ok(await update(shop, { direccion: null, ubicacion: PUNTO }), 'updatetienda');
    expect(await seguir()).toMatchObject({ direccion: null, mapa: `${MAPS}19.4326,-99.1332` });
  });
});
