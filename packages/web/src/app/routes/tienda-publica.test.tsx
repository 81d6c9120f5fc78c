import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../lib/query';
import { taqueria } from '#test/tienda-publica/fixtures';
import ProductoDetalleScreen from './producto-detalle';
import { openTiendaPublica } from '#test/app/tienda-publica';

const TIENDA_URL = '/api/tienda/publica/taqueria-lupe';

afterEach(() => {
  // Unmount first: clearing the cache reloads what is still on screen.
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function open(path: string, answer: { status?: number; body: unknown } = { body: taqueria() }) {
  return openTiendaPublica(path, { [TIENDA_URL]: answer });
}

// A card's name is its visible text (no aria-label): what is shown is what is read.
const shownText = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
};

describe('/tienda/{usuario}', () => {
  it('loads the shop by itself and shows the whole menu: chips, sections, products and prices', async () => {
    const calls = open('/tienda/taqueria-lupe');
    await screen.findByRole('heading', { level: 1, name: 'Taquería Lupe' });
    // The chips: categories with something to sell, by title, each to its section's anchor.
    const chips = within(screen.getByRole('navigation', { name: 'Categorías del menú' }));
    expect(chips.getAllByRole('link').map(shownText)).toEqual([
      'Antojitos',
      'Bebidas',
      'Tacos Al Pastor',
    ]);
    expect(chips.getByRole('link', { name: 'Tacos Al Pastor' }).getAttribute('href')).toBe(
      '#categoria-tacosalpastor',
    );
    // Each category a section named by its heading, its products by name with their price.
    const seccion = screen.getByRole('region', { name: 'Tacos Al Pastor' });
    expect(seccion.id).toBe('categoria-tacosalpastor');
    expect(within(seccion).getAllByRole('link').map(shownText)).toEqual([
      'Gringa$ 45.50',
      'Taco de pastor$ 18.00',
    ]);
    expect(
      within(seccion)
        .getByRole('link', { name: /^Gringa/ })
        .getAttribute('href'),
    ).toBe('/tienda/taqueria-lupe/tacosalpastor/productodetalle/12');
    expect(screen.queryByRole('region', { name: 'Vacía' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([TIENDA_URL]);
  });

  it('says in one line whether the shop is open and until when', async () => {
    // Monday 20:00 in Mexico City: open 18:00 to 02:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-09-02T02:00:00Z'));
    open('/tienda/taqueria-lupe');
    await screen.findByText('Abierto · cierra a las 2:00');
  });

  it('shows uploaded images in the variant that fits, fetching the first products at once', async () => {
    const image = (n: number) => `/images/${String(n).repeat(32)}.jpg`;
    const base = taqueria();
    const categorias = base.tienda.categorias.map((c, i) => ({
      ...c,
      productos: c.productos.map((p, k) => ({ ...p, imageUrl: image(i * 2 + k + 1) })),
    }));
    open('/tienda/taqueria-lupe', {
      body: { ...base, tienda: { ...base.tienda, imageUrl: image(9), categorias } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Taquería Lupe' });
    const imgs = [...document.querySelectorAll('img')];
    // The logo, then the sections by title (Antojitos, Bebidas, Tacos Al Pastor), products by name.
    expect(imgs.map((img) => img.getAttribute('src'))).toEqual([
      image(9),
      image(7),
      image(3),
      image(2),
      image(1),
    ]);
    const logo = imgs[0] as HTMLImageElement;
    expect(logo.getAttribute('srcset')).toBe(
      ['160', '320', '640'].map((w) => `/images/${'9'.repeat(32)}-${w}.webp ${w}w`).join(', '),
    );
    expect(logo.getAttribute('sizes')).toBe('64px');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['64', '64']);
    // The first section's first products are what a phone opens on; the rest load lazily.
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(imgs.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      null,
      null,
      null,
    ]);
    expect(imgs[4]?.getAttribute('sizes')).toBe('(min-width: 640px) 182px, calc(50vw - 22px)');
  });

  it('shows the not-found page when the API answers 404', async () => {
    open('/tienda/taqueria-lupe', {
      status: 404,
      body: { code: 'NO_ENCONTRADO', message: 'La tienda no existe o no está disponible' },
    });
    await screen.findByRole('heading', { name: '404 Pagina no encontrada' });
  });

  it('shows the not-found page for a shop named N/A or switched off', async () => {
    open('/tienda/taqueria-lupe', { body: { ...taqueria({ nombre: 'N/A' }) } });
    await screen.findByRole('heading', { name: '404 Pagina no encontrada' });
  });

  it('shows a failed load with a way to retry, not as a missing shop', async () => {
    const calls = open('/tienda/taqueria-lupe', {
      status: 500,
      body: { code: 'ERROR', message: 'Falló' },
    });
    // Three retries (0.3 + 0.6 + 0.9 s apart) before the page gives up (docs/web-screens.md).
    await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 4000 });
    expect(calls).toHaveLength(4);
    expect(screen.queryByText('404 Pagina no encontrada')).toBeNull();
  });

  it('rechecks the open state every minute', async () => {
    // Monday 17:59:30 in Mexico City, half a minute before opening.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2025-09-01T23:59:30Z'));
    open('/tienda/taqueria-lupe');
    await screen.findByRole('heading', { name: 'Taquería Lupe está cerrada' });
    screen.getByText('Próxima apertura: Hoy a las 18:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText(/está cerrada/)).toBeNull();
  });
});

describe('/tienda/{usuario}/{subcategoria}', () => {
  it('lists the category’s products by name with their price', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor');
    await screen.findByRole('heading', { level: 1, name: 'Tacos Al Pastor' });
    const productos = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.includes('/productodetalle/'));
    expect(productos.map(shownText)).toEqual(['Gringa$ 45.50', 'Taco de pastor$ 18.00']);
    expect(productos[0]?.getAttribute('aria-label')).toBeNull();
    expect(productos[0]?.querySelector('[alt]')?.getAttribute('alt') ?? '').toBe('');
    expect(productos[0]?.getAttribute('href')).toBe(
      '/tienda/taqueria-lupe/tacosalpastor/productodetalle/12',
    );
    screen.getByRole('link', { name: 'Taquería Lupe' });
  });

  it('shows the not-found page for a category the shop does not have', async () => {
    open('/tienda/taqueria-lupe/postres');
    await screen.findByRole('heading', { name: '404 Pagina no encontrada' });
  });
});

describe('product detail', () => {
  it('opened directly, loads the product from the shop', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor/productodetalle/12');
    await screen.findByRole('heading', { level: 1, name: 'Gringa' });
    screen.getByText('$ 45.50');
    screen.getByText('Descripción de Gringa');
    screen.getByText('Detalle de Gringa');
    // The picture only illustrates the heading right above it (image-redundant-alt).
    expect(screen.queryByRole('img', { name: 'Gringa' })).toBeNull();
  });

  it('shows the product handed over in the navigation state while the shop loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const producto = taqueria().tienda.categorias[0]?.productos[1];
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/tienda/taqueria-lupe/tacosalpastor/productodetalle/12',
            state: { producto },
          },
        ]}
      >
        <Routes>
          <Route
            path="tienda/:usuario/:subcategoria/productodetalle/:id"
            element={<ProductoDetalleScreen />}
          />
        </Routes>
      </MemoryRouter>,
    );
    screen.getByRole('heading', { level: 1, name: 'Gringa' });
    screen.getByText('$ 45.50');
    // The shop arrives: its copy of the product takes over (and the shared cache settles).
    act(() => answer(new Response(JSON.stringify(taqueria()), { status: 200 })));
    await screen.findByRole('link', { name: 'Taquería Lupe' });
    screen.getByRole('heading', { level: 1, name: 'Gringa' });
  });

  it('shows the not-found page for a product the shop does not have', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor/productodetalle/999');
    await screen.findByRole('heading', { name: '404 Pagina no encontrada' });
  });
});
