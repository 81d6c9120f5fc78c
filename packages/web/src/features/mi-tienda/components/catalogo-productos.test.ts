import { describe, expect, it } from 'vitest';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { listProductos, readId, searchProductos, sortProductosByName } from './catalogo-productos';

const nombres = (list: readonly { name: string }[]) => list.map((p) => p.name);

describe('sortProductosByName', () => {
  it('orders by name in Spanish, ignoring case and accents, with ñ after n', () => {
    const productos = ['zanahoria', 'Ñame', 'elote', 'Árbol de pan', 'arroz', 'Nopal', 'Agua'].map(
      (name) => productoDePrueba({ name }),
    );
    expect(nombres(sortProductosByName(productos))).toEqual([
      'Agua',
      'Árbol de pan',
      'arroz',
      'elote',
      'Nopal',
      'Ñame',
      'zanahoria',
    ]);
  });

  it('keeps names that differ only in case or accents in id order, and leaves its input alone', () => {
    const a = productoDePrueba({ id: 2, name: 'Café' });
    const b = productoDePrueba({ id: 1, name: 'cafe' });
    const input = [a, b];
    expect(sortProductosByName(input).map((p) => p.id)).toEqual([1, 2]);
    expect(input).toEqual([a, b]);
  });
});

describe('searchProductos', () => {
  const productos = ['Taco de Pastor', 'Agua de horchata', 'Café de olla', 'Pastel'].map((name) =>
    productoDePrueba({ name }),
  );

  it('finds nothing under 2 characters', () => {
    expect(searchProductos(productos, 'p')).toEqual([]);
    expect(searchProductos(productos, ' a ')).toEqual([]);
  });

  it('matches a case-insensitive part of the name, accents ignored, in name order', () => {
    expect(nombres(searchProductos(productos, 'PAST'))).toEqual(['Pastel', 'Taco de Pastor']);
    expect(nombres(searchProductos(productos, 'cafe'))).toEqual(['Café de olla']);
    expect(nombres(searchProductos(productos, 'de '))).toEqual([
      'Agua de horchata',
      'Café de olla',
      'Taco de Pastor',
    ]);
    expect(searchProductos(productos, 'pizza')).toEqual([]);
  });
});

describe('listProductos', () => {
  it('lists active and inactive products of every category but no deleted ones', () => {
    const tienda = tiendaDePrueba({
      categorias: [
        categoriaDePrueba({
          productos: [
            productoDePrueba({ name: 'Activo' }),
            productoDePrueba({ name: 'Inactivo', activarODesactivar: false }),
            productoDePrueba({ name: 'Borrado', deleted: true }),
          ],
        }),
        categoriaDePrueba({ deleted: true, productos: [productoDePrueba({ name: 'Oculto' })] }),
      ],
    });
    expect(nombres(listProductos(tienda))).toEqual(['Activo', 'Inactivo']);
  });
});

describe('readId', () => {
  it('reads positive integer ids only', () => {
    expect(readId('12')).toBe(12);
    expect(readId('0')).toBeUndefined();
    expect(readId('1.5')).toBeUndefined();
    expect(readId('abc')).toBeUndefined();
    expect(readId(null)).toBeUndefined();
    expect(readId('99999999999')).toBeUndefined();
  });
});
