import { describe, expect, it } from 'vitest';
import { destinoMessages, distanciaKm, type Punto } from '@tianguis/domain';
import { useAdminServer } from '../../../test/build-test-app.js';
import { expectBadRequest, ok } from '../../../test/catalogo-factories.js';
import { callFrom, newAddress } from '../../../test/from-address.js';
import {
  createPublicShop,
  createShopper,
  updateTiendaCon,
} from '../../../test/pedido-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Delivery zones": POST /api/tienda/cotizarenvio answers the zone an address falls
// in (the first active one in the owner's order: postal code, colonia without accents, case or
// extra spaces, or distance from the shop's point), the out-of-zone message, or nothing at a
// shop without active zones; anyone may ask, 60 a minute per address. Each test asks from its
// own client address (test/from-address.ts), so the limit of one never spills into another.

const PUNTO = { lat: 19.0414, lng: -98.2063 };
const FUERA = 'No hacemos envíos a esa dirección. Zonas de envío: Centro, Del Valle, Cercanía';

/** The point `km` north of the shop (a meridian: the distance is all in latitude). */
function alNorte(km: number): Punto {
  return { lat: PUNTO.lat + km / ((6371.0088 * Math.PI) / 180), lng: PUNTO.lng };
}

const ZONAS = [
  {
    nombre: 'Centro',
    colonias: ['Centro', 'Álamos', 'Jardines de  San Manuel'],
    codigosPostales: ['72000'],
    radioKm: null,
    costoDeEnvio: 20,
    montoMinimo: 100,
    activa: true,
  },
  {
    nombre: 'Del Valle',
    // 'Centro' again: the first zone in the owner's order wins.
    colonias: ['Del Valle', 'Centro'],
    codigosPostales: ['72100', '72000'],
    radioKm: null,
    costoDeEnvio: 30.5,
    montoMinimo: 0,
    activa: true,
  },
  {
    nombre: 'Apagada',
    colonias: ['Lomas'],
    codigosPostales: ['72900'],
    radioKm: 30,
    costoDeEnvio: 1,
    montoMinimo: 0,
    activa: false,
  },
  {
    nombre: 'Cercanía',
    colonias: [],
    codigosPostales: [],
    radioKm: 2,
    costoDeEnvio: 35,
    montoMinimo: 50,
    activa: true,
  },
];

