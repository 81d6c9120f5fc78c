import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { miTiendaKey, type MiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { clearQueryCache, setQueryData } from '../../lib/query';
import MiTiendaCategoriaScreen from './mi-tienda-categoria';
import ProductoFormScreen from './producto-form';

afterEach(() => clearQueryCache());

const tienda: MiTienda = tiendaDePrueba({
  categorias: [
    categoriaDePrueba({
      id: 1,
      title: 'Tacos',
      productos: [
        productoDePrueba({
          id: 12,
          name: 'Taco al pastor',
          price: 22.5,
          categoriaId: 1,
          activarODesactivar: false,
        }),
      ],
    }),
    categoriaDePrueba({ id: 2, title: 'Bebidas' }),
  ],
});

/** Opened straight from its address (a reload), with the owner's shop cached. */
function open(path: string) {
  setQueryData(miTiendaKey, tienda);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/producto-form" element={<ProductoFormScreen />} />
        <Route path="/producto-form/:id" element={<ProductoFormScreen />} />
        <Route path="/mitiendacategoria" element={<MiTiendaCategoriaScreen />} />
        <Route path="/mitienda" element={<p>Mi Tienda</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/producto-form/{id} opened directly', () => {
  it('fills the form from the shop and shows the product as switched off', () => {
    open('/producto-form/12');
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Taco al pastor');
    expect((screen.getByLabelText('Precio (pesos)') as HTMLInputElement).value).toBe('22.5');
    expect((screen.getByLabelText('Categoría') as HTMLSelectElement).value).toBe('1');
    expect(screen.getByRole('switch', { name: 'Producto activo' }).textContent).toBe('OFF');
    expect(screen.getByText('Producto Desactivado')).toBeTruthy();
  });

  it('says so when the product is not in the shop', () => {
    open('/producto-form/999');
    expect(screen.getByText('El producto no existe')).toBeTruthy();
  });

  it('starts an empty form for a new product', () => {
    open('/producto-form');
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('/mitiendacategoria', () => {
  it('finds its category again from ?id= after a reload', () => {
    open('/mitiendacategoria?id=1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tacos');
    expect(screen.getByText('Taco al pastor')).toBeTruthy();
  });

  it('goes back to /mitienda without a category', () => {
    open('/mitiendacategoria');
    expect(screen.getByText('Mi Tienda')).toBeTruthy();
  });
});
