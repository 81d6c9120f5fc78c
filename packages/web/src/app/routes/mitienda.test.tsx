import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { miTiendaKey, type MiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import {
  categoriaDePrueba,
  productoDePrueba,
  tiendaDePrueba,
} from '../../features/mi-tienda/components/catalogo-fixtures';
import { MITIENDA_TAB_KEY } from '../../features/mi-tienda/components/catalogo-tab';
import { clearQueryCache, setQueryData } from '../../lib/query';
import { ToastHost } from '../../lib/toast';
import MiTiendaScreen from './mitienda';

afterEach(() => clearQueryCache());

// The toast library is loaded on the first toast; on a busy machine that can take a while.
const TOAST_WAIT = { timeout: 5000 };

function Donde() {
  const location = useLocation();
  return <p data-testid="donde">{location.pathname + location.search}</p>;
}

/** The screen with the owner's shop already in the cache (fresh, so nothing is fetched). */
function renderScreen(tienda: MiTienda) {
  setQueryData(miTiendaKey, tienda);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={['/mitienda']}>
      <Routes>
        <Route path="/mitienda" element={<MiTiendaScreen />} />
        <Route path="*" element={<Donde />} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
  return { user, ...view };
}

const tacos = categoriaDePrueba({
  id: 1,
  title: 'Tacos',
  productos: [
    productoDePrueba({ id: 11, name: 'taco de suadero', categoriaId: 1 }),
    productoDePrueba({ id: 12, name: 'Taco al pastor', categoriaId: 1, activarODesactivar: false }),
  ],
});
const bebidas = categoriaDePrueba({ id: 2, title: 'Bebidas', productos: [] });

describe('/mitienda', () => {
  it('remembers the tab chosen, across visits', async () => {
    const first = renderScreen(tiendaDePrueba({ categorias: [tacos, bebidas] }));
    expect(screen.getByRole('tab', { name: 'Categorias' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await first.user.click(screen.getByRole('tab', { name: 'Productos' }));
    expect(localStorage.getItem(MITIENDA_TAB_KEY)).toBe('productos');
    first.unmount();

    renderScreen(tiendaDePrueba({ categorias: [tacos, bebidas] }));
    expect(screen.getByRole('tab', { name: 'Productos' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const panel = screen.getByRole('tabpanel');
    const names = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(names).toEqual(['Taco al pastor', 'taco de suadero']);
    expect(within(panel).getByText('Desactivado')).toBeTruthy();
  });

  it('opens a category with products, and refuses an empty one with a toast', async () => {
    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos, bebidas] }));
    await user.click(screen.getByRole('button', { name: /Bebidas/ }));
    expect(
      await screen.findByText('No tiene productos en la categoria de Bebidas', {}, TOAST_WAIT),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Tacos/ }));
    expect(screen.getByTestId('donde').textContent).toBe('/mitiendacategoria?id=1');
  });

  it('edits a category from its card', async () => {
    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos] }));
    await user.click(screen.getByRole('link', { name: 'Editar categoria Tacos' }));
    expect(screen.getByTestId('donde').textContent).toBe('/admin-categoria-form/1');
  });

  it('offers Agregar Producto in the + menu only once a category exists', async () => {
    const first = renderScreen(tiendaDePrueba({ categorias: [] }));
    expect(screen.getByText('No tienes categorias aun')).toBeTruthy();
    await first.user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(screen.getByRole('button', { name: 'Agregar Categoria' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agregar Producto' })).toBeNull();
    first.unmount();

    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos] }));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Agregar Producto' }));
    expect(screen.getByTestId('donde').textContent).toBe('/producto-form');
  });

  it('asks for the shop to be configured before adding a category', async () => {
    const { user } = renderScreen(tiendaDePrueba({ configured: false, categorias: [] }));
    await user.click(screen.getByRole('button', { name: 'Crear categoria' }));
    expect(
      await screen.findByText(
        'Debe configurar la tienda antes de agregar una categoría',
        {},
        TOAST_WAIT,
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('donde')).toBeNull();
  });

  it('finds products from 2 characters and leads to their form', async () => {
    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos] }));
    const search = screen.getByPlaceholderText('Buscar productos...');
    await user.type(search, 'S');
    expect(screen.queryByRole('list', { name: 'Resultados de la búsqueda' })).toBeNull();
    await user.type(search, 'UA');
    const results = screen.getByRole('list', { name: 'Resultados de la búsqueda' });
    await user.click(within(results).getByRole('link', { name: 'taco de suadero' }));
    expect(screen.getByTestId('donde').textContent).toBe('/producto-form/11');
  });

  it('shows the red banner while the shop is switched off', () => {
    renderScreen(tiendaDePrueba({ activarODesactivar: false, categorias: [tacos] }));
    expect(screen.getByText('Tienda desactivada')).toBeTruthy();
  });
});