describe('POST /api/tienda/cotizarenvio', () => {
  const { server, adminToken, shop, plana } = useAdminServer(async (server, adminToken) => {
    const shop = await createPublicShop(server, adminToken, { nombre: 'Tacos Don Memo' });
    const plana = await createPublicShop(server, adminToken, {
      nombre: 'Fonda Plana',
      costoDeEnvio: 15,
    });
    ok(await updateTiendaCon(server, shop, { ubicacion: PUNTO, zonas: ZONAS }), 'zonas');
    return { shop, plana };
  });

  /** Quotes from one client address per test. */
  function cotizador() {
    const from = newAddress();
    return (body: Record<string, unknown>) => callFrom(server, from, TIENDA.cotizar, body);
  }
  const zonaDe = async (body: Record<string, unknown>) => {
    const res = await cotizador()({ tiendaId: shop.tiendaId, ...body });
    expect(res.status).toBe(200);
    return res.body as { zona: { nombre: string } | null; mensaje: string | null };
  };

  it('answers the zone with its fee and minimum in pesos', async () => {
    expect(await zonaDe({ colonia: 'Centro' })).toEqual({
      zona: { nombre: 'Centro', costoDeEnvio: 20, montoMinimo: 100 },
      mensaje: null,
    });
    expect(await zonaDe({ codigoPostal: '72100' })).toEqual({
      zona: { nombre: 'Del Valle', costoDeEnvio: 30.5, montoMinimo: 0 },
      mensaje: null,
    });
    expect(await zonaDe({ ubicacion: alNorte(1) })).toEqual({
      zona: { nombre: 'Cercanía', costoDeEnvio: 35, montoMinimo: 50 },
      mensaje: null,
    });
  });

  it('the first matching zone in the owner’s order wins, whatever matched', async () => {
    // 'Centro' and 72000 are listed in both zones: the first one.
    expect((await zonaDe({ colonia: 'Centro' })).zona?.nombre).toBe('Centro');
    expect((await zonaDe({ codigoPostal: '72000' })).zona?.nombre).toBe('Centro');
    // The colonia says Del Valle, the postal code Centro: Centro comes first.
    expect((await zonaDe({ colonia: 'Del Valle', codigoPostal: '72000' })).zona?.nombre).toBe(
      'Centro',
    );
    // Inside the radius but with Del Valle's postal code: Del Valle comes before Cercanía.
    expect((await zonaDe({ codigoPostal: '72100', ubicacion: alNorte(0.5) })).zona?.nombre).toBe(
      'Del Valle',
    );
    // The owner puts Del Valle first: it wins now, at once (the zones are read per version).
    ok(
      await updateTiendaCon(server, shop, { zonas: [ZONAS[1], ZONAS[0], ZONAS[2], ZONAS[3]] }),
      'reorden',
    );
    try {
      expect((await zonaDe({ colonia: 'centro' })).zona?.nombre).toBe('Del Valle');
      expect((await zonaDe({ codigoPostal: '72000' })).zona?.nombre).toBe('Del Valle');
    } finally {
      ok(await updateTiendaCon(server, shop, { zonas: ZONAS }), 'orden de vuelta');
    }
    expect((await zonaDe({ colonia: 'centro' })).zona?.nombre).toBe('Centro');
  });

  it.each([
    ['CENTRO', 'Centro'],
    ['  centro  ', 'Centro'],
    ['alamos', 'Centro'],
    ['ÁLAMOS', 'Centro'],
    ['Álamos', 'Centro'],
    ['jardines de san   manuel', 'Centro'],
    ['Jardínes  de San Manuel', 'Centro'],
    ['del valle', 'Del Valle'],
    ['DEL   VALLE ', 'Del Valle'],
  ])('compares colonias without accents, case or extra spaces: %j', async (colonia, nombre) => {
    expect((await zonaDe({ colonia })).zona?.nombre).toBe(nombre);
  });

  it('a postal code is matched as typed, spaces around it ignored', async () => {
    expect((await zonaDe({ codigoPostal: ' 72100 ' })).zona?.nombre).toBe('Del Valle');
    expect(await zonaDe({ codigoPostal: '72101' })).toEqual({ zona: null, mensaje: FUERA });
  });

  it('a point just inside the radius is in the zone; just outside it is not', async () => {
    const dentro = alNorte(1.999);
    const fuera = alNorte(2.001);
    // The domain's own measure, the one the server uses, puts them on each side of 2 km.
    expect(distanciaKm(PUNTO, dentro)).toBeGreaterThan(1.99);
    expect(distanciaKm(PUNTO, dentro)).toBeLessThan(2);
    expect(distanciaKm(PUNTO, fuera)).toBeGreaterThan(2);
    expect(distanciaKm(PUNTO, fuera)).toBeLessThan(2.01);
    expect((await zonaDe({ ubicacion: dentro })).zona?.nombre).toBe('Cercanía');
    expect(await zonaDe({ ubicacion: fuera })).toEqual({ zona: null, mensaje: FUERA });
    // The shop's own point is at distance 0.
    expect((await zonaDe({ ubicacion: PUNTO })).zona?.nombre).toBe('Cercanía');
  });

  it('inactive zones are ignored and not named: outside every active zone says so', async () => {
    expect(await zonaDe({ colonia: 'Lomas' })).toEqual({ zona: null, mensaje: FUERA });
    expect(await zonaDe({ codigoPostal: '72900' })).toEqual({ zona: null, mensaje: FUERA });
    // Within the inactive zone's 30 km but outside Cercanía's 2.
    expect(await zonaDe({ ubicacion: alNorte(10) })).toEqual({ zona: null, mensaje: FUERA });
    // Nothing said of the address: no zone to find.
    expect(await zonaDe({})).toEqual({ zona: null, mensaje: FUERA });
    expect(await zonaDe({ colonia: null, codigoPostal: null, ubicacion: null })).toEqual({
      zona: null,
      mensaje: FUERA,
    });
  });

  it('a shop without active zones answers no zone and no message (its flat fee applies)', async () => {
    const cotizar = cotizador();
    const body = { tiendaId: plana.tiendaId, colonia: 'Centro', codigoPostal: '72000' };
    expect((await cotizar(body)).body).toEqual({ zona: null, mensaje: null });
    // Zones that are all switched off count as none.
    ok(
      await updateTiendaCon(server, plana, { zonas: [{ ...ZONAS[0], activa: false }] }),
      'apagada',
    );
    expect((await cotizar(body)).body).toEqual({ zona: null, mensaje: null });
    ok(await updateTiendaCon(server, plana, { zonas: [ZONAS[1]] }), 'encendida');
    expect((await cotizar(body)).body).toEqual({
      zona: { nombre: 'Del Valle', costoDeEnvio: 30.5, montoMinimo: 0 },
      mensaje: null,
    });
    ok(await updateTiendaCon(server, plana, { zonas: [] }), 'sin zonas');
    expect((await cotizar(body)).body).toEqual({ zona: null, mensaje: null });
  });

  it('a changed fee is quoted at once', async () => {
    const cambiadas = [{ ...ZONAS[0], costoDeEnvio: 22.75 }, ...ZONAS.slice(1)];
    ok(await updateTiendaCon(server, shop, { zonas: cambiadas }), 'nuevo costo');
    try {
      expect((await zonaDe({ colonia: 'Centro' })).zona).toEqual({
        nombre: 'Centro',
        costoDeEnvio: 22.75,
        montoMinimo: 100,
      });
    } finally {
      ok(await updateTiendaCon(server, shop, { zonas: ZONAS }), 'costo de vuelta');
    }
  });

  it('an unknown or hidden shop is 404, as its public page is', async () => {
    const cotizar = cotizador();
    const noEncontrada = {
      code: 'NO_ENCONTRADO',
      message: 'La tienda no existe o no está disponible',
    };
    const oculta = await createPublicShop(server, undefined, { nombre: 'Fonda Oculta' });
    ok(await updateTiendaCon(server, oculta, { zonas: [ZONAS[0]] }), 'zonas de la oculta');
    for (const tiendaId of [999_999, oculta.tiendaId]) {
      const res = await cotizar({ tiendaId, colonia: 'Centro' });
      expect({ status: res.status, ...res.body }).toEqual({ status: 404, ...noEncontrada });
    }
    expect((await server.call(`/api/tienda/publica/${oculta.owner.usuario}`)).status).toBe(404);
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['a colonia of 1 character', { colonia: ' X ' }, destinoMessages.colonia],
    ['a colonia of 61 characters', { colonia: 'x'.repeat(61) }, destinoMessages.colonia],
    ['a colonia that is a number', { colonia: 7 }, destinoMessages.colonia],
    ['a 4-digit postal code', { codigoPostal: '7200' }, destinoMessages.codigoPostal],
    ['a postal code with letters', { codigoPostal: '72A00' }, destinoMessages.codigoPostal],
    ['a latitude of 91', { ubicacion: { lat: 91, lng: -98 } }, destinoMessages.ubicacion],
    ['a longitude of -181', { ubicacion: { lat: 19, lng: -181 } }, destinoMessages.ubicacion],
    ['a point that is text', { ubicacion: '19.04,-98.20' }, destinoMessages.ubicacion],
    ['no shop', { tiendaId: undefined, colonia: 'Centro' }, undefined],
    ['a shop id that is text', { tiendaId: 'uno', colonia: 'Centro' }, undefined],
  ])('refuses %s with 400 VALIDACION', async (_, body, message) => {
    const res = await cotizador()({ tiendaId: shop.tiendaId, ...body });
    expectBadRequest(res);
    if (message !== undefined) expect(res.body.message).toBe(message);
  });

  it('anyone may ask: visitors, shoppers and owners alike', async () => {
    const shopper = await createShopper(server);
    for (const token of [undefined, shopper.token, plana.owner.token, adminToken()]) {
      const res = await server.call(TIENDA.cotizar, {
        method: 'POST',
        token,
        body: { tiendaId: shop.tiendaId, codigoPostal: '72100' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ zona: { nombre: 'Del Valle' } });
    }
  });

  it('takes 60 quotes a minute from one address; the 61st is 429 and other addresses go on', async () => {
    const cotizar = cotizador();
    const body = { tiendaId: shop.tiendaId, colonia: 'Centro' };
    const answers = await Promise.all(Array.from({ length: 60 }, () => cotizar(body)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 60 }, () => 200));
    const refused = await cotizar(body);
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 429,
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await cotizador()(body)).status).toBe(200);
  });
});
