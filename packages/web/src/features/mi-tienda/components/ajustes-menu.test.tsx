import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MiTienda } from '../api/get-mi-tienda';
import AjustesBannerDesactivada from './ajustes-banner-desactivada';
import { AjustesMenu } from './ajustes-menu';
import { ajustesMessages, findTareasPendientes, TUTORIALES } from './ajustes-tareas';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';

const producto = {
  id: 1,
  name: 'Taco al pastor',
  price: 25,
  categoriaId: 1,
  imageUrl: '/images/taco.png',
  descripcion: 'Taco',
  detalle: 'Con piña',
  tiendaId: 3,
  activarODesactivar: true,
  deleted: false,
};

const conProducto = {
  categorias: [
    {
      id: 1,
      title: 'Tacos',
      titleWithoutSpaces: 'tacos',
      imageUrl: '/images/tacos.png',
      tiendaId: 3,
      deleted: false,
      productos: [producto],
    },
  ],
};

function renderMenu(t: MiTienda) {
  render(
    <MemoryRouter>
      <AjustesMenu tienda={t} />
    </MemoryRouter>,
  );
}

describe('AjustesMenu', () => {
  it('blocks Mi Tienda and Codigo QR on a new shop and lists both pending tasks', () => {
    renderMenu(tiendaDePrueba({ configured: false }));
    for (const name of ['Mi Tienda', 'Codigo QR']) {
      const tile = screen.getByRole('button', { name });
      expect(tile.getAttribute('aria-disabled')).toBe('true');
    }
    for (const name of [
      'Configurar Tienda',
      'Horarios',
      'Zonas de envío',
      'Pedidos programados',
      'Activar o Desactivar Tienda',
    ]) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Falta configurar tienda',
      'Falta agregar productos a mi tienda',
    ]);
    // No tutorial has an address yet, so no link is offered.
    expect(screen.queryByRole('link', { name: /tutorial/i })).toBeNull();
  });

  it('opens Mi Tienda once configured and Codigo QR once a product exists', () => {
    renderMenu(tiendaDePrueba(conProducto));
    expect(screen.getByRole('link', { name: 'Mi Tienda' }).getAttribute('href')).toBe('/mitienda');
    expect(screen.getByRole('link', { name: 'Codigo QR' }).getAttribute('href')).toBe('/codigoqr');
    expect(screen.getByRole('link', { name: 'Pedidos programados' }).getAttribute('href')).toBe(
      '/pedidos-programados',
    );
    expect(screen.getByRole('link', { name: 'Personal' }).getAttribute('href')).toBe('/personal');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No tienes tareas pendientes.')).toBeTruthy();
  });

  it('lists only what is still missing', () => {
    expect(findTareasPendientes(tiendaDePrueba())).toEqual(['productos']);
    expect(findTareasPendientes(tiendaDePrueba({ configured: false, ...conProducto }))).toEqual([
      'configurar',
    ]);
    expect(Object.values(TUTORIALES).every((url) => url === undefined)).toBe(true);
  });
});

describe('AjustesBannerDesactivada', () => {
  it("shows 'Tienda desactivada' only for a deactivated shop", () => {
    const { rerender } = render(<AjustesBannerDesactivada tienda={{ activarODesactivar: true }} />);
    expect(screen.queryByText(ajustesMessages.tiendaDesactivada)).toBeNull();
    rerender(<AjustesBannerDesactivada tienda={{ activarODesactivar: false }} />);
    expect(screen.getByRole('status').textContent).toBe('Tienda desactivada');
  });
});
