import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { horaLocal } from '@tianguis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeToken } from '../../lib/session-store';
import { miTiendaKey, type MiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { tokenFor } from '#test/session';
import { listProductosOf } from '../../features/mi-tienda/components/catalogo-productos';
import { MITIENDA_TAB_KEY } from '../../features/mi-tienda/components/catalogo-tab';
import { clearQueryCache, setQueryData } from '../../lib/query';
import { ToastHost } from '../../lib/toast';
import MiTiendaScreen from './mi-tienda';

afterEach(() => {
  clearQueryCache();
  clearSession();
  vi.unstubAllGlobals();
});

/** Signs the owner of shop 3 in (owner calls keep the own shop of their answer). */
function signInOwner() {
  storeToken(tokenFor(3));
}

/** The server: each owner call answers the shop list `answer(body)` gives; calls are kept. */
function ownerServer(answer: (path: string, body: Record<string, unknown>) => MiTienda) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path: url, body });
    return new Response(JSON.stringify([answer(url, body)]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

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

describe('/mitienda pause and sold out', () => {
  it('pauses new orders one tap away, says until when, and resumes', async () => {
    signInOwner();
    const hasta = new Date(Date.now() + 30 * 60_000).toISOString();
    const calls = ownerServer((_path, body) =>
      tiendaDePrueba({ categorias: [tacos], pausadoHasta: body.minutos === 0 ? null : hasta }),
    );
    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos], pausadoHasta: null }));
    expect(screen.getByText('Recibiendo pedidos')).toBeTruthy();
    const pausar = screen.getByRole('button', { name: 'Pausar pedidos' });
    expect(pausar.getAttribute('aria-expanded')).toBe('false');
    await user.click(pausar);
    const opciones = screen.getByRole('group', { name: 'Pausar por' });
    expect(
      within(opciones)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['15 min', '30 min', '1 hora', '2 horas']);
    await user.click(within(opciones).getByRole('button', { name: 'Pausar 30 min' }));
    expect(calls).toEqual([{ path: '/api/tienda/pausar', body: { minutos: 30 } }]);
    const hora = horaLocal(new Date(hasta), 'America/Mexico_City');
    expect(await screen.findByText(`Pedidos en pausa hasta las ${hora}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reanudar' }));
    expect(calls[1]).toEqual({ path: '/api/tienda/pausar', body: { minutos: 0 } });
    expect(await screen.findByText('Recibiendo pedidos')).toBeTruthy();
  });

  it('a pause that has ended shows as receiving orders', () => {
    renderScreen(
      tiendaDePrueba({
        categorias: [tacos],
        pausadoHasta: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    expect(screen.getByText('Recibiendo pedidos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reanudar' })).toBeNull();
  });

  it('marks a product sold out for today from its card, and back on sale', async () => {
    signInOwner();
    localStorage.setItem(MITIENDA_TAB_KEY, 'productos');
    const conAgotado = (agotado: boolean) =>
      categoriaDePrueba({
        ...tacos,
        productos: listProductosOf(tacos).map((p) => (p.id === 11 ? { ...p, agotado } : p)),
      });
    const calls = ownerServer((_path, body) =>
      tiendaDePrueba({ categorias: [conAgotado(body.agotado === true)] }),
    );
    const { user } = renderScreen(tiendaDePrueba({ categorias: [conAgotado(false)] }));
    const toggle = screen.getByRole('button', { name: 'Agotado hoy: taco de suadero' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // A switched-off product can't be sold anyway: no sold-out switch on its card.
    expect(screen.queryByRole('button', { name: 'Agotado hoy: Taco al pastor' })).toBeNull();
    await user.click(toggle);
    expect(calls).toEqual([
      { path: '/api/tienda/agotarproducto', body: { productoId: 11, agotado: true } },
    ]);
    await vi.waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Agotado hoy: taco de suadero' })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(screen.getByText('Agotado')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agotado hoy: taco de suadero' }));
    expect(calls[1]?.body).toEqual({ productoId: 11, agotado: false });
  });

  it('shows a refused pause in the card', async () => {
    signInOwner();
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            code: 'VALIDACION',
            message: 'La pausa debe ser de 15 a 240 minutos, o 0 para reanudar',
          }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const { user } = renderScreen(tiendaDePrueba({ categorias: [tacos] }));
    await user.click(screen.getByRole('button', { name: 'Pausar pedidos' }));
    await user.click(screen.getByRole('button', { name: 'Pausar 2 horas' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La pausa debe ser de 15 a 240 minutos, o 0 para reanudar',
    );
  });
});
