import { describe, expect, it } from 'vitest';
import { pedidoInvitadoSchema } from './pedido.schema.js';
import {
  claveDeColonia,
  distanciaKm,
  cleanCodigosPostales,
  cleanColonias,
  mensajeFueraDeZona,
  prepareZonas,
  zonaDeEntrega,
  zonaMessages,
  zonasInputSchema,
  zonasSinUbicacion,
  type ZonaInput,
} from './zonas.js';

const zona = (overrides: Record<string, unknown> = {}) => ({
  nombre: 'Centro',
  colonias: ['Centro'],
  costoDeEnvio: 20,
  ...overrides,
});

function parse(zonas: unknown): ZonaInput[] {
  return zonasInputSchema.parse(zonas);
}

function refusal(zonas: unknown): string {
  const result = zonasInputSchema.safeParse(zonas);
  if (result.success) throw new Error('accepted');
  return result.error.issues[0]!.message;
}

describe('cleaning what the owner types', () => {
  it('keeps colonias in typed order, without blank lines, stray spaces or repeats by accent and case', () => {
    expect(cleanColonias('  Centro \n\nDel   Valle\r\nÁlamos\nalamos\n CENTRO\n')).toEqual([
      'Centro',
      'Del Valle',
      'Álamos',
    ]);
    expect(claveDeColonia('  Del   VALLE  Centro ')).toBe('del valle centro');
    expect(claveDeColonia('Álamos')).toBe(claveDeColonia('alamos'));
  });

  it('splits postal codes on spaces, commas and lines, without repeats', () => {
    expect(cleanCodigosPostales('03100, 03100\n03020  06000')).toEqual(['03100', '03020', '06000']);
    expect(cleanCodigosPostales([' 03100 ', '', '03100'])).toEqual(['03100']);
  });
});

