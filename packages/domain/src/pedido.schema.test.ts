import { describe, expect, it } from 'vitest';
import {
  agotarProductoSchema,
  ajustesMessages,
  ajustesTiendaSchema,
  grupoOpcionesMessages,
  gruposInputSchema,
  isClabeValida,
  pagosTiendaSchema,
  pausarSchema,
  transferenciaSchema,
} from './pedido.schema.js';

/** The first issue's message of a failed parse (what the server answers). */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
}

/** The check digit by the rule docs/api.md states ("Shop settings"): weights 3, 7, 1; (10 − sum mod 10) mod 10. */
function conDigito(primeros17: string): string {
  const pesos = [3, 7, 1];
  let suma = 0;
  for (let i = 0; i < 17; i++) suma += Number(primeros17[i]) * pesos[i % 3]!;
  return primeros17 + String((10 - (suma % 10)) % 10);
}

describe('isClabeValida', () => {
  it.each(['01218000123456789', '00218000123456789', '14618000000000001', '00000000000000000'])(
    'accepts %s with its check digit, refuses every other last digit',
    (primeros) => {
      const clabe = conDigito(primeros);
      expect(isClabeValida(clabe)).toBe(true);
      for (let d = 0; d <= 9; d++) {
        const otra = primeros + String(d);
        if (otra !== clabe) expect(isClabeValida(otra)).toBe(false);
      }
    },
  );

  it('knows a published example: 032180000118359719', () => {
    expect(isClabeValida('032180000118359719')).toBe(true);
    expect(isClabeValida('032180000118359718')).toBe(false);
  });

  it.each([
    '',
    '01218000123456789',
    '0121800012345678999',
    '01218000123456789a',
    ' 012180001234567899',
  ])('refuses %j (not 18 digits)', (text) => expect(isClabeValida(text)).toBe(false));
});

