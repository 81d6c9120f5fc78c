import { describe, expect, it } from 'vitest';
import {
  claveDeLinea,
  claveDeOpciones,
  chooseOpciones,
  idsDeClave,
  normalizeNota,
  opcionesMessages,
  textoDeOpciones,
  textosDeOpcionesPorGrupo,
  type GrupoDef,
} from './opciones.js';

// The taquería's options (docs/api.md, "Product options"): Tortilla (exactly one: maíz, harina +5), Extras (up to two: queso +10,
// aguacate +15), and an inactive option.
const GRUPOS: GrupoDef[] = [
  grupo(1, 'Tortilla', [1, 1], [11, 'Maíz', 0], [12, 'Harina', 500]),
  grupo(
    2,
    'Extras',
    [0, 2],
    [21, 'Queso', 1000],
    [22, 'Aguacate', 1500],
    [23, 'Chorizo', 1200, false],
  ),
];

/** A group choosing [minimo, maximo] of its options, each [id, nombre, precioExtra, activo = true]. */
function grupo(
  id: number,
  nombre: string,
  [minimo, maximo]: [number, number],
  ...opciones: [id: number, nombre: string, precioExtra: number, activo?: boolean][]
): GrupoDef {
  return {
    id,
    nombre,
    minimo,
    maximo,
    opciones: opciones.map(([id, nombre, precioExtra, activo = true]) => ({
      id,
      nombre,
      precioExtra,
      activo,
    })),
  };
}

describe('chooseOpciones', () => {
  it('answers the chosen options in the owner’s order with their extra summed', () => {
    expect(chooseOpciones(GRUPOS, [22, 12, 21])).toEqual({
      ok: true,
      extra: 3000,
      opciones: [
        { id: 12, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 500 },
        { id: 21, grupo: 'Extras', nombre: 'Queso', precioExtra: 1000 },
        { id: 22, grupo: 'Extras', nombre: 'Aguacate', precioExtra: 1500 },
      ],
    });
  });

  it('an optional group may be left empty', () => {
    expect(chooseOpciones(GRUPOS, [11])).toEqual({
      ok: true,
      extra: 0,
      opciones: [{ id: 11, grupo: 'Tortilla', nombre: 'Maíz', precioExtra: 0 }],
    });
  });

  it('a product without groups takes no options, and nothing is fine', () => {
    expect(chooseOpciones([], [])).toEqual({ ok: true, opciones: [], extra: 0 });
    expect(chooseOpciones([], [11])).toEqual({ ok: false, message: opcionesMessages.noDisponible });
  });

  it.each<[string, number[], string]>([
    ['below a minimum', [21], 'Elige al menos 1 opción en Tortilla'],
    ['above a maximum of one', [11, 12], 'Elige como máximo 1 opción en Tortilla'],
    ['an inactive option', [11, 23], opcionesMessages.noDisponible],
    ['an option of another product', [11, 99], opcionesMessages.noDisponible],
    ['the same option twice', [11, 11], opcionesMessages.repetida],
  ])('refuses %s', (_label, ids, message) => {
    expect(chooseOpciones(GRUPOS, ids)).toEqual({ ok: false, message });
  });

  it('names the plural and the group in its messages', () => {
    const tres: GrupoDef = {
      ...GRUPOS[1]!,
      minimo: 2,
      opciones: GRUPOS[1]!.opciones.map((o) => ({ ...o, activo: true })),
    };
    expect(chooseOpciones([tres], [21])).toEqual({
      ok: false,
      message: 'Elige al menos 2 opciones en Extras',
    });
    expect(chooseOpciones([tres], [21, 22, 23])).toEqual({
      ok: false,
      message: 'Elige como máximo 2 opciones en Extras',
    });
  });
});

describe('line identity helpers', () => {
  it('the option key ignores order; its ids come back sorted', () => {
    expect(claveDeOpciones([22, 12, 21])).toBe('12,21,22');
    expect(claveDeOpciones([])).toBe('');
    expect(idsDeClave('12,21,22')).toEqual([12, 21, 22]);
    expect(idsDeClave('')).toEqual([]);
  });

  it('a note is trimmed and NFC; none is empty', () => {
    expect(normalizeNota('  sin cebolla ')).toBe('sin cebolla');
    expect(normalizeNota('Cafe\u0301')).toBe('Café');
    expect(normalizeNota(null)).toBe('');
    expect(normalizeNota(undefined)).toBe('');
  });

  it('a line key is product, sorted options and note: the same three are the same line', () => {
    expect(claveDeLinea({ productoId: 7, opciones: [22, 12], nota: ' sin cebolla ' })).toBe(
      '7|12,22|sin cebolla',
    );
    // Chosen options (with their ids) give the key of their ids; no options and no note are ''.
    expect(
      claveDeLinea({ productoId: 7, opciones: [{ id: 12 }, { id: 22 }], nota: 'sin cebolla' }),
    ).toBe(claveDeLinea({ productoId: 7, opciones: [22, 12], nota: 'sin cebolla' }));
    expect(claveDeLinea({ productoId: 7 })).toBe('7||');
    expect(claveDeLinea({ productoId: 7, opciones: [], nota: null })).toBe('7||');
    expect(claveDeLinea({ productoId: 7, nota: 'Cafe\u0301' })).toBe(
      claveDeLinea({ productoId: 7, nota: 'Café' }),
    );
    expect(claveDeLinea({ productoId: 7, opciones: [12] })).not.toBe(
      claveDeLinea({ productoId: 8, opciones: [12] }),
    );
  });

  it('writes the options for a ticket, grouped', () => {
    expect(
      textoDeOpciones([
        { grupo: 'Tortilla', nombre: 'Harina' },
        { grupo: 'Extras', nombre: 'Queso' },
        { grupo: 'Extras', nombre: 'Aguacate' },
      ]),
    ).toBe('Tortilla: Harina · Extras: Queso, Aguacate');
  });

  it('or one text per group, in the order first chosen', () => {
    expect(
      textosDeOpcionesPorGrupo([
        { grupo: 'Extras', nombre: 'Queso' },
        { grupo: 'Tortilla', nombre: 'Harina' },
        { grupo: 'Extras', nombre: 'Aguacate' },
      ]),
    ).toEqual(['Extras: Queso, Aguacate', 'Tortilla: Harina']);
    expect(textosDeOpcionesPorGrupo([])).toEqual([]);
  });
});
