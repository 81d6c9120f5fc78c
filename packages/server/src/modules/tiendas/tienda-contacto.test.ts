import { describe, expect, it } from 'vitest';
import { registroMessages, tiendaContactoMessages } from '@tianguis/domain';
import {
  expectError,
  expectValidation,
  ok,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import {
  call,
  createShopper,
  expectPedidoShape,
  guestBody,
  ownTienda,
  PEDIDO2,
  placeGuest,
  proccess,
  setAjustes,
  shopperPedidos,
  tiendaPedidos,
  addUnits,
  type Pedido,
} from '../../../test/pedido-factories.js';
import { readTiendaRow, useTwoPublicShops } from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Shop address and public phone": `direccion` and `telefono` in updatetienda
// (set, kept when left out, null removes, the phone as typed kept as its 10 digits), every shop
// answer, the public page, and the pickup block of the shopper's and the guest's orders.

const DIRECCION = 'Calle Morelos 12, Col. Centro, Puebla';
const MAPS = 'https://www.google.com/maps/search/?api=1&query=';
const AMBAS_ENTREGAS = { recoger: true, domicilio: true };

describe('shop address and public phone', () => {
  const { server, shop, other, update } = useTwoPublicShops({
    prepare: (server, { shop }) => setAjustes(server, shop, { entrega: AMBAS_ENTREGAS }),
  });
  const row = (id: number) => readTiendaRow(server, id, ['direccion', 'telefono']);
  const contacto = (t: TiendaView) => ({ direccion: t.direccion, telefono: t.telefono });

  it('starts without either', async () => {
    expect(contacto(await ownTienda(server, other))).toEqual({ direccion: null, telefono: null });
  });

  it('sets both (trimmed, the phone as its 10 digits), keeps them when left out, null removes', async () => {
    const list = ok(
      await update(shop, { direccion: `  ${DIRECCION}  `, telefono: '55 1234 9876' }),
      'updatetienda',
    );
    const expected = { direccion: DIRECCION, telefono: '5512349876' };
    expect(contacto(list[0]!)).toEqual(expected);
    expect(await row(shop.tiendaId)).toEqual(expected);
    expect(contacto(await ownTienda(server, shop))).toEqual(expected);

    // The first edition's body alone, or one with other settings, keeps them.
    expect(contacto(ok(await update(shop, {}), 'updatetienda')[0]!)).toEqual(expected);
    await setAjustes(server, shop, { entrega: AMBAS_ENTREGAS });
    expect(await row(shop.tiendaId)).toEqual(expected);

    // Each one alone: the other is kept.
    ok(await update(shop, { telefono: null }), 'updatetienda');
    expect(await row(shop.tiendaId)).toEqual({ direccion: DIRECCION, telefono: null });
    ok(await update(shop, { direccion: null, telefono: '5512349876' }), 'updatetienda');
    expect(await row(shop.tiendaId)).toEqual({ direccion: null, telefono: '5512349876' });
    ok(await update(shop, { direccion: DIRECCION }), 'updatetienda');
    expect(await row(shop.tiendaId)).toEqual(expected);
  });

  it.each([
    ['+52 1 (55) 1234-9876', '5512349876'],
    ['+52 55.1234.9876', '5512349876'],
    ['(222) 123-4567', '2221234567'],
  ])('reads the phone %j as %j', async (typed, digits) => {
    ok(await update(other, { telefono: typed }), 'updatetienda');
    expect((await row(other.tiendaId)).telefono).toBe(digits);
  });

  it.each([
    ['55 1234', registroMessages.celularLongitud],
    ['55 1234 98765', registroMessages.celularMax],
    ['55-1234-abcd', registroMessages.celularSoloNumeros],
    ['52 55 1234 9876', registroMessages.celularMax],
    ['', registroMessages.celularLongitud],
  ])('refuses the phone %j with the registration message', async (typed, message) => {
    const before = await row(other.tiendaId);
    expectValidation(await update(other, { telefono: typed }), message);
    expect(await row(other.tiendaId)).toEqual(before);
  });

  it.each([
    ['Av 1', tiendaContactoMessages.direccion],
    ['     Av 1      ', tiendaContactoMessages.direccion],
    ['', tiendaContactoMessages.direccion],
    ['x'.repeat(201), tiendaContactoMessages.direccion],
  ])('refuses the address %j', async (direccion, message) => {
    const before = await row(other.tiendaId);
    expectValidation(await update(other, { direccion }), message);
    expect(await row(other.tiendaId)).toEqual(before);
  });

  it('refuses an address that is not text', async () => {
    expectValidation(await update(other, { direccion: 12345 }), tiendaContactoMessages.direccion);
  });

  it('takes an address of exactly 5 and of exactly 200 characters', async () => {
    ok(await update(other, { direccion: 'Av 12' }), 'updatetienda');
    expect((await row(other.tiendaId)).direccion).toBe('Av 12');
    const larga = `Calle ${'Larga'.repeat(39)}`.slice(0, 200);
    ok(await update(other, { direccion: larga }), 'updatetienda');
    expect((await row(other.tiendaId)).direccion).toBe(larga);
  });

  it("changes only the caller's own shop; shoppers and visitors cannot", async () => {
    const before = await row(shop.tiendaId);
    // Another owner's body reaches only their own shop, whatever it says.
    ok(await update(other, { direccion: 'Otra calle 99', telefono: '2229998877' }), 'otro');
    expect(await row(shop.tiendaId)).toEqual(before);
    expect(await row(other.tiendaId)).toEqual({
      direccion: 'Otra calle 99',
      telefono: '2229998877',
    });
    const shopper = await createShopper(server);
    const body = { nombre: 'Tacos Don Memo', direccion: 'Calle Falsa 123' };
    expectError(await call(server, TIENDA.update, shopper.token, body), 403, 'PROHIBIDO');
    expect((await call(server, TIENDA.update, undefined, body)).status).toBe(401);
    expect(await row(shop.tiendaId)).toEqual(before);
  });

  it('the public answer and page carry them', async () => {
    const res = await server.call<{ tienda: TiendaView }>(
      `/api/tienda/publica/${shop.owner.usuario}`,
    );
    expect(contacto(ok(res, 'publica').tienda)).toEqual({
      direccion: DIRECCION,
      telefono: '5512349876',
    });
    const page = await server.call<string>(`/tienda/${shop.owner.usuario}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Calle Morelos 12, Col. Centro, Puebla');
    expect(page.body).toContain('5512349876');
  });

  describe('pickup orders', () => {
    const mapa = MAPS + encodeURIComponent(`Tacos Don Memo, ${DIRECCION}`);
    const recogerEn = {
      nombre: 'Tacos Don Memo',
      direccion: DIRECCION,
      telefono: '5512349876',
      mapa,
    };

    it("a guest's tracking answer says where to pick up; a delivery order's says null", async () => {
      const producto = shop.productos[0]!;
      const recoger = await placeGuest(
        server,
        guestBody(shop.tiendaId, [{ productoId: producto.id }], {
          entrega: { tipo: 'RECOGER' },
        }),
      );
      const seguido = ok(
        await server.call<Pedido>(PEDIDO2.seguimiento(recoger.seguimiento)),
        'seguimiento',
      );
      expectPedidoShape(seguido);
      expect(seguido.recogerEn).toEqual(recogerEn);

      const domicilio = await placeGuest(
        server,
        guestBody(shop.tiendaId, [{ productoId: producto.id }]),
      );
      const seguidoDomicilio = ok(
        await server.call<Pedido>(PEDIDO2.seguimiento(domicilio.seguimiento)),
        'seguimiento',
      );
      expect(seguidoDomicilio.recogerEn).toBeNull();

      // The owner's answers go without it.
      const delDueno = await tiendaPedidos(server, shop.owner.token);
      expect(delDueno.length).toBeGreaterThan(0);
      for (const p of delDueno) expect(p).not.toHaveProperty('recogerEn');
    });

    it('follows the shop: a removed address leaves the name, the phone and no map', async () => {
      const producto = shop.productos[0]!;
      const { seguimiento } = await placeGuest(
        server,
        guestBody(shop.tiendaId, [{ productoId: producto.id }], {
          entrega: { tipo: 'RECOGER' },
        }),
      );
      ok(await update(shop, { direccion: null }), 'updatetienda');
      const sinDireccion = ok(
        await server.call<Pedido>(PEDIDO2.seguimiento(seguimiento)),
        'seguimiento',
      );
      expect(sinDireccion.recogerEn).toEqual({
        nombre: 'Tacos Don Memo',
        direccion: null,
        telefono: '5512349876',
        mapa: null,
      });
      ok(await update(shop, { direccion: DIRECCION }), 'updatetienda');
    });

    it("the signed-in shopper's orders say where to pick up", async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, shop.productos[0]!.id);
      ok(
        await proccess(server, shopper.token, {
          tiendaId: shop.tiendaId,
          entrega: { tipo: 'RECOGER' },
        }),
        'proccesscart',
      );
      const [pedido] = await shopperPedidos(server, shopper.token);
      expectPedidoShape(pedido!);
      expect(pedido!.entrega.tipo).toBe('RECOGER');
      expect(pedido!.recogerEn).toEqual(recogerEn);
    });
  });
});
