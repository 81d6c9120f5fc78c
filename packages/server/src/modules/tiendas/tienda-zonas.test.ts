import { describe, expect, it } from 'vitest';
import { tiendaContactoMessages, zonaMessages, type ZonaVista } from '@tianguis/domain';
import {
  expectError,
  expectValidation,
  listFor,
  ok,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { call, createShopper, ownTienda, type PublicShop } from '../../../test/pedido-factories.js';
import { readTiendaRow, useTwoPublicShops } from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Delivery zones": updatetienda's `zonas` (saved in the owner's order, cleaned,
// ids kept on a resave, left out keeps them, [] removes them, every bad input refused whole with
// a message naming the zone), and every shop answer carrying them (the owner and the admin all
// of them with ids, everyone else the active ones without id).

const PUNTO = { lat: 19.0414, lng: -98.2063 };

/** A zone as the owner's form sends it. */
function zona(nombre: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nombre,
    colonias: ['Centro'],
    codigosPostales: [],
    radioKm: null,
    costoDeEnvio: 20,
    montoMinimo: 0,
    activa: true,
    ...extra,
  };
}

/** n distinct colonias of exactly `length` characters. */
function colonias(n: number, length = 60): string[] {
  return Array.from({ length: n }, (_, i) =>
    `Colonia ${String(i).padStart(3, '0')} `.padEnd(length, 'x'),
  );
}

