import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_INPUT_ACCEPT,
  archivoNoPermitidoMessage,
  catalogoMessages,
  categoriaSchema,
  checkCostoDeEnvio,
  checkMontoMinimo,
  checkNombreTienda,
  checkPrecio,
  isAllowedImageName,
  isPriceInputAllowed,
  productoSchema,
  tiendaUpdateSchema,
  tituloSinEspacios,
} from './catalogo.schema.js';

// Messages are written out literally (docs/api.md, "Texts and forms") so a typo in the
// constants fails.
const M = {
  nombreMin:
    'El campo nombre debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  nombreTiendaMax: 'El nombre de la tienda debe tener maximo 35 caracteres',
  nombreTiendaFormato: 'Debe iniciar con letra y solo contener letras y numeros',
  imagen: 'Debe agregar una imagen',
  montoMinimoRequerido: 'El campo monto minimo de compra debe tener algun valor',
  costoDeEnvioRequerido: 'El campo costo de envio de compra debe tener algun valor',
  montoMinimoPunto: 'Para el campo monto minimo de compra, agregue decimales o elimine el punto.',
  costoDeEnvioPunto: 'Para el campo costo de envio, agregue decimales o elimine el punto.',
  numerico: 'Ingrese un valor numerico',
  tituloMin:
    'El campo titulo debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  descripcionMin:
    'El campo descripcion debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  detalleMin:
    'El campo detalle debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  precioPunto: 'Para el campo precio, agregue decimales o elimine el punto.',
  categoria: 'Seleccione una categoria',
  tiendaSinConfigurar: 'Debe configurar la tienda antes de agregar una categoría',
  categoriaExistente: 'Esa categoria ya existe',
  productoExistente:
    'El producto ya existe, no puede haber 2 productos en la misma categoria con el mismo nombre',
} as const;

/** The single issue a refused payload reports: the first rule broken, on its field. */
function firstIssue(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  expect(result.error.issues).toHaveLength(1);
  const [issue] = result.error.issues;
  return { message: issue?.message, path: issue?.path };
}

describe('catalogoMessages', () => {
  it('holds the first edition texts verbatim', () => {
    expect(catalogoMessages).toMatchObject({
      nombreTiendaMin: M.nombreMin,
      nombreTiendaMax: M.nombreTiendaMax,
      nombreTiendaFormato: M.nombreTiendaFormato,
      imagenRequerida: M.imagen,
      montoMinimoRequerido: M.montoMinimoRequerido,
      costoDeEnvioRequerido: M.costoDeEnvioRequerido,
      montoMinimoPunto: M.montoMinimoPunto,
      costoDeEnvioPunto: M.costoDeEnvioPunto,
      valorNumerico: M.numerico,
      tituloMin: M.tituloMin,
      productoNombreMin: M.nombreMin,
      descripcionMin: M.descripcionMin,
      detalleMin: M.detalleMin,
      precioPunto: M.precioPunto,
      categoriaRequerida: M.categoria,
      tiendaSinConfigurar: M.tiendaSinConfigurar,
      categoriaExistente: M.categoriaExistente,
      productoExistente: M.productoExistente,
    });
  });
});

describe('tituloSinEspacios', () => {
  it.each([
    ['Tacos Al Pastor', 'tacosalpastor'],
    ['  Bebidas   Frías ', 'bebidasfrías'],
    ['Pan\tDulce\nFino', 'pandulcefino'],
    ['Postres\u00a0Caseros', 'postrescaseros'],
    ['ÑOÑO', 'ñoño'],
    // A decomposed accent gives the same segment as a composed one.
    ['Cafe\u0301', 'café'],
  ])('%j → %j', (title, segment) => {
    expect(tituloSinEspacios(title)).toBe(segment);
  });
});

