import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenDePersonal } from '#test/session';
import { clearSession, storeToken } from '../../lib/session-store';
import type { MiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import { openMiTiendaScreen } from '#test/app/mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { clearQueryCache } from '../../lib/query';
import Agotados from './agotados';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  clearQueryCache();
});

const producto = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  price: 25,
  categoriaId: 1,
  imageUrl: 'N/A',
  descripcion: '',
  detalle: '',
  tiendaId: 3,
  activarODesactivar: true,
  deleted: false,
  ...extra,
});

function tienda(productos: ReturnType<typeof producto>[]): MiTienda {
  return tiendaDePrueba({
    categorias: [
      {
        id: 1,
        title: 'Tacos',
        titleWithoutSpaces: 'tacos',
        imageUrl: 'N/A',
        tiendaId: 3,
        deleted: false,
        productos,
      },
    ],
  });
}

const abrir = (productos: ReturnType<typeof producto>[]) =>
  openMiTiendaScreen('/agotados', <Agotados />, tienda(productos));

describe('/agotados', () => {
  it('lists the products on sale, switched-off and deleted ones left out', () => {
    abrir([
      producto(2, 'Taco de suadero'),
      producto(1, 'Taco al pastor', { agotado: true }),
      producto(3, 'Taco de lengua', { activarODesactivar: false }),
      producto(4, 'Taco de tripa', { deleted: true }),
    ]);
    const seccion = screen.getByRole('region', { name: 'Tacos' });
    expect(
      within(seccion)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Taco al pastor', 'Taco de suadero']);
    expect(
      screen
        .getByRole('button', { name: 'Agotado hoy: Taco al pastor' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('marks a product sold out for a cashier of the shop', async () => {
    storeToken(tokenDePersonal({ rol: 'CAJERO' }));
    const llamadas: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      llamadas.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify([tienda([producto(1, 'Taco al pastor', { agotado: true })])]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    abrir([producto(1, 'Taco al pastor')]);
    const boton = screen.getByRole('button', { name: 'Agotado hoy: Taco al pastor' });
    await userEvent.setup().click(boton);
    await vi.waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Agotado hoy: Taco al pastor' })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(llamadas).toEqual([{ productoId: 1, agotado: true }]);
  });

  it('says when there is nothing on sale', () => {
    abrir([]);
    expect(screen.getByText('No hay productos a la venta')).toBeTruthy();
  });
});