describe('transferenciaSchema and pagosTiendaSchema', () => {
  const valid = { clabe: '012180001234567899', banco: 'BBVA', titular: 'Lupe Ramírez' };

  it('takes a CLABE written with spaces or dashes, and trims the texts', () => {
    expect(
      transferenciaSchema.parse({
        clabe: '012 180 00123456789-9',
        banco: ' BBVA ',
        titular: ' Lupe Ramírez ',
      }),
    ).toEqual(valid);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a wrong check digit', { clabe: '012180001234567890' }, ajustesMessages.clabeInvalida],
    ['17 digits', { clabe: '01218000123456789' }, ajustesMessages.clabeLongitud],
    ['a letter in it', { clabe: '01218000123456789X' }, ajustesMessages.clabeLongitud],
    ['no CLABE', { clabe: undefined }, ajustesMessages.clabeLongitud],
    ['a 1-letter bank', { banco: 'B' }, ajustesMessages.bancoLongitud],
    ['a 41-letter bank', { banco: 'B'.repeat(41) }, ajustesMessages.bancoLongitud],
    ['a blank holder', { titular: '   ' }, ajustesMessages.titularLongitud],
    ['an 81-letter holder', { titular: 'T'.repeat(81) }, ajustesMessages.titularLongitud],
  ])('refuses %s', (_label, change, message) => {
    expect(firstMessage(transferenciaSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('needs at least one way to pay', () => {
    const none = { efectivo: false, terminal: false, transferencia: null };
    expect(firstMessage(pagosTiendaSchema.safeParse(none))).toBe(ajustesMessages.pagosVacios);
    expect(pagosTiendaSchema.parse({ ...none, transferencia: valid }).transferencia).toEqual(valid);
    expect(pagosTiendaSchema.parse({ ...none, terminal: true }).terminal).toBe(true);
  });
});

describe('ajustesTiendaSchema', () => {
  it('both fields are optional', () => {
    expect(ajustesTiendaSchema.parse({})).toEqual({});
  });

  it('needs at least one way to deliver', () => {
    const result = ajustesTiendaSchema.safeParse({ entrega: { recoger: false, domicilio: false } });
    expect(firstMessage(result)).toBe(ajustesMessages.entregaVacia);
  });
});

describe('pausarSchema and agotarProductoSchema', () => {
  it.each([0, 15, 60, 240])('takes %d minutes', (minutos) => {
    expect(pausarSchema.parse({ minutos })).toEqual({ minutos });
  });

  it.each([1, 14, 241, 30.5, -15, '30', null])('refuses %j minutes', (minutos) => {
    expect(firstMessage(pausarSchema.safeParse({ minutos }))).toBe(ajustesMessages.pausaMinutos);
  });

  it('agotado must be a boolean', () => {
    expect(agotarProductoSchema.parse({ productoId: 3, agotado: true })).toEqual({
      productoId: 3,
      agotado: true,
    });
    const result = agotarProductoSchema.safeParse({ productoId: 3, agotado: 'si' });
    expect(firstMessage(result)).toBe(ajustesMessages.agotadoBooleano);
  });
});

describe('gruposInputSchema', () => {
  const grupo = (overrides: Record<string, unknown> = {}) => ({
    nombre: 'Extras',
    minimo: 0,
    maximo: 2,
    opciones: [
      { nombre: 'Queso', precioExtra: 10 },
      { nombre: 'Aguacate', precioExtra: 15.5 },
    ],
    ...overrides,
  });

  it('answers prices in centavos, options active unless said otherwise, names trimmed', () => {
    expect(
      gruposInputSchema.parse([
        grupo({
          nombre: ' Extras ',
          opciones: [{ nombre: ' Queso ', precioExtra: 10.25 }],
          maximo: 1,
        }),
      ]),
    ).toEqual([
      {
        nombre: 'Extras',
        minimo: 0,
        maximo: 1,
        opciones: [{ nombre: 'Queso', precioExtra: 1025, activo: true }],
      },
    ]);
  });

  it.each<[string, unknown, string]>([
    [
      'minimo above maximo',
      [grupo({ minimo: 2, maximo: 1 })],
      grupoOpcionesMessages.minimoMayor('Extras'),
    ],
    [
      'maximo above the active options',
      [
        grupo({
          maximo: 2,
          opciones: [
            { nombre: 'Queso', precioExtra: 1 },
            { nombre: 'Chile', precioExtra: 1, activo: false },
          ],
        }),
      ],
      grupoOpcionesMessages.maximoOpciones('Extras'),
    ],
    [
      'a repeated option name (case aside)',
      [
        grupo({
          opciones: [
            { nombre: 'Queso', precioExtra: 1 },
            { nombre: 'queso', precioExtra: 2 },
          ],
        }),
      ],
      grupoOpcionesMessages.opcionRepetida('Extras', 'queso'),
    ],
    [
      '11 groups',
      Array.from({ length: 11 }, () => grupo()),
      grupoOpcionesMessages.demasiadosGrupos,
    ],
    [
      '31 options',
      [
        grupo({
          opciones: Array.from({ length: 31 }, (_, i) => ({ nombre: `O${i}`, precioExtra: 1 })),
        }),
      ],
      grupoOpcionesMessages.demasiadasOpciones,
    ],
    [
      'a price with 3 decimals',
      [grupo({ opciones: [{ nombre: 'Queso', precioExtra: 10.555 }], maximo: 1 })],
      grupoOpcionesMessages.precioExtra,
    ],
    [
      'a negative price',
      [grupo({ opciones: [{ nombre: 'Queso', precioExtra: -1 }], maximo: 1 })],
      grupoOpcionesMessages.precioExtra,
    ],
    [
      'a price over 99999.99',
      [grupo({ opciones: [{ nombre: 'Queso', precioExtra: 100000 }], maximo: 1 })],
      grupoOpcionesMessages.precioExtra,
    ],
    ['an empty group name', [grupo({ nombre: '  ' })], grupoOpcionesMessages.nombre],
    [
      'a 51-letter option name',
      [grupo({ opciones: [{ nombre: 'x'.repeat(51), precioExtra: 1 }], maximo: 1 })],
      grupoOpcionesMessages.nombre,
    ],
    ['a negative minimo', [grupo({ minimo: -1 })], grupoOpcionesMessages.minimo],
    ['maximo 0', [grupo({ maximo: 0 })], grupoOpcionesMessages.maximo],
  ])('refuses %s', (_label, input, message) => {
    expect(firstMessage(gruposInputSchema.safeParse(input))).toBe(message);
  });

  it('10 groups of 30 options are fine; [] is too', () => {
    const opciones = Array.from({ length: 30 }, (_, i) => ({ nombre: `O${i}`, precioExtra: 0 }));
    expect(
      gruposInputSchema.parse(Array.from({ length: 10 }, () => grupo({ opciones }))),
    ).toHaveLength(10);
    expect(gruposInputSchema.parse([])).toEqual([]);
  });
});
