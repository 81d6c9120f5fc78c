import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MiTienda } from '../api/get-mi-tienda';
import { AjustesMenu } from './ajustes-menu';
import { findFaltantesParaPublicar } from './ajustes-tareas';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';

// Issue 29: until the admin approves the shop, the owner's home says it is in review and what is
// left to do, instead of "No tienes tareas pendientes".

function renderMenu(t: MiTienda) {
  render(
    <MemoryRouter>
      <AjustesMenu tienda={t} />
    </MemoryRouter>,
  );
}

const conProducto = (activo = true) => ({
  categorias: [
    categoriaDePrueba({ productos: [productoDePrueba({ activarODesactivar: activo })] }),
  ],
});

function faltantes(): string[] {
  const lista = screen.queryByRole('list', { name: 'Lo que falta' });
  return lista
    ? within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
}

describe('the owner home while the shop is in review', () => {
  it('a new shop: in review, with everything it still lacks, and no "No tienes tareas pendientes"', () => {
    renderMenu(tiendaDePrueba({ approved: false, configured: false }));
    expect(screen.getByRole('heading', { name: 'Tu tienda está en revisión' })).toBeTruthy();
    expect(screen.getByText(/Te avisaremos por correo en cuanto esté publicada/)).toBeTruthy();
    expect(faltantes()).toEqual(['Falta configurar tienda', 'Falta agregar productos a mi tienda']);
    expect(screen.queryByText('No tienes tareas pendientes.')).toBeNull();
    // The tiles stay as they were.
    expect(screen.getByRole('link', { name: 'Configurar Tienda' })).toBeTruthy();
  });

  it('names an inactive shop and products that are all inactive', () => {
    renderMenu(
      tiendaDePrueba({ approved: false, activarODesactivar: false, ...conProducto(false) }),
    );
    expect(faltantes()).toEqual(['Falta activar al menos un producto', 'Falta activar tu tienda']);
  });

  it('a shop ready but for the approval: says nothing is left but the review', () => {
    renderMenu(tiendaDePrueba({ approved: false, ...conProducto() }));
    expect(screen.getByRole('heading', { name: 'Tu tienda está en revisión' })).toBeTruthy();
    expect(faltantes()).toEqual([]);
    expect(
      screen.getByText('Ya tienes todo listo: tus clientes podrán verla en cuanto la aprobemos.'),
    ).toBeTruthy();
    expect(screen.queryByText('No tienes tareas pendientes.')).toBeNull();
  });

  it('once approved, the review is gone and the home is as before', () => {
    renderMenu(tiendaDePrueba({ approved: true, ...conProducto() }));
    expect(screen.queryByRole('heading', { name: 'Tu tienda está en revisión' })).toBeNull();
    expect(screen.getByText('No tienes tareas pendientes.')).toBeTruthy();
  });

  it('deleted products and categories do not count as something on sale', () => {
    const borrado = tiendaDePrueba({
      categorias: [
        categoriaDePrueba({ deleted: true, productos: [productoDePrueba()] }),
        categoriaDePrueba({ id: 2, productos: [productoDePrueba({ id: 9, deleted: true })] }),
      ],
    });
    expect(findFaltantesParaPublicar(borrado)).toEqual(['productoActivo']);
  });
});
