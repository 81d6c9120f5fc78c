import { describe, expect, it } from 'vitest';
import { zonaAGuardar, zonaGuardada } from '#test/zonas-envio/fixtures';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { cuerpoDeZonas, SIN_CONFIGURAR } from './cuerpo-de-zonas';
import {
  checkPunto,
  checkZonas,
  cuentaDeCodigosPostales,
  cuentaDeColonias,
  moveZona,
  nombreDeZona,
  tecleoPermitido,
  zonaDelMensaje,
  zonaNueva,
  zonasFormDesdeTienda,
  type ZonaForm,
} from './zonas-form';

// Messages written out literally, so a change in the domain's texts is seen here too.

function zona(overrides: Partial<ZonaForm> = {}): ZonaForm {
  return { ...zonaNueva(), nombre: 'Centro', colonias: 'Centro', costoDeEnvio: '20', ...overrides };
}

const SIN_PUNTO = { lat: '', lng: '' };
const PUNTO = { lat: '19.4326', lng: '-99.1332' };

describe('zonasFormDesdeTienda', () => {
  it('opens on the saved zones in order, lists as lines, a 0 minimum as an empty field', () => {
    const [centro, valle] = zonasFormDesdeTienda([
      zonaGuardada({ id: 7, colonias: ['Centro', 'Doctores'], montoMinimo: 0 }),
      {
        id: 9,
        nombre: 'Del Valle',
        colonias: [],
        codigosPostales: ['03100', '03103'],
        radioKm: 2.5,
        costoDeEnvio: 35.5,
        montoMinimo: 150,
        activa: false,
      },
    ]);
    expect(centro).toMatchObject({
      id: 7,
      colonias: 'Centro\nDoctores',
      codigosPostales: '',
      radioKm: '',
      costoDeEnvio: '20',
      montoMinimo: '',
      activa: true,
    });
    expect(valle).toMatchObject({
      id: 9,
      codigosPostales: '03100, 03103',
      radioKm: '2.5',
      costoDeEnvio: '35.5',
      montoMinimo: '150',
      activa: false,
    });
    expect(centro?.clave).not.toBe(valle?.clave);
  });

  it('has no zones when the answer carries none', () => {
    expect(zonasFormDesdeTienda(undefined)).toEqual([]);
    expect(zonasFormDesdeTienda([])).toEqual([]);
  });
});

describe('checkZonas', () => {
  it('sends the lists cleaned (blank lines, spaces and repeats out), pesos, and ids back', () => {
    const check = checkZonas(
      [
        zona({
          id: 4,
          colonias: '  Centro \n\nDoctores\ncentro\n  DOCTORES  \n',
          costoDeEnvio: '20',
        }),
        zona({
          nombre: ' Del   Valle ',
          colonias: '',
          codigosPostales: '03100, 03100\n03103 ',
          costoDeEnvio: '35.50',
          montoMinimo: '150',
          activa: false,
        }),
      ],
      SIN_PUNTO,
    );
    expect(check).toEqual({
      ok: true,
      ubicacion: null,
      zonas: [
        zonaGuardada({ id: 4, colonias: ['Centro', 'Doctores'] }),
        zonaAGuardar({
          nombre: 'Del Valle',
          colonias: [],
          codigosPostales: ['03100', '03103'],
          costoDeEnvio: 35.5,
          montoMinimo: 150,
          activa: false,
        }),
      ],
    });
  });

  it('sends no zones when there are none (the flat fee applies)', () => {
    expect(checkZonas([], SIN_PUNTO)).toEqual({ ok: true, zonas: [], ubicacion: null });
  });

  it.each<[string, Partial<ZonaForm>, string]>([
    [
      'no place at all',
      { colonias: '\n \n', codigosPostales: '' },
      'Zona «Centro»: pon al menos una colonia, un código postal o un radio',
    ],
    [
      'an empty fee',
      { costoDeEnvio: '' },
      'Zona «Centro»: el costo de envío debe ser de 0 a 9999.99 (hasta 2 decimales)',
    ],
    [
      'a fee with a trailing point',
      { costoDeEnvio: '20.' },
      'Zona «Centro»: el costo de envío debe ser de 0 a 9999.99 (hasta 2 decimales)',
    ],
    [
      'a four-digit postal code',
      { codigosPostales: '0310' },
      'Zona «Centro»: el código postal «0310» debe tener 5 dígitos',
    ],
    [
      'a one-letter colonia',
      { colonias: 'Roma\nX' },
      'Zona «Centro»: la colonia «X» debe tener de 2 a 60 caracteres',
    ],
    ['a radius of 31 km', { radioKm: '31' }, 'Zona «Centro»: el radio debe ser de 0.1 a 30 km'],
  ])('refuses %s, naming the zone', (_, cambio, message) => {
    const check = checkZonas(
      [zona({ nombre: 'Norte', colonias: 'Lindavista' }), zona(cambio)],
      PUNTO,
    );
    expect(check).toEqual({ ok: false, message, index: 1 });
  });

  it('names a zone by its place when the name is the problem', () => {
    expect(checkZonas([zona(), zona({ nombre: 'X' })], SIN_PUNTO)).toEqual({
      ok: false,
      message: 'Zona 2: el nombre debe tener de 2 a 40 caracteres',
      index: 1,
    });
  });

  it('refuses a name used twice, compared without case', () => {
    expect(checkZonas([zona(), zona({ nombre: 'CENTRO' })], SIN_PUNTO)).toEqual({
      ok: false,
      message: 'Zona «CENTRO»: ya tienes otra zona con ese nombre',
      index: 1,
    });
  });

  it('takes 200 colonias of 60 characters, and refuses the 201st', () => {
    const colonias = Array.from(
      { length: 201 },
      (_, i) => `${String(i).padStart(3, '0')}${'a'.repeat(57)}`,
    );
    expect(colonias[0]).toHaveLength(60);
    const con200 = checkZonas([zona({ colonias: colonias.slice(0, 200).join('\n') })], SIN_PUNTO);
    expect(con200.ok && con200.zonas[0]?.colonias).toHaveLength(200);
    expect(checkZonas([zona({ colonias: colonias.join('\n') })], SIN_PUNTO)).toEqual({
      ok: false,
      message: 'Zona «Centro»: puedes poner hasta 200 colonias',
      index: 0,
    });
  });

  it('refuses a radius without the shop point, and takes it with one', () => {
    const zonas = [zona(), zona({ nombre: 'Cerca', colonias: '', radioKm: '2,5' })];
    expect(checkZonas(zonas, SIN_PUNTO)).toEqual({
      ok: false,
      message:
        'Zona «Cerca»: para enviar por distancia, primero marca el punto de tu tienda en el mapa',
      index: 1,
    });
    const check = checkZonas(zonas, PUNTO);
    expect(check.ok && check.zonas[1]?.radioKm).toBe(2.5);
    expect(check.ok && check.ubicacion).toEqual({ lat: 19.4326, lng: -99.1332 });
  });

  it('refuses a point out of range, or with one coordinate missing', () => {
    expect(checkZonas([zona()], { lat: '91', lng: '-99' })).toEqual({
      ok: false,
      message: 'La latitud (lat) del punto en el mapa debe ser un número de -90 a 90',
      index: undefined,
    });
    expect(checkPunto({ lat: '19.4', lng: '' })).toEqual({
      ok: false,
      message: 'La longitud (lng) del punto en el mapa debe ser un número de -180 a 180',
    });
    expect(checkPunto({ lat: '19.4', lng: '-181' }).ok).toBe(false);
    expect(checkPunto({ lat: ' ', lng: '' })).toEqual({ ok: true, ubicacion: null });
  });
});