describe('zonasInputSchema', () => {
  it('reads a zone with amounts in centavos, active unless said', () => {
    expect(
      parse([
        zona({
          colonias: 'Centro\n\nCentro\nDoctores',
          codigosPostales: ['06000'],
          montoMinimo: 150.5,
        }),
      ]),
    ).toEqual([
      {
        id: undefined,
        nombre: 'Centro',
        colonias: ['Centro', 'Doctores'],
        codigosPostales: ['06000'],
        radioKm: null,
        costoDeEnvio: 2000,
        montoMinimo: 15050,
        activa: true,
      },
    ]);
    expect(parse([])).toEqual([]);
  });

  it('takes 20 zones of 200 colonias of 60 characters, and no more', () => {
    const colonias = Array.from(
      { length: 200 },
      (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(57)}`,
    );
    const veinte = Array.from({ length: 20 }, (_, i) => zona({ nombre: `Zona ${i}`, colonias }));
    expect(parse(veinte)).toHaveLength(20);
    expect(refusal([...veinte, zona({ nombre: 'Otra' })])).toBe(zonaMessages.zonasMax);
    expect(refusal([zona({ colonias: [...colonias, 'Una más'] })])).toBe(
      zonaMessages.coloniasMax('Centro'),
    );
    expect(refusal([zona({ colonias: ['y'.repeat(61)] })])).toBe(
      zonaMessages.colonia('Centro', 'y'.repeat(61)),
    );
  });

  it('names the zone in every refusal, by its place when the name is the problem', () => {
    expect(refusal([zona(), zona({ nombre: 'X' })])).toBe(
      'Zona 2: el nombre debe tener de 2 a 40 caracteres',
    );
    expect(refusal([zona(), zona({ nombre: 'centro' })])).toBe(
      zonaMessages.nombreRepetido('centro'),
    );
    expect(refusal([zona({ codigosPostales: ['0310'] })])).toBe(
      'Zona «Centro»: el código postal «0310» debe tener 5 dígitos',
    );
    expect(refusal([zona({ radioKm: 0.05 })])).toBe(zonaMessages.radio('Centro'));
    expect(refusal([zona({ radioKm: 31 })])).toBe(zonaMessages.radio('Centro'));
    expect(refusal([zona({ costoDeEnvio: 20.005 })])).toBe(zonaMessages.costo('Centro'));
    expect(refusal([zona({ costoDeEnvio: -1 })])).toBe(zonaMessages.costo('Centro'));
    expect(refusal([zona({ costoDeEnvio: 10_000 })])).toBe(zonaMessages.costo('Centro'));
    expect(refusal([zona({ montoMinimo: 100_000 })])).toBe(zonaMessages.minimo('Centro'));
    expect(refusal([zona({ colonias: [], codigosPostales: '\n' })])).toBe(
      zonaMessages.vacia('Centro'),
    );
    expect(refusal([zona({ activa: 'sí' })])).toBe(zonaMessages.activa('Centro'));
    expect(refusal({})).toBe(zonaMessages.zonas);
    expect(refusal(['Centro'])).toBe(zonaMessages.zona(0));
  });

  it('asks for the shop point before a radius', () => {
    const conRadio = parse([zona(), zona({ nombre: 'Cerca', colonias: [], radioKm: 3 })]);
    expect(zonasSinUbicacion(conRadio, null)).toBe(zonaMessages.radioSinUbicacion('Cerca'));
    expect(zonasSinUbicacion(conRadio, { lat: 19.43, lng: -99.13 })).toBeUndefined();
    expect(zonasSinUbicacion(parse([zona()]), null)).toBeUndefined();
  });
});

describe('zonaDeEntrega', () => {
  const tienda = { lat: 19.4326, lng: -99.1332 };
  const zonas = prepareZonas([
    { nombre: 'Apagada', colonias: ['Centro'], codigosPostales: [], radioKm: null, activa: false },
    {
      nombre: 'Centro',
      colonias: ['Centro', 'Álamos'],
      codigosPostales: ['06000'],
      radioKm: null,
      activa: true,
    },
    { nombre: 'Cerca', colonias: [], codigosPostales: [], radioKm: 2, activa: true },
    {
      nombre: 'También Centro',
      colonias: ['centro'],
      codigosPostales: [],
      radioKm: null,
      activa: true,
    },
  ]);
  const nombre = (destino: Parameters<typeof zonaDeEntrega>[2]) =>
    zonaDeEntrega(zonas, tienda, destino)?.nombre;

  it('takes the first active zone in the owner’s order, colonias without accents, case or extra spaces', () => {
    expect(nombre({ colonia: '  CENTRO ' })).toBe('Centro');
    expect(nombre({ colonia: 'alamos' })).toBe('Centro');
    expect(nombre({ codigoPostal: '06000' })).toBe('Centro');
    expect(nombre({ colonia: 'Roma Norte', codigoPostal: '06700' })).toBeUndefined();
    expect(nombre({})).toBeUndefined();
  });

  it('measures a radius from the shop’s point, its edge included', () => {
    // 0.0179° of latitude is about 1.99 km, 0.0181° about 2.01 km.
    const dentro = { lat: tienda.lat + 0.0179, lng: tienda.lng };
    const fuera = { lat: tienda.lat + 0.0181, lng: tienda.lng };
    expect(distanciaKm(tienda, dentro)).toBeLessThan(2);
    expect(distanciaKm(tienda, fuera)).toBeGreaterThan(2);
    expect(nombre({ ubicacion: dentro })).toBe('Cerca');
    expect(nombre({ ubicacion: fuera })).toBeUndefined();
    expect(zonaDeEntrega(zonas, null, { ubicacion: dentro })).toBeUndefined();
  });

  it('knows the distance between two cities', () => {
    // Mexico City to Guadalajara, about 461 km as the crow flies.
    expect(distanciaKm(tienda, { lat: 20.6597, lng: -103.3496 })).toBeCloseTo(461, -1);
  });

  it('lists the active zones when an address is outside them all', () => {
    expect(
      mensajeFueraDeZona([
        { nombre: 'Centro', activa: true },
        { nombre: 'Apagada', activa: false },
        { nombre: 'Del Valle', activa: true },
      ]),
    ).toBe('No hacemos envíos a esa dirección. Zonas de envío: Centro, Del Valle');
  });
});

describe('the checkout’s destination fields', () => {
  const pedido = (entrega: Record<string, unknown>) =>
    pedidoInvitadoSchema.safeParse({
      tiendaId: 1,
      lineas: [{ productoId: 1, cantidad: 1 }],
      cliente: { nombreCompleto: 'Ana López', celular: '5512345678' },
      entrega: { tipo: 'DOMICILIO', direccion: 'Calle 5 #12', ...entrega },
      pago: { metodo: 'EFECTIVO' },
    });

  it('takes a colonia, a postal code and a point, and refuses them malformed in Spanish', () => {
    const ok = pedido({
      colonia: '  Del   Valle ',
      codigoPostal: '03100',
      ubicacion: { lat: 19.3, lng: -99.1 },
    });
    expect(ok.success && ok.data.entrega).toMatchObject({
      colonia: 'Del Valle',
      codigoPostal: '03100',
      ubicacion: { lat: 19.3, lng: -99.1 },
    });
    const messages = (entrega: Record<string, unknown>) => {
      const result = pedido(entrega);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages({ codigoPostal: '3100' })).toEqual(['El código postal debe tener 5 dígitos']);
    expect(messages({ colonia: 'x'.repeat(61) })).toEqual([
      'La colonia debe tener de 2 a 60 caracteres',
    ]);
    expect(messages({ ubicacion: { lat: 91, lng: 0 } })).toEqual([
      'La ubicación debe tener latitud (lat) de -90 a 90 y longitud (lng) de -180 a 180',
    ]);
  });
});
