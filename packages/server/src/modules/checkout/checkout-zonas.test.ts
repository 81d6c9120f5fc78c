import { describe, expect, it } from 'vitest';
import { destinoMessages, distanciaKm, mensajeFueraDeZona, type Punto } from '@tianguis/domain';
import { useAdminServer, type ApiResponse } from '../../../test/build-test-app.js';
import { expectError, expectValidation, ok } from '../../../test/catalogo-factories.js';
import {
  createPublicShop,
  createShopperWithBasket,
  expectNothingChanged,
  expectPedidoShape,
  expectTotalsExact,
  guestBody,
  newKey,
  PEDIDO2,
  postInvitado,
  postManual,
  proccess,
  shopperPedidos,
  tiendaPedidos,
  updateTiendaCon,
  type Pedido,
  type PedidoConSeguimiento,
  type PublicShop,
  type Shopper,
} from '../../../test/pedido-factories.js';

// docs/api.md, "Delivery zones" and its fine points; docs/write-path.md, "Delivery zones": at a
// shop with active zones a delivery goes only to an address inside one, the first matching
// zone in the owner's order sets the shipping and the minimum, and the order keeps the zone as
// charged. Signed-in (proccesscart), guest and manual orders alike.

/** The shop's point: the Zócalo of Mexico City. */
const PUNTO: Punto = { lat: 19.4326, lng: -99.1332 };
const RADIO_KM = 2;

/** The point `km` north of the shop, to within a metre, as distanciaKm measures it. */
function alNorte(km: number): Punto {
  let bajo = 0;
  let alto = 1;
  for (let i = 0; i < 60; i += 1) {
    const medio = (bajo + alto) / 2;
    if (distanciaKm(PUNTO, { lat: PUNTO.lat + medio, lng: PUNTO.lng }) < km) bajo = medio;
    else alto = medio;
  }
  return { lat: PUNTO.lat + bajo, lng: PUNTO.lng };
}

/** The zones of the main shop, as the owner sends them (pesos). */
const ZONAS = [
  {
    nombre: 'Centro',
    colonias: ['Centro', 'Guerrero'],
    codigosPostales: ['06000'],
    costoDeEnvio: 25,
    montoMinimo: 150,
  },
  {
    nombre: 'Del Valle',
    colonias: 'Del Valle Centro\n  Álamos  \n\nNarvarte   Poniente\n',
    codigosPostales: ['03100'],
    costoDeEnvio: 40.5,
    montoMinimo: 200,
  },
  { nombre: 'Cerca', radioKm: RADIO_KM, costoDeEnvio: 30, montoMinimo: 0 },
  { nombre: 'Apagada', colonias: ['Roma Norte'], costoDeEnvio: 10, activa: false },
];
const ACTIVAS = ['Centro', 'Del Valle', 'Cerca'];
const FUERA = mensajeFueraDeZona(ACTIVAS.map((nombre) => ({ nombre, activa: true })));