describe('tiendaUpdateSchema', () => {
  const valid = {
    nombre: 'Tacos El Güero',
    imageUrl: '/images/abc.jpg',
    radioMontoMinimo: 'si',
    montoMinimo: '80',
    radioCostoDeEnvio: 'si',
    costoDeEnvio: '25.50',
  } as const;

  it('answers the stored shape: trimmed name as typed, amounts in centavos', () => {
    expect(tiendaUpdateSchema.parse({ ...valid, nombre: '  Tacos El Güero  ' })).toEqual({
      nombre: 'Tacos El Güero',
      imageUrl: '/images/abc.jpg',
      montoMinimo: 8000,
      costoDeEnvio: 2550,
      radioMontoMinimo: 'si',
      radioCostoDeEnvio: 'si',
    });
  });

  it('takes amounts as JSON numbers too', () => {
    const data = tiendaUpdateSchema.parse({ ...valid, montoMinimo: 99.99, costoDeEnvio: 0 });
    expect(data).toMatchObject({ montoMinimo: 9999, costoDeEnvio: 0 });
  });

  it.each<[string, unknown]>([
    ['empty', ''],
    ['missing', undefined],
    ['null', null],
    ['garbage', 'abc'],
    ['a trailing dot', '12.'],
    ['a real amount', '45.50'],
    ['a number', 45],
  ])('forces both amounts to 0 when the answer is No (%s)', (_, amount) => {
    const data = tiendaUpdateSchema.parse({
      ...valid,
      radioMontoMinimo: 'no',
      montoMinimo: amount,
      radioCostoDeEnvio: 'no',
      costoDeEnvio: amount,
    });
    expect(data).toMatchObject({ montoMinimo: 0, costoDeEnvio: 0 });
  });

  it('drops fields that are not the payload', () => {
    const data = tiendaUpdateSchema.parse({ ...valid, token: 'x', configured: true });
    expect(Object.keys(data).sort()).toEqual([
      'costoDeEnvio',
      'imageUrl',
      'montoMinimo',
      'nombre',
      'radioCostoDeEnvio',
      'radioMontoMinimo',
    ]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a 2-character name', { nombre: 'Ab' }, M.nombreMin, 'nombre'],
    ['a name of spaces', { nombre: '     ' }, M.nombreMin, 'nombre'],
    ['a missing name', { nombre: undefined }, M.nombreMin, 'nombre'],
    ['a 41-character name', { nombre: 'a'.repeat(41) }, M.nombreTiendaMax, 'nombre'],
    ['a name starting with a digit', { nombre: '7 Mares' }, M.nombreTiendaFormato, 'nombre'],
    ['a name with a symbol', { nombre: 'Tacos & Más' }, M.nombreTiendaFormato, 'nombre'],
    ['a name with a dot', { nombre: 'Tacos S.A.' }, M.nombreTiendaFormato, 'nombre'],
    ['a name with a tab', { nombre: 'Tacos\tGüero' }, M.nombreTiendaFormato, 'nombre'],
    ['an empty image', { imageUrl: '' }, M.imagen, 'imageUrl'],
    ['a missing image', { imageUrl: undefined }, M.imagen, 'imageUrl'],
    ['the unset image N/A', { imageUrl: 'N/A' }, M.imagen, 'imageUrl'],
    ['an empty minimum', { montoMinimo: '' }, M.montoMinimoRequerido, 'montoMinimo'],
    ['a blank minimum', { montoMinimo: '  ' }, M.montoMinimoRequerido, 'montoMinimo'],
    ['a missing minimum', { montoMinimo: undefined }, M.montoMinimoRequerido, 'montoMinimo'],
    ['a null minimum', { montoMinimo: null }, M.montoMinimoRequerido, 'montoMinimo'],
    ['a minimum ending in a dot', { montoMinimo: '80.' }, M.montoMinimoPunto, 'montoMinimo'],
    ['a bare dot minimum', { montoMinimo: '.' }, M.montoMinimoPunto, 'montoMinimo'],
    ['a text minimum', { montoMinimo: 'ochenta' }, M.numerico, 'montoMinimo'],
    ['a negative minimum', { montoMinimo: '-5' }, M.numerico, 'montoMinimo'],
    ['a negative number minimum', { montoMinimo: -5 }, M.numerico, 'montoMinimo'],
    ['a 3-decimal minimum', { montoMinimo: '80.125' }, M.numerico, 'montoMinimo'],
    [
      'a minimum above 99999.99',
      { montoMinimo: '100000' },
      catalogoMessages.montoMinimoMax,
      'montoMinimo',
    ],
    ['an empty shipping', { costoDeEnvio: '' }, M.costoDeEnvioRequerido, 'costoDeEnvio'],
    ['a shipping ending in a dot', { costoDeEnvio: '25.' }, M.costoDeEnvioPunto, 'costoDeEnvio'],
    ['a text shipping', { costoDeEnvio: '2 5' }, M.numerico, 'costoDeEnvio'],
    ['a 3-decimal shipping', { costoDeEnvio: 1.005 }, M.numerico, 'costoDeEnvio'],
    [
      'a shipping above 99999.99',
      { costoDeEnvio: 100000 },
      catalogoMessages.costoDeEnvioMax,
      'costoDeEnvio',
    ],
  ])('refuses %s', (_, change, message, field) => {
    expect(firstIssue(tiendaUpdateSchema, { ...valid, ...change })).toEqual({
      message,
      path: [field],
    });
  });

  it.each([
    'Tacos El Güero',
    'Café Ñandú 2',
    'ÁRBOL DE LA VIDA',
    'Panadería  La   Espiga',
    'abc',
    'a'.repeat(35),
    // Enforced at 40 although its message says 35 (docs/api.md, "Texts and forms").
    'a'.repeat(40),
    '   Tacos   ',
  ])('accepts the name %j', (nombre) => {
    expect(tiendaUpdateSchema.safeParse({ ...valid, nombre }).success).toBe(true);
  });

  it('counts a decomposed accent as one letter', () => {
    const data = tiendaUpdateSchema.parse({ ...valid, nombre: 'Cafe\u0301' });
    expect(data.nombre).toBe('Café');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['the name before the image', { nombre: 'A', imageUrl: '' }, M.nombreMin],
    ['the name length before its shape', { nombre: '1' }, M.nombreMin],
    ['the name maximum before its shape', { nombre: '#'.repeat(41) }, M.nombreTiendaMax],
    ['the image before the minimum', { imageUrl: 'N/A', montoMinimo: '' }, M.imagen],
    [
      'the minimum before the shipping',
      { montoMinimo: '1.', costoDeEnvio: '' },
      M.montoMinimoPunto,
    ],
    ['presence before the dot', { costoDeEnvio: '' }, M.costoDeEnvioRequerido],
    ['the dot before the number', { montoMinimo: 'abc.' }, M.montoMinimoPunto],
  ])('reports only the first broken rule: %s', (_, change, message) => {
    expect(firstIssue(tiendaUpdateSchema, { ...valid, ...change }).message).toBe(message);
  });

  it('refuses an answer other than si or no', () => {
    const result = tiendaUpdateSchema.safeParse({ ...valid, radioMontoMinimo: 'yes' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(catalogoMessages.opcionMontoMinimo);
  });

  it('refuses an amount that is neither text nor number', () => {
    const result = tiendaUpdateSchema.safeParse({ ...valid, montoMinimo: true });
    expect(result.error?.issues[0]?.message).toBe(M.numerico);
  });

  it('offers the same rules one by one for the wizard steps', () => {
    expect(checkNombreTienda(' Tacos ')).toBeUndefined();
    expect(checkNombreTienda('Ta')).toBe(M.nombreMin);
    expect(checkMontoMinimo('no', 'abc')).toBeUndefined();
    expect(checkMontoMinimo('si', '')).toBe(M.montoMinimoRequerido);
    expect(checkCostoDeEnvio('si', '5.')).toBe(M.costoDeEnvioPunto);
    expect(checkCostoDeEnvio('si', '5.5')).toBeUndefined();
  });
});

describe('categoriaSchema', () => {
  const valid = { title: 'Bebidas', imageUrl: '/images/bebidas.jpg' };

  it('answers the trimmed title', () => {
    expect(categoriaSchema.parse({ ...valid, title: '  Bebidas Frías ' })).toEqual({
      title: 'Bebidas Frías',
      imageUrl: '/images/bebidas.jpg',
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a 2-character title', { title: 'Pa' }, M.tituloMin, 'title'],
    ['a title padded to 3', { title: ' P ' }, M.tituloMin, 'title'],
    ['a missing title', { title: undefined }, M.tituloMin, 'title'],
    ['a 51-character title', { title: 'a'.repeat(51) }, catalogoMessages.tituloMax, 'title'],
    ['an empty image', { imageUrl: '' }, M.imagen, 'imageUrl'],
    ['a missing image', { imageUrl: undefined }, M.imagen, 'imageUrl'],
    ['the title before the image', { title: '', imageUrl: '' }, M.tituloMin, 'title'],
  ])('refuses %s', (_, change, message, field) => {
    expect(firstIssue(categoriaSchema, { ...valid, ...change })).toEqual({
      message,
      path: [field],
    });
  });

  it('accepts 3 and 50 characters', () => {
    expect(categoriaSchema.safeParse({ ...valid, title: 'Pan' }).success).toBe(true);
    expect(categoriaSchema.safeParse({ ...valid, title: 'a'.repeat(50) }).success).toBe(true);
  });

  it('a 51-character title is refused with the text the form shows, in the first edition style', () => {
    const result = categoriaSchema.safeParse({ ...valid, title: 'a'.repeat(51) });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'El campo titulo debe tener maximo 50 caracteres',
    ]);
  });
});

describe('productoSchema', () => {
  const valid = {
    name: 'Taco al pastor',
    descripcion: 'Tortilla de maíz',
    detalle: 'Con piña y cilantro',
    price: '19.99',
    categoriaId: 3,
    imageUrl: '/images/taco.jpg',
  };

  it('answers trimmed texts and the price in centavos', () => {
    expect(productoSchema.parse({ ...valid, name: '  Taco al pastor ', categoriaId: '3' })).toEqual(
      {
        name: 'Taco al pastor',
        descripcion: 'Tortilla de maíz',
        detalle: 'Con piña y cilantro',
        price: 1999,
        categoriaId: 3,
        imageUrl: '/images/taco.jpg',
      },
    );
  });

  it.each<[string | number, number]>([
    ['0', 0],
    [0, 0],
    ['0.29', 29],
    [0.29, 29],
    ['45.5', 4550],
    [19.99, 1999],
    ['99999.99', 9999999],
    [' 12 ', 1200],
  ])('takes the price %j as %d centavos', (price, centavos) => {
    expect(productoSchema.parse({ ...valid, price }).price).toBe(centavos);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a short name', { name: 'Ta' }, M.nombreMin, 'name'],
    ['a blank name', { name: '   ' }, M.nombreMin, 'name'],
    ['a long name', { name: 'a'.repeat(101) }, catalogoMessages.productoNombreMax, 'name'],
    ['a short descripcion', { descripcion: ' ab ' }, M.descripcionMin, 'descripcion'],
    [
      'a long descripcion',
      { descripcion: 'a'.repeat(501) },
      catalogoMessages.descripcionMax,
      'descripcion',
    ],
    ['a missing detalle', { detalle: undefined }, M.detalleMin, 'detalle'],
    ['a long detalle', { detalle: 'a'.repeat(1001) }, catalogoMessages.detalleMax, 'detalle'],
    ['a missing price', { price: undefined }, catalogoMessages.precioRequerido, 'price'],
    ['an empty price', { price: '' }, catalogoMessages.precioRequerido, 'price'],
    ['a price ending in a dot', { price: '19.' }, M.precioPunto, 'price'],
    ['a text price', { price: 'gratis' }, M.numerico, 'price'],
    ['a negative price', { price: -1 }, M.numerico, 'price'],
    ['a 3-decimal price', { price: '1.005' }, M.numerico, 'price'],
    ['an exponent price', { price: '1e3' }, M.numerico, 'price'],
    ['a price above 99999.99', { price: '100000' }, catalogoMessages.precioMax, 'price'],
    ['no category', { categoriaId: undefined }, M.categoria, 'categoriaId'],
    ['category 0', { categoriaId: 0 }, M.categoria, 'categoriaId'],
    ['category "0"', { categoriaId: '0' }, M.categoria, 'categoriaId'],
    ['an empty category', { categoriaId: '' }, M.categoria, 'categoriaId'],
    ['a negative category', { categoriaId: -2 }, M.categoria, 'categoriaId'],
    ['a fractional category', { categoriaId: 1.5 }, M.categoria, 'categoriaId'],
    ['a text category', { categoriaId: 'tacos' }, M.categoria, 'categoriaId'],
    ['a category beyond an int column', { categoriaId: 2 ** 31 }, M.categoria, 'categoriaId'],
    ['an empty image', { imageUrl: '' }, M.imagen, 'imageUrl'],
    ['the name first', { name: '', descripcion: '', price: '' }, M.nombreMin, 'name'],
    ['then descripcion', { descripcion: '', detalle: '' }, M.descripcionMin, 'descripcion'],
    ['then detalle', { detalle: '', price: 'x' }, M.detalleMin, 'detalle'],
    ['then the price', { price: 'x', categoriaId: 0 }, M.numerico, 'price'],
    ['then the category', { categoriaId: 0, imageUrl: '' }, M.categoria, 'categoriaId'],
  ])('refuses %s', (_, change, message, field) => {
    expect(firstIssue(productoSchema, { ...valid, ...change })).toEqual({
      message,
      path: [field],
    });
  });

  it('checks a price on its own for the form', () => {
    expect(checkPrecio('12.')).toBe(M.precioPunto);
    expect(checkPrecio('12.5')).toBeUndefined();
  });
});

describe('isPriceInputAllowed', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['0', true],
    ['0.', true],
    ['0.5', true],
    ['0.55', true],
    ['5', true],
    ['1234', true],
    ['1234.', true],
    ['1234.5', true],
    ['1234.56', true],
    ['9999.99', true],
    ['10.05', true],
    ['05', false],
    ['00', false],
    ['00.5', false],
    ['12345', false],
    ['12345.6', false],
    ['1234.567', false],
    ['0.555', false],
    ['12.3.4', false],
    ['a', false],
    ['1a', false],
    ['.5', false],
    ['.', false],
    ['-1', false],
    [' 1', false],
    ['1e3', false],
  ])('%j → %s', (value, allowed) => {
    expect(isPriceInputAllowed(value)).toBe(allowed);
  });
});

