import { describe, expect, it } from 'vitest';

import { centavosToPesos, computeTotal, formatPesos, parsePesos, sumLineas } from './money.js';

describe('parsePesos', () => {
  it.each<[string | number, number]>([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    ['0', 0],
    ['0.5', 50],
    ['0.05', 5],
    ['007', 700],
    [45.5, 4550],
    [0, 0],
    [-0, 0],
    [1000, 100000],
    // Values a float multiplication by 100 gets wrong.
    [0.29, 29],
    ['0.29', 29],
    [19.99, 1999],
    ['19.99', 1999],
    [1.15, 115],
    [4.35, 435],
    [8.2, 820],
    [99999.99, 9999999],
  ])('%j is %d centavos', (value, centavos) => {
    expect(parsePesos(value)).toBe(centavos);
  });

  it.each<[string | number]>([
    [-1],
    ['-1'],
    ['1.005'],
    [1.005],
    ['45.555'],
    [0.1 + 0.2],
    ['abc'],
    [''],
    [' '],
    [NaN],
    [Infinity],
    [-Infinity],
    ['1e3'],
    [1e21],
    [' 4 5'],
    [' 45'],
    ['45 '],
    ['45.'],
    ['.5'],
    ['+5'],
    ['4,5'],
    ['1,000'],
    ['0x10'],
    ['١٢'],
    ['99999999999999999999'],
  ])('%j is refused', (value) => {
    expect(parsePesos(value)).toBeUndefined();
  });

  it('refuses what is neither a string nor a number', () => {
    expect(parsePesos(null as unknown as string)).toBeUndefined();
    expect(parsePesos(true as unknown as string)).toBeUndefined();
  });
});

describe('centavosToPesos', () => {
  it.each([
    [1999, 19.99],
    [4550, 45.5],
    [29, 0.29],
    [0, 0],
    [5, 0.05],
    [123450, 1234.5],
    [9999999, 99999.99],
  ])('%d centavos are %d pesos', (centavos, pesos) => {
    expect(centavosToPesos(centavos)).toBe(pesos);
  });

  it('serialises with at most two decimals', () => {
    const wrong: number[] = [];
    for (let centavos = 0; centavos < 100_000; centavos += 1) {
      const pesos = centavosToPesos(centavos);
      const isTwoDecimals = /^\d+(\.\d{1,2})?$/.test(JSON.stringify(pesos));
      if (!isTwoDecimals || parsePesos(pesos) !== centavos) wrong.push(centavos);
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatPesos', () => {
  it.each([
    [1999, '$ 19.99'],
    [4550, '$ 45.50'],
    [0, '$ 0.00'],
    [5, '$ 0.05'],
    [100000, '$ 1,000.00'],
    [123450, '$ 1,234.50'],
    [99999999, '$ 999,999.99'],
    [123456789012, '$ 1,234,567,890.12'],
    [-500, '-$ 5.00'],
  ])('%d centavos read %s', (centavos, text) => {
    expect(formatPesos(centavos)).toBe(text);
  });
});

describe('sumLineas and computeTotal', () => {
  const lineas = [
    { precio: 1999, cantidad: 3 },
    { precio: 29, cantidad: 10 },
    { precio: 4550, cantidad: 1 },
  ];

  it('sums unit price × quantity exactly in centavos', () => {
    expect(sumLineas(lineas)).toBe(1999 * 3 + 290 + 4550);
    expect(sumLineas([])).toBe(0);
  });

  it('adds the delivery cost to the subtotal and counts the articles', () => {
    expect(computeTotal({ lineas, costoDeEnvio: 2500 })).toEqual({
      subtotal: 10837,
      cantidadDeArticulos: 14,
      total: 13337,
    });
  });

  it('has a zero subtotal for an empty order', () => {
    expect(computeTotal({ lineas: [], costoDeEnvio: 1500 })).toEqual({
      subtotal: 0,
      cantidadDeArticulos: 0,
      total: 1500,
    });
  });

  it('never drifts the way a float sum of pesos does', () => {
    const muchas = Array.from({ length: 10 }, () => ({
      precio: parsePesos('0.1') ?? 0,
      cantidad: 1,
    }));
    expect(centavosToPesos(computeTotal({ lineas: muchas, costoDeEnvio: 0 }).total)).toBe(1);
  });
});