describe('delivery zones in updatetienda and the shop answers', () => {
  const { server, adminToken, shop, other, update } = useTwoPublicShops();
  const save = async (target: PublicShop, zonas: unknown[], extra: Record<string, unknown> = {}) =>
    ok(await update(target, { zonas, ...extra }), 'updatetienda')[0]!.zonas as ZonaVista[];
  const rows = (tiendaId: number) =>
    server.app.database.db
      .selectFrom('tienda_zona')
      .selectAll()
      .where('tienda_id', '=', tiendaId)
      .orderBy('orden')
      .execute();
  const tiendaRow = (tiendaId: number) =>
    readTiendaRow(server, tiendaId, [
      'nombre',
      'costo_de_envio',
      'ubicacion_lat',
      'ubicacion_lng',
      'version',
    ]);
  const publica = (target: PublicShop) =>
    server.call<{ tienda: TiendaView }>(`/api/tienda/publica/${target.owner.usuario}`);
  /** Everything a refused request must leave as it was. */
  const snapshot = async (target: PublicShop) => ({
    tienda: await tiendaRow(target.tiendaId),
    zonas: await rows(target.tiendaId),
  });

  it('starts without zones: every answer says []', async () => {
    expect((await ownTienda(server, other)).zonas).toEqual([]);
    expect(ok(await publica(other), 'publica').tienda.zonas).toEqual([]);
  });

  it('saves zones in the order sent, cleaned, amounts in pesos, and raises the version', async () => {
    const before = (await tiendaRow(shop.tiendaId)).version;
    const zonas = await save(
      shop,
      [
        zona('  Centro  ', {
          // Pasted one per line: blank lines, stray spaces and repeats by accents or case go.
          colonias: 'Centro\n\n   Del   Valle  \r\nCENTRO\n  \nÁlamos\nalamos\nDel valle\n',
          codigosPostales: ' 72000, 72001\n72000  72002 ',
          costoDeEnvio: 25.5,
          montoMinimo: '150',
        }),
        zona('Cercanía', { colonias: [], radioKm: 2.5, costoDeEnvio: 0, activa: false }),
        zona('Periferia', {
          colonias: ['  La Paz', '', 'la   paz', 'Zavaleta '],
          codigosPostales: ['72100', ' 72100 '],
        }),
      ],
      { ubicacion: PUNTO },
    );
    expect(zonas).toEqual([
      {
        id: expect.any(Number),
        nombre: 'Centro',
        colonias: ['Centro', 'Del Valle', 'Álamos'],
        codigosPostales: ['72000', '72001', '72002'],
        radioKm: null,
        costoDeEnvio: 25.5,
        montoMinimo: 150,
        activa: true,
      },
      {
        id: expect.any(Number),
        nombre: 'Cercanía',
        colonias: [],
        codigosPostales: [],
        radioKm: 2.5,
        costoDeEnvio: 0,
        montoMinimo: 0,
        activa: false,
      },
      {
        id: expect.any(Number),
        nombre: 'Periferia',
        colonias: ['La Paz', 'Zavaleta'],
        codigosPostales: ['72100'],
        radioKm: null,
        costoDeEnvio: 20,
        montoMinimo: 0,
        activa: true,
      },
    ]);
    // Stored in centavos, in the owner's order; mitienda answers the same.
    const stored = await rows(shop.tiendaId);
    expect(
      stored.map((r) => [r.nombre, Number(r.orden), Number(r.costo_de_envio), Number(r.activa)]),
    ).toEqual([
      ['Centro', 0, 2550, 1],
      ['Cercanía', 1, 0, 0],
      ['Periferia', 2, 2000, 1],
    ]);
    expect((await ownTienda(server, shop)).zonas).toEqual(zonas);
    expect((await tiendaRow(shop.tiendaId)).version).toBeGreaterThan(before);
  });

  it('keeps ids on a resave, follows a new order, deletes zones left out and adds new ones', async () => {
    const [centro, cercania, periferia] = await save(
      shop,
      [zona('Centro'), zona('Cercanía', { colonias: [], radioKm: 2 }), zona('Periferia')],
      { ubicacion: PUNTO },
    );
    const again = await save(shop, [
      { ...periferia, costoDeEnvio: 30 },
      zona('Nueva', { colonias: ['Analco'] }),
      { ...centro },
    ]);
    expect(again.map((z) => [z.id, z.nombre, z.costoDeEnvio])).toEqual([
      [periferia!.id, 'Periferia', 30],
      [expect.any(Number), 'Nueva', 20],
      [centro!.id, 'Centro', 20],
    ]);
    expect(new Set(again.map((z) => z.id)).has(cercania!.id)).toBe(false);
    expect((await rows(shop.tiendaId)).map((r) => r.id)).toEqual(again.map((z) => z.id));
  });

  it("another shop's zone id never touches that zone: it makes a new zone in the caller's shop", async () => {
    const [mia] = await save(shop, [zona('Centro', { colonias: ['Centro', 'Analco'] })]);
    const before = await rows(shop.tiendaId);
    const [ajena] = await save(other, [{ ...mia, nombre: 'Robada', costoDeEnvio: 1 }]);
    expect(ajena!.id).not.toBe(mia!.id);
    expect(ajena).toMatchObject({ nombre: 'Robada', costoDeEnvio: 1 });
    expect(await rows(shop.tiendaId)).toEqual(before);
    // Nor does removing its own zones remove anyone else's.
    expect(await save(other, [])).toEqual([]);
    expect(await rows(shop.tiendaId)).toEqual(before);
  });

  it('left out keeps the zones; [] removes them', async () => {
    const zonas = await save(shop, [zona('Centro'), zona('Analco', { colonias: ['Analco'] })]);
    const kept = ok(await update(shop, { nombre: 'Tacos Don Memo II' }), 'updatetienda')[0]!;
    expect({ nombre: kept.nombre, zonas: kept.zonas }).toEqual({
      nombre: 'Tacos Don Memo II',
      zonas,
    });
    expect(await save(shop, [], { nombre: 'Tacos Don Memo' })).toEqual([]);
    expect(await rows(shop.tiendaId)).toEqual([]);
    expect((await ownTienda(server, shop)).zonas).toEqual([]);
  });

  it('takes the limits: 20 zones, 200 colonias of 60 characters, 200 postal codes', async () => {
    const muchas = colonias(200);
    const codigos = Array.from({ length: 200 }, (_, i) => String(72000 + i));
    const zonas = await save(
      shop,
      [
        zona('Grande', {
          colonias: muchas,
          codigosPostales: codigos,
          costoDeEnvio: 9999.99,
          montoMinimo: 99999.99,
        }),
        ...Array.from({ length: 19 }, (_, i) =>
          zona(`Zona ${i + 2}`, { radioKm: i === 0 ? 30 : null }),
        ),
      ],
      { ubicacion: PUNTO },
    );
    expect(zonas).toHaveLength(20);
    expect(zonas[0]).toMatchObject({
      colonias: muchas.map((c) => c.trim()),
      codigosPostales: codigos,
      costoDeEnvio: 9999.99,
      montoMinimo: 99999.99,
    });
    expect(zonas[0]!.colonias.every((c) => c.length === 60)).toBe(true);
    expect(zonas[1]!.radioKm).toBe(30);
    expect(zonas.map((z) => z.nombre)).toEqual([
      'Grande',
      ...Array.from({ length: 19 }, (_, i) => `Zona ${i + 2}`),
    ]);
    await save(shop, []);
  });

  const sinPunto = { ubicacion: null };
  it.each<[string, unknown, string, Record<string, unknown>?]>([
    [
      '21 zones',
      Array.from({ length: 21 }, (_, i) => zona(`Zona ${i + 1}`)),
      zonaMessages.zonasMax,
    ],
    ['zonas that is not a list', { nombre: 'Centro' }, zonaMessages.zonas],
    ['a zone that is not an object', [zona('Centro'), 'Analco'], zonaMessages.zona(1)],
    ['a name of 1 character', [zona('Centro'), zona(' A ')], zonaMessages.nombre(1)],
    ['a name of 41 characters', [zona('x'.repeat(41))], zonaMessages.nombre(0)],
    [
      'two names differing by case',
      [zona('Centro'), zona('CENTRO')],
      zonaMessages.nombreRepetido('CENTRO'),
    ],
    [
      'two names differing by accents',
      [zona('Álamos'), zona('alamos')],
      zonaMessages.nombreRepetido('alamos'),
    ],
    [
      '201 colonias',
      [zona('Centro', { colonias: colonias(201, 20) })],
      zonaMessages.coloniasMax('Centro'),
    ],
    [
      'a colonia of 61 characters',
      [zona('Centro', { colonias: ['Analco', 'y'.repeat(61)] })],
      zonaMessages.colonia('Centro', 'y'.repeat(61)),
    ],
    [
      'a colonia of 1 character',
      [zona('Centro', { colonias: ['Analco', ' Z '] })],
      zonaMessages.colonia('Centro', 'Z'),
    ],
    [
      'colonias that are not texts',
      [zona('Centro', { colonias: ['Analco', 7] })],
      zonaMessages.colonias('Centro'),
    ],
    [
      'a 4-digit postal code',
      [zona('Norte', { codigosPostales: ['72000', '7200'] })],
      zonaMessages.codigoPostal('Norte', '7200'),
    ],
    [
      'a postal code with letters',
      [zona('Norte', { codigosPostales: '72000\n72A00' })],
      zonaMessages.codigoPostal('Norte', '72A00'),
    ],
    [
      '201 postal codes',
      [
        zona('Norte', {
          codigosPostales: Array.from({ length: 201 }, (_, i) => String(70000 + i)),
        }),
      ],
      zonaMessages.codigosPostalesMax('Norte'),
    ],
    [
      'a radius of 0.05 km',
      [zona('Cerca', { radioKm: 0.05 })],
      zonaMessages.radio('Cerca'),
      { ubicacion: PUNTO },
    ],
    [
      'a radius of 31 km',
      [zona('Lejos', { radioKm: 31 })],
      zonaMessages.radio('Lejos'),
      { ubicacion: PUNTO },
    ],
    [
      'a radius that is text',
      [zona('Lejos', { radioKm: '3' })],
      zonaMessages.radio('Lejos'),
      { ubicacion: PUNTO },
    ],
    [
      'a zone with nothing to match',
      [zona('Vacía', { colonias: '\n \n', codigosPostales: [] })],
      zonaMessages.vacia('Vacía'),
    ],
    [
      'a cost with 3 decimals',
      [zona('Centro', { costoDeEnvio: 20.125 })],
      zonaMessages.costo('Centro'),
    ],
    ['a negative cost', [zona('Centro', { costoDeEnvio: -1 })], zonaMessages.costo('Centro')],
    [
      'a cost over 9999.99',
      [zona('Centro', { costoDeEnvio: 10000 })],
      zonaMessages.costo('Centro'),
    ],
    ['no cost', [zona('Centro', { costoDeEnvio: undefined })], zonaMessages.costo('Centro')],
    [
      'a minimum with 3 decimals',
      [zona('Centro', { montoMinimo: 99.999 })],
      zonaMessages.minimo('Centro'),
    ],
    ['a negative minimum', [zona('Centro', { montoMinimo: -5 })], zonaMessages.minimo('Centro')],
    [
      'activa that is not a boolean',
      [zona('Centro', { activa: 'si' })],
      zonaMessages.activa('Centro'),
    ],
    // The shop has no point: a radius has nothing to be measured from.
    [
      'a radius without the shop point',
      [zona('Centro'), zona('Cercanía', { colonias: [], radioKm: 3 })],
      zonaMessages.radioSinUbicacion('Cercanía'),
      sinPunto,
    ],
    [
      'a radius sent with ubicacion null',
      [zona('Cerca', { radioKm: 1 })],
      zonaMessages.radioSinUbicacion('Cerca'),
      sinPunto,
    ],
    [
      'coordinates out of range',
      [zona('Cerca', { radioKm: 1 })],
      tiendaContactoMessages.lat,
      { ubicacion: { lat: 91, lng: -98.2 } },
    ],
    [
      'a longitude out of range',
      [zona('Cerca', { radioKm: 1 })],
      tiendaContactoMessages.lng,
      { ubicacion: { lat: 19, lng: -181 } },
    ],
  ])(
    'refuses %s with 400 VALIDACION naming the zone, saving nothing',
    async (_, zonas, message, extra) => {
      // The shop starts with one zone and no point; the refused request also renames the shop.
      const saved = await save(shop, [zona('Guardada', { colonias: ['Analco'] })], {
        ubicacion: null,
      });
      const before = await snapshot(shop);
      const res = await update(shop, {
        nombre: 'Nombre Cambiado',
        costoDeEnvio: 77,
        zonas,
        ...extra,
      });
      expectValidation(res, message);
      expect(await snapshot(shop)).toEqual(before);
      expect((await ownTienda(server, shop)).zonas).toEqual(saved);
    },
  );

  it("a radius counts the shop point as it stands after the request, and the point can't go while a radius needs it", async () => {
    await update(shop, { ubicacion: null, zonas: [] });
    // The point sent in the same request is enough.
    const [cercania] = await save(shop, [zona('Cercanía', { colonias: [], radioKm: 3 })], {
      ubicacion: PUNTO,
    });
    // Kept when left out: a later save measures from the stored point.
    await save(shop, [cercania!, zona('Centro')]);
    // Removing the point while a saved zone (even an inactive one) has a radius: refused, all of it.
    await save(shop, [{ ...cercania!, activa: false }, zona('Centro')]);
    const before = await snapshot(shop);
    expectValidation(
      await update(shop, { ubicacion: null, nombre: 'Sin Punto' }),
      zonaMessages.radioSinUbicacion('Cercanía'),
    );
    expect(await snapshot(shop)).toEqual(before);
    // Removing both at once, or the radius first, is fine.
    const sin = ok(
      await update(shop, { ubicacion: null, zonas: [zona('Centro')] }),
      'sin radio',
    )[0]!;
    expect({ ubicacion: sin.ubicacion, zonas: sin.zonas.map((z) => z.nombre) }).toEqual({
      ubicacion: null,
      zonas: ['Centro'],
    });
    await save(shop, []);
  });

  it('a radius added and the point removed at once never both pass', async () => {
    for (let round = 0; round < 5; round += 1) {
      await save(shop, [], { ubicacion: PUNTO });
      const [conRadio, sinPunto] = await Promise.all([
        update(shop, { zonas: [zona('Cercanía', { colonias: [], radioKm: 3 })] }),
        update(shop, { ubicacion: null }),
      ]);
      const statuses = [conRadio.status, sinPunto.status];
      expect(statuses).toContain(200);
      const after = await ownTienda(server, shop);
      // Whichever came second was refused if it would leave a radius without its point.
      expect(after.zonas.some((z) => z.radioKm !== null) && after.ubicacion === null).toBe(false);
      if (statuses.includes(400)) {
        expectValidation(
          statuses[0] === 400 ? conRadio : sinPunto,
          zonaMessages.radioSinUbicacion('Cercanía'),
        );
      }
    }
    await save(shop, []);
  });

  it('public answers carry only the active zones, without id; the owner and the admin get all', async () => {
    const zonas = await save(
      shop,
      [
        zona('Centro', {
          colonias: ['Centro', 'Analco'],
          codigosPostales: ['72000'],
          montoMinimo: 100,
        }),
        zona('Apagada', { colonias: ['Lomas'], activa: false }),
        zona('Cercanía', { colonias: [], radioKm: 2, costoDeEnvio: 35 }),
      ],
      { ubicacion: PUNTO },
    );
    const publicas = zonas.filter((z) => z.activa).map(({ id: _id, ...z }) => z);
    expect(publicas.map((z) => z.nombre)).toEqual(['Centro', 'Cercanía']);

    const page = ok(await publica(shop), 'publica').tienda;
    expect(page.zonas).toEqual(publicas);
    expect(page.zonas.every((z) => !('id' in z))).toBe(true);
    const shopper = await createShopper(server);
    for (const token of [undefined, shopper.token, other.owner.token]) {
      const inList = (await listFor(server, token)).find((t) => t.tiendaId === shop.tiendaId)!;
      expect(inList.zonas).toEqual(publicas);
    }
    const admin = (await listFor(server, adminToken())).find((t) => t.tiendaId === shop.tiendaId)!;
    expect(admin.zonas).toEqual(zonas);
    const own = (await listFor(server, shop.owner.token)).find(
      (t) => t.tiendaId === shop.tiendaId,
    )!;
    expect(own.zonas).toEqual(zonas);
    expect((await ownTienda(server, shop)).zonas).toEqual(zonas);
  });

  it("saving zones changes the public page's ETag, and the shop page still renders", async () => {
    await save(shop, [zona('Centro')]);
    const first = await publica(shop);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(
      (
        await server.call(`/api/tienda/publica/${shop.owner.usuario}`, {
          headers: { 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);
    await save(shop, [zona('Centro', { costoDeEnvio: 45 })]);
    const second = await publica(shop);
    expect(second.headers.get('etag')).not.toBe(etag);
    expect(ok(second, 'publica').tienda.zonas).toMatchObject([
      { nombre: 'Centro', costoDeEnvio: 45 },
    ]);
    const html = await server.call<string>(`/tienda/${shop.owner.usuario}`, {
      headers: { accept: 'text/html' },
    });
    expect(html.status).toBe(200);
    expect(html.body).toContain('Tacos Don Memo');
  });

  it("only the shop's owner changes its zones: shoppers and visitors are refused, other owners reach only their own", async () => {
    await save(shop, [zona('Centro')]);
    const before = await snapshot(shop);
    const shopper = await createShopper(server);
    const body = { nombre: 'Tacos Intrusos', zonas: [] };
    expectError(await call(server, TIENDA.update, shopper.token, body), 403, 'PROHIBIDO');
    expect((await call(server, TIENDA.update, undefined, body)).status).toBe(401);
    expectError(await call(server, TIENDA.update, adminToken(), body), 403, 'PROHIBIDO');
    // Another owner naming this shop, and sending its zone ids, changes only its own shop.
    const ids = before.zonas.map((z) => ({ ...zona('Tomada'), id: z.id }));
    ok(await update(other, { tiendaId: shop.tiendaId, zonas: ids }, other.owner.token), 'otro');
    expect(await snapshot(shop)).toEqual(before);
    expect((await ownTienda(server, other)).zonas.map((z) => z.nombre)).toEqual(['Tomada']);
    await save(other, []);
  });
});