describe('images', () => {
  it.each<[string, string | undefined, boolean]>([
    ['foto.jpg', undefined, true],
    ['foto.JPEG', 'image/jpeg', true],
    ['foto.jfif', 'image/jpeg', true],
    ['foto.jfif', '', true],
    ['logo.png', 'image/png', true],
    ['mi.logo.final.PNG', undefined, true],
    ['foto.gif', 'image/gif', false],
    ['foto.webp', undefined, false],
    ['foto.png', 'image/svg+xml', false],
    ['foto.svg', 'image/png', false],
    ['jpg', undefined, false],
    ['foto.jpg.exe', undefined, false],
  ])('%j (%s) allowed: %s', (filename, mimeType, allowed) => {
    expect(isAllowedImageName(filename, mimeType)).toBe(allowed);
  });

  it('names the refused file as the first edition does', () => {
    expect(archivoNoPermitidoMessage('menu.pdf')).toBe('Archivo no permitido: menu.pdf');
  });

  it('lists the types for the file input', () => {
    expect(ALLOWED_IMAGE_TYPES).toContain('image/jpeg');
    expect(IMAGE_INPUT_ACCEPT).toBe(
      '.jpeg,.jpg,.jfif,.png,image/jpeg,image/jpg,image/jfif,image/png',
    );
  });
});