describe('the form helpers', () => {
  it('moves a zone one place, and not past either end', () => {
    expect(moveZona(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveZona(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveZona(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveZona(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('counts what will be saved of the lists', () => {
    expect(cuentaDeColonias('Centro\n\n centro \nDoctores')).toBe('Se guardarán 2 colonias');
    expect(cuentaDeColonias('Roma')).toBe('Se guardarán 1 colonia');
    expect(cuentaDeColonias('\n  \n')).toBe('Ninguna colonia');
    expect(cuentaDeCodigosPostales('03100, 03100 03103')).toBe('Se guardarán 2 códigos postales');
    expect(cuentaDeCodigosPostales('03100')).toBe('Se guardarán 1 código postal');
    expect(cuentaDeCodigosPostales(' ')).toBe('Ningún código postal');
  });

  it('names a zone without a name by its place', () => {
    expect(nombreDeZona({ nombre: '  Del   Valle ' }, 0)).toBe('Del Valle');
    expect(nombreDeZona({ nombre: ' ' }, 2)).toBe('Zona 3');
  });

  it('finds the zone a server message names', () => {
    const zonas = [zona(), zona({ nombre: 'Del Valle' })];
    expect(zonaDelMensaje('Zona «del valle»: puedes poner hasta 200 colonias', zonas)).toBe(1);
    expect(zonaDelMensaje('Zona 1: datos de la zona no válidos', zonas)).toBe(0);
    expect(zonaDelMensaje('Zona «Sur»: algo', zonas)).toBeUndefined();
    expect(zonaDelMensaje('Zona 5: algo', zonas)).toBeUndefined();
    expect(zonaDelMensaje('No se pudo guardar', zonas)).toBeUndefined();
  });

  it('refuses keystrokes an amount, radius or coordinate field cannot take', () => {
    expect(tecleoPermitido.costoDeEnvio('9999.99')).toBe(true);
    expect(tecleoPermitido.costoDeEnvio('12345')).toBe(false);
    expect(tecleoPermitido.costoDeEnvio('1.234')).toBe(false);
    expect(tecleoPermitido.montoMinimo('99999.9')).toBe(true);
    expect(tecleoPermitido.montoMinimo('abc')).toBe(false);
    expect(tecleoPermitido.radioKm('2,5')).toBe(true);
    expect(tecleoPermitido.radioKm('-1')).toBe(false);
    expect(tecleoPermitido.coordenada('-99.13320')).toBe(true);
    expect(tecleoPermitido.coordenada('19.4a')).toBe(false);
  });
});

describe('cuerpoDeZonas', () => {
  it("sends the shop's settings as they are, with the point and the zones", () => {
    const tienda = tiendaDePrueba({
      radioCostoDeEnvio: 'si',
      costoDeEnvio: 25,
      direccion: 'Calle Cinco de Mayo 42, Centro',
      telefono: '5512349876',
      ubicacion: null,
    });
    const cuerpo = cuerpoDeZonas(tienda, [], { lat: 19.4, lng: -99.1 });
    expect(cuerpo).toEqual({
      ok: true,
      body: expect.objectContaining({
        nombre: 'taqueria lupe',
        imageUrl: '/images/logo.jpg',
        radioCostoDeEnvio: 'si',
        costoDeEnvio: 25,
        direccion: 'Calle Cinco de Mayo 42, Centro',
        telefono: '5512349876',
        ubicacion: { lat: 19.4, lng: -99.1 },
        zonas: [],
      }),
    });
  });

  it('cannot save zones before the shop is configured', () => {
    expect(cuerpoDeZonas(tiendaDePrueba({ configured: false }), [], null)).toEqual({
      ok: false,
      message: SIN_CONFIGURAR,
    });
  });
});
