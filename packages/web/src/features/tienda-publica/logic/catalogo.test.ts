import { describe, expect, it } from 'vitest';
import { categoria, producto, taqueria } from '#test/tienda-publica/fixtures';
import {
  searchProductos,
  categoriaPath,
  categoriasConProductos,
  findCategoria,
  findProducto,
  hasImage,
  productoFromState,
  productoPath,
  productosOrdenados,
  toSegment,
} from '../../../lib/tienda-publica/catalogo';
import { precioTexto } from './precio';

describe('categories of the shop page', () => {
  it('keeps only categories with products, sorted by title in Spanish order', () => {
    const tienda = taqueria().tienda;
    tienda.categorias = [
      categoria('Tortas', [producto('Torta', 50)]),
      categoria('Ñoquis', [producto('Ñoqui', 40)]),
      categoria('antojitos', [producto('Sope', 30)]),
      categoria('Nieves', [producto('Nieve', 20)]),
      categoria('Águas frescas', [producto('Jamaica', 20)]),
      categoria('Sin nada', []),
      categoria('Apagados', [producto('Oculto', 10, { activarODesactivar: false })]),
    ];
    expect(categoriasConProductos(tienda).map((c) => c.title)).toEqual([
      'Águas frescas',
      'antojitos',
      'Nieves',
      'Ñoquis',
      'Tortas',
    ]);
  });

  it('builds the segment from the title lowercased without spaces', () => {
    expect(toSegment('Tacos Al  Pastor ')).toBe('tacosalpastor');
    expect(categoriaPath('taqueria-lupe', { title: 'Bebidas Frías' })).toBe(
      '/tienda/taqueria-lupe/bebidasfr%C3%ADas',
    );
    expect(productoPath('taqueria-lupe', { title: 'Tacos Al Pastor' }, { id: 11 })).toBe(
      '/tienda/taqueria-lupe/tacosalpastor/productodetalle/11',
    );
  });

  it('finds the category a segment names, whatever its case, and nothing for an unknown one', () => {
    const tienda = taqueria().tienda;
    expect(findCategoria(tienda, 'tacosalpastor')?.title).toBe('Tacos Al Pastor');
    expect(findCategoria(tienda, 'TacosAlPastor')?.title).toBe('Tacos Al Pastor');
    expect(findCategoria(tienda, 'tacos')).toBeUndefined();
    expect(findCategoria(tienda, 'postres')).toBeUndefined();
  });

  it('sorts a category’s products by name', () => {
    const tacos = findCategoria(taqueria().tienda, 'tacosalpastor');
    expect(tacos && productosOrdenados(tacos).map((p) => p.name)).toEqual([
      'Gringa',
      'Taco de pastor',
    ]);
  });

  it('finds a product by id with its category', () => {
    const found = findProducto(taqueria().tienda, 21);
    expect(found?.producto.name).toBe('Agua de horchata');
    expect(found?.categoria.title).toBe('Bebidas');
    expect(findProducto(taqueria().tienda, 999)).toBeUndefined();
  });
});

describe('product search', () => {
  const tienda = taqueria().tienda;
  const names = (texto: string) => searchProductos(tienda, texto).map((r) => r.producto.name);

  it('does nothing below 2 characters (spaces around the text do not count)', () => {
    expect(names('')).toEqual([]);
    expect(names('a')).toEqual([]);
    expect(names('  q  ')).toEqual([]);
  });

  it('matches a substring of the name, ignoring case, across categories', () => {
    expect(names('de')).toEqual(['Agua de horchata', 'Taco de pastor']);
    expect(names('TACO')).toEqual(['Taco de pastor']);
    expect(names('QuEsA')).toEqual(['Quesadilla']);
    expect(names('pizza')).toEqual([]);
  });

  it('finds every match, however many (a long menu is scrolled, not cut)', () => {
    const t = taqueria().tienda;
    const tacos = Array.from({ length: 45 }, (_, i) =>
      producto(`Taco ${String(i).padStart(2, '0')}`, 10),
    );
    t.categorias = [categoria('Tacos', tacos)];
    expect(searchProductos(t, 'taco')).toHaveLength(45);
  });

  it('leaves out products switched off', () => {
    const t = taqueria().tienda;
    t.categorias = [
      categoria('Tacos', [producto('Taco oculto', 10, { activarODesactivar: false })]),
    ];
    expect(searchProductos(t, 'taco')).toEqual([]);
  });
});

describe('small helpers', () => {
  it('formats the API’s pesos as the cards’ price', () => {
    expect(precioTexto(45.5)).toBe('$ 45.50');
    expect(precioTexto(19.99)).toBe('$ 19.99');
    expect(precioTexto(1234)).toBe('$ 1,234.00');
  });

  it('treats N/A and empty as no image', () => {
    expect(hasImage('N/A')).toBe(false);
    expect(hasImage('')).toBe(false);
    expect(hasImage(undefined)).toBe(false);
    expect(hasImage('/images/abc.jpg')).toBe(true);
  });

  it('takes the product from navigation state only when it is the one in the URL', () => {
    const p = producto('Gringa', 45.5, { id: 12 });
    expect(productoFromState({ producto: p }, 12)).toBe(p);
    expect(productoFromState({ producto: p }, 13)).toBeUndefined();
    expect(productoFromState(null, 12)).toBeUndefined();
    expect(productoFromState({ producto: { id: 12 } }, 12)).toBeUndefined();
  });
});
