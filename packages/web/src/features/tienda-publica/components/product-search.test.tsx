import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { taqueria } from '#test/tienda-publica/fixtures';
import { ProductSearchBox } from './product-search';

function Where() {
  const location = useLocation();
  const state = location.state as { producto?: { name: string } } | null;
  return (
    <p data-testid="donde">
      {location.pathname} {state?.producto?.name ?? ''}
    </p>
  );
}

function renderSearch() {
  const { tienda } = taqueria();
  render(
    <MemoryRouter initialEntries={['/tienda/taqueria-lupe']}>
      <ProductSearchBox usuario="taqueria-lupe" tienda={tienda} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup(),
    input: screen.getByRole('searchbox', { name: 'Buscar productos...' }),
  };
}

describe('ProductSearchBox', () => {
  it('is labelled and shows nothing until 2 characters are typed', async () => {
    const { user, input } = renderSearch();
    expect(input.getAttribute('placeholder')).toBe('Buscar productos...');
    await user.type(input, 't');
    expect(screen.queryByRole('list', { name: 'Resultados de la búsqueda' })).toBeNull();
    await user.type(input, 'A');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual([
      'Agua de horchataBebidas$ 25.00',
      'Taco de pastorTacos Al Pastor$ 18.00',
    ]);
  });

  it('matches names ignoring case and says when nothing matches', async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'DE');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/tienda/taqueria-lupe/bebidas/productodetalle/21',
      '/tienda/taqueria-lupe/tacosalpastor/productodetalle/11',
    ]);
    screen.getByText('2 productos encontrados');
    await user.clear(input);
    await user.type(input, 'pizza');
    screen.getByText('No hay productos que coincidan con «pizza»');
  });

  it('leads to the product page with the product in the navigation state, then closes', async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'gringa');
    await user.click(screen.getByRole('link', { name: /Gringa/ }));
    expect(screen.getByTestId('donde').textContent).toBe(
      '/tienda/taqueria-lupe/tacosalpastor/productodetalle/12 Gringa',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('moves into the results with the arrow keys and closes them with Escape', async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'de');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Agua de horchata');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Taco de pastor');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.activeElement).toBe(input);
  });
});