describe('checkout with delivery zones', () => {
  const { server, adminToken, shop } = useAdminServer(async (server, adminToken) => {
    // The shop's own minimum (120) and flat fee (15) apply to pickup only once it has zones.
    const shop = await createPublicShop(server, adminToken, {
      nombre: 'Fonda Zonas',
      montoMinimo: 120,
      costoDeEnvio: 15,
      productos: { 'Comida corrida': 100 },
    });
    ok(
      await updateTiendaCon(server, shop, {
        ubicacion: PUNTO,
        zonas: ZONAS,
        entrega: { recoger: true, domicilio: true },
      }),
      'updatetienda',
    );
    return { shop };
  });

  const productoId = () => shop.productos[0]!.id;

  /** The shop's zones (and point) through updatetienda, as the owner's screen saves them. */
  async function setZonas(target: PublicShop, zonas: unknown[], ubicacion: Punto | null = PUNTO) {
    ok(await updateTiendaCon(server, target, { ubicacion, zonas }), 'updatetienda zonas');
  }

  /** A guest delivery of `cantidad` units (100 pesos each) to `destino`. */
  function guestA(
    destino: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    cantidad = 2,
    target: PublicShop = shop,
  ) {
    return postInvitado(
      server,
      guestBody(target.tiendaId, [{ productoId: target.productos[0]!.id, cantidad }], {
        entrega: { tipo: 'DOMICILIO', direccion: 'Calle Luna 12, depto 3', ...destino },
        ...extra,
      }),
    );
  }

  /** A new shopper with `cantidad` units (100 pesos each) in the basket. */
  const shopperWith = (cantidad: number) =>
    createShopperWithBasket(server, [{ productoId: productoId(), cantidad }]);

  /** The shopper's checkout, delivered to `destino`. */
  const signedA = (shopper: Shopper, destino: Record<string, unknown>) =>
    proccess(server, shopper.token, {
      tiendaId: shop.tiendaId,
      entrega: { tipo: 'DOMICILIO', direccion: 'Calle Moneda 4', ...destino },
    });

  function placed(res: ApiResponse<PedidoConSeguimiento>): Pedido {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectPedidoShape(res.body.pedido);
    expectTotalsExact(res.body.pedido);
    return res.body.pedido;
  }

  function manual(sent: Record<string, unknown>, target: PublicShop = shop) {
    return postManual(server, target.owner.token, {
      lineas: [{ productoId: target.productos[0]!.id, cantidad: 1 }],
      cliente: { nombreCompleto: 'Señora Carmen' },
      pago: { metodo: 'EFECTIVO' },
      ...sent,
    });
  }

  describe('the matched zone sets the shipping and the minimum', () => {
    it('guest: a colonia without accents, case or spaces is the zone of its name; tracking and board carry the zone', async () => {
      const res = await guestA({ colonia: '  ALAMOS ' });
      const pedido = placed(res);
      expect(pedido).toMatchObject({
        costoDeEnvio: 40.5,
        montoTotal: 240.5,
        entrega: {
          tipo: 'DOMICILIO',
          direccion: 'Calle Luna 12, depto 3',
          colonia: 'ALAMOS',
          codigoPostal: null,
          ubicacion: null,
          zona: { nombre: 'Del Valle', costoDeEnvio: 40.5 },
        },
      });

      const tracked = await server.call<Pedido>(PEDIDO2.seguimiento(res.body.seguimiento));
      expect(tracked.status).toBe(200);
      expect(tracked.body.entrega.zona).toEqual({ nombre: 'Del Valle', costoDeEnvio: 40.5 });
      const board = await tiendaPedidos(server, shop.owner.token);
      expect(board.find((p) => p.id === pedido.id)?.entrega).toEqual(pedido.entrega);

      // A pasted name with its spaces repeated, lower case.
      const otra = placed(await guestA({ colonia: 'narvarte poniente' }));
      expect(otra.entrega.zona).toEqual({ nombre: 'Del Valle', costoDeEnvio: 40.5 });
    });

    it('signed-in: a postal code is the zone listing it; the shopper’s list carries the zone', async () => {
      const shopper = await shopperWith(2);
      const res = await signedA(shopper, { codigoPostal: ' 06000 ' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [pedido] = await shopperPedidos(server, shopper.token);
      expect(pedido).toMatchObject({
        tiendaId: shop.tiendaId,
        costoDeEnvio: 25,
        montoTotal: 225,
        entrega: {
          codigoPostal: '06000',
          colonia: null,
          zona: { nombre: 'Centro', costoDeEnvio: 25 },
        },
      });
      expectTotalsExact(pedido!);
    });

    it('manual: the zone’s fee, not its minimum; outside every zone is still refused', async () => {
      // One unit (100) is under Centro's minimum of 150: the owner's typed order skips it.
      const res = await manual({
        entrega: { tipo: 'DOMICILIO', direccion: 'Calle Moneda 4', colonia: 'guerrero' },
      });
      const pedido = placed(res);
      expect(pedido).toMatchObject({
        origen: 'MANUAL',
        costoDeEnvio: 25,
        montoTotal: 125,
        entrega: { colonia: 'guerrero', zona: { nombre: 'Centro', costoDeEnvio: 25 } },
      });

      const fuera = await expectNothingChanged(server, () =>
        manual({ entrega: { tipo: 'DOMICILIO', direccion: 'Calle Moneda 4', colonia: 'Polanco' } }),
      );
      expectError(fuera, 400, 'FUERA_DE_ZONA', FUERA);
    });

    it('the zone’s minimum, not the shop’s, with its wording and amount, for guest and signed-in', async () => {
      const res = await expectNothingChanged(server, () => guestA({ colonia: 'Centro' }, {}, 1));
      const mensaje =
        'El monto para poder comprar debe ser igual o mayor al monto mínimo de la zona «Centro», $ 150.00 (sin contar el costo de envío)';
      expectError(res, 400, 'MONTO_MINIMO', mensaje);

      const shopper = await shopperWith(1);
      const signed = await expectNothingChanged(server, () =>
        signedA(shopper, { colonia: 'centro' }),
      );
      expectError(signed, 400, 'MONTO_MINIMO', mensaje);

      // A zone with no minimum takes one unit, though the shop's own minimum is 120.
      const cerca = placed(await guestA({ ubicacion: alNorte(1) }, {}, 1));
      expect(cerca).toMatchObject({ montoTotal: 130, entrega: { zona: { nombre: 'Cerca' } } });
    });
  });

  describe('which zone', () => {
    it('the first matching zone in the owner’s order wins, whichever field matched', async () => {
      // Del Valle's postal code, Centro's colonia: Centro comes first.
      const a = placed(await guestA({ codigoPostal: '03100', colonia: 'Guerrero' }));
      expect(a.entrega.zona?.nombre).toBe('Centro');
      // Del Valle's colonia and a point within Cerca's radius: Del Valle comes before Cerca.
      const b = placed(await guestA({ colonia: 'Del Valle Centro', ubicacion: alNorte(0.5) }));
      expect(b.entrega.zona?.nombre).toBe('Del Valle');
      expect(b.entrega.ubicacion).toEqual(alNorte(0.5));
    });

    it('distance at the edge of the radius: just inside is the zone, just outside is refused', async () => {
      const dentro = alNorte(RADIO_KM - 0.001);
      const fuera = alNorte(RADIO_KM + 0.001);
      expect(distanciaKm(PUNTO, dentro)).toBeLessThanOrEqual(RADIO_KM);
      expect(distanciaKm(PUNTO, fuera)).toBeGreaterThan(RADIO_KM);

      const pedido = placed(await guestA({ ubicacion: dentro }));
      expect(pedido).toMatchObject({
        costoDeEnvio: 30,
        entrega: { ubicacion: dentro, zona: { nombre: 'Cerca', costoDeEnvio: 30 } },
      });
      const res = await expectNothingChanged(server, () => guestA({ ubicacion: fuera }));
      expectError(res, 400, 'FUERA_DE_ZONA', FUERA);
    });

    it('an inactive zone is ignored, and left out of the message; no destination at all is outside', async () => {
      for (const destino of [{ colonia: 'Roma Norte' }, { codigoPostal: '06700' }, {}]) {
        const res = await expectNothingChanged(server, () => guestA(destino));
        expectError(res, 400, 'FUERA_DE_ZONA', FUERA);
        expect(FUERA).toBe(
          'No hacemos envíos a esa dirección. Zonas de envío: Centro, Del Valle, Cerca',
        );
      }
      const shopper = await shopperWith(2);
      const signed = await expectNothingChanged(server, () =>
        signedA(shopper, { colonia: 'Roma Norte' }),
      );
      expectError(signed, 400, 'FUERA_DE_ZONA', FUERA);
    });

    it('pickup: no zone, no shipping, the shop’s own minimum; whatever was said of an address', async () => {
      const recoger = placed(
        await guestA({}, { entrega: { tipo: 'RECOGER', colonia: 'Polanco' } }, 2),
      );
      expect(recoger).toMatchObject({
        costoDeEnvio: 0,
        montoTotal: 200,
        entrega: { tipo: 'RECOGER', colonia: null, zona: null },
      });
      // One unit (100) is under the shop's own 120.
      const res = await expectNothingChanged(server, () =>
        guestA({}, { entrega: { tipo: 'RECOGER' } }, 1),
      );
      expectError(res, 400, 'MONTO_MINIMO');
    });
  });

  describe('a shop without active zones', () => {
    it('keeps the flat fee and minimum, zona null, and keeps what was sent', async () => {
      const plana = await createPublicShop(server, adminToken(), {
        costoDeEnvio: 35,
        productos: { Torta: 100 },
      });
      const pedido = placed(
        await guestA({ colonia: 'Polanco', codigoPostal: '11560' }, {}, 1, plana),
      );
      expect(pedido).toMatchObject({
        costoDeEnvio: 35,
        montoTotal: 135,
        entrega: { colonia: 'Polanco', codigoPostal: '11560', ubicacion: null, zona: null },
      });

      // Only switched-off zones: still the flat fee (and the zones of another shop never apply).
      await setZonas(
        plana,
        [{ nombre: 'Norte', colonias: ['Lindavista'], costoDeEnvio: 5, activa: false }],
        null,
      );
      const otra = placed(await guestA({ colonia: 'Lindavista' }, {}, 1, plana));
      expect(otra).toMatchObject({ costoDeEnvio: 35, entrega: { zona: null } });
      const centro = placed(await guestA({ colonia: 'Centro' }, {}, 1, plana));
      expect(centro).toMatchObject({ costoDeEnvio: 35, entrega: { zona: null } });
    });
  });

  describe('a zone’s fee that changes', () => {
    it('leaves a placed order as charged; a total seen with the old fee is PRECIO_CAMBIO', async () => {
      const tienda = await createPublicShop(server, adminToken(), {
        productos: { Pozole: 100 },
      });
      const zona = { nombre: 'Centro', colonias: ['Centro'], costoDeEnvio: 25 };
      await setZonas(tienda, [zona]);
      const visto = 2 * 100 + 25;
      const antes = placed(
        await guestA({ colonia: 'Centro' }, { totalEsperado: visto }, 2, tienda),
      );
      expect(antes).toMatchObject({ costoDeEnvio: 25, montoTotal: 225 });

      await setZonas(tienda, [{ ...zona, nombre: 'Centro Histórico', costoDeEnvio: 60 }]);

      const board = await tiendaPedidos(server, tienda.owner.token);
      expect(board.find((p) => p.id === antes.id)).toMatchObject({
        costoDeEnvio: 25,
        montoTotal: 225,
        entrega: { zona: { nombre: 'Centro', costoDeEnvio: 25 } },
      });

      const res = await expectNothingChanged(server, () =>
        guestA({ colonia: 'centro' }, { totalEsperado: visto }, 2, tienda),
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'PRECIO_CAMBIO',
        message: 'El total de tu pedido cambió a $ 260.00; revísalo y confirma de nuevo',
        montoTotal: 260,
      });
      const nuevo = placed(await guestA({ colonia: 'centro' }, { totalEsperado: 260 }, 2, tienda));
      expect(nuevo.entrega.zona).toEqual({ nombre: 'Centro Histórico', costoDeEnvio: 60 });
    });
  });

  describe('bad destination input', () => {
    const casos: [string, Record<string, unknown>, string][] = [
      ['a one-letter colonia', { colonia: ' x ' }, destinoMessages.colonia],
      ['a colonia of 61 characters', { colonia: 'a'.repeat(61) }, destinoMessages.colonia],
      ['a colonia that is not text', { colonia: 12 }, destinoMessages.colonia],
      ['a postal code of 4 digits', { codigoPostal: '0600' }, destinoMessages.codigoPostal],
      ['a postal code with letters', { codigoPostal: '06O00' }, destinoMessages.codigoPostal],
      ['a postal code as a number', { codigoPostal: 6000 }, destinoMessages.codigoPostal],
      ['a latitude past 90', { ubicacion: { lat: 90.5, lng: -99 } }, destinoMessages.ubicacion],
      ['a longitude past 180', { ubicacion: { lat: 19, lng: -181 } }, destinoMessages.ubicacion],
      ['a point as text', { ubicacion: '19.43,-99.13' }, destinoMessages.ubicacion],
      ['a point without lng', { ubicacion: { lat: 19.4 } }, destinoMessages.ubicacion],
      ['a latitude as text', { ubicacion: { lat: '19.4', lng: -99 } }, destinoMessages.ubicacion],
    ];

    it.each(casos)(
      '%s is 400 VALIDACION, for guest, signed-in and manual',
      async (_, destino, mensaje) => {
        const shopper = await shopperWith(2);
        const sends: (() => Promise<ApiResponse>)[] = [
          () => guestA(destino),
          () => signedA(shopper, destino),
          () => manual({ entrega: { tipo: 'DOMICILIO', direccion: 'Calle Moneda 4', ...destino } }),
        ];
        for (const send of sends) {
          const res = await expectNothingChanged(server, send);
          expectValidation(res, mensaje);
        }
      },
    );

    it('the same Idempotency-Key answers the zoned order again instead of a second one', async () => {
      const key = newKey();
      const body = guestBody(shop.tiendaId, [{ productoId: productoId(), cantidad: 2 }], {
        entrega: { tipo: 'DOMICILIO', direccion: 'Calle Moneda 4', codigoPostal: '06000' },
      });
      const first = await postInvitado(server, body, key);
      const again = await postInvitado(server, body, key);
      expect(first.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(first.body.pedido.entrega.zona).toEqual({ nombre: 'Centro', costoDeEnvio: 25 });
    });
  });
});
