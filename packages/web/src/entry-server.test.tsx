// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { categoria, producto, taqueria } from '#test/tienda-publica/fixtures';

// The server's rendering of the public pages, in Node as the server runs it (no window, no
// storage): the same markup the browser hydrates, with every name escaped.

const XSS = '</script><script>alert(1)</script>';

function tienda() {
  return taqueria({
    nombre: 'Taquería "La Lupe" <b>',
    categorias: [
      categoria('Tacos', [producto(XSS, 25.5, { id: 11 }), producto('Gringa', 45, { id: 12 })]),
      categoria('Bebidas', [producto('Agua de horchata', 20, { id: 21 })]),
    ],
  });
}

// Monday 2026-11-23 at 12:00 in Mexico City (18:00 UTC): before the taquería opens at 18:00.
const MEDIODIA = Date.UTC(2026, 10, 23, 18, 0);
// The same Monday at 20:00 there: open.
const NOCHE = Date.UTC(2026, 10, 24, 2, 0);

/** A page of the public shop, `path` below /tienda/taqueria-lupe, as the server renders it at `now`. */
const renderTienda = (path: string, now = NOCHE) =>
  render({ url: `/tienda/taqueria-lupe${path}`, tiendaPublica: tienda(), now });

describe('render (entry-server)', () => {
  it('renders the shop page: its name escaped, its categories, the closed notice for `now`', async () => {
    const { html } = await renderTienda('', MEDIODIA);
    expect(html).toContain('Taquería &quot;La Lupe&quot; &lt;b&gt;');
    expect(html).not.toContain('<b>');
    // The whole menu: chips to each section, every product with its price and 'Agregar'.
    expect(html).toContain('href="#categoria-tacos"');
    expect(html).toContain('href="#categoria-bebidas"');
    expect(html).toContain('id="categoria-tacos"');
    expect(html).toContain('Agua de horchata');
    expect(html).toContain('$ 45.00');
    // Closed: nothing to add.
    expect(html).not.toContain('Agregar Gringa');
    expect(html).toContain('está cerrada');
    expect(html).toMatch(/Cerrado · abre (hoy|mañana) a las \d/);
    expect(html).toContain('>Compartir</button>');
    // The whole screen, not its loading state.
    expect(html).not.toContain('Cargando');
  });

  it('renders no closed notice when `now` is within the hours', async () => {
    const { html } = await renderTienda('');
    expect(html).not.toContain('está cerrada');
    expect(html).toContain('Abierto · cierra a las');
    expect(html).toContain('Agregar Gringa');
    expect(html).toContain('href="#categoria-tacos"');
  });

  it('renders a large menu whole and in order, with no script to finish it', async () => {
    const base = tienda();
    const categorias = Array.from({ length: 6 }, (_, c) =>
      categoria(
        `Categoría ${c + 1}`,
        Array.from({ length: 15 }, (_, p) =>
          producto(`Platillo ${c + 1}-${p + 1} con nombre largo`, 50 + p, {
            imageUrl: `/images/${String(c).repeat(32)}.jpg`,
          }),
        ),
      ),
    );
    const { html } = await render({
      url: '/tienda/taqueria-lupe',
      tiendaPublica: { ...base, tienda: { ...base.tienda, categorias } },
      now: NOCHE,
    });
    expect(html.length).toBeGreaterThan(60_000);
    expect(html).toContain('Platillo 6-15 con nombre largo');
    // React would otherwise send the menu after a loading fallback, swapped in by an inline
    // script the page's CSP refuses.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Cargando');
    expect(html).not.toContain('hidden id="S:');
  });

  it('renders a category with each product and its price, a script-like name as text', async () => {
    const { html } = await renderTienda('/tacos');
    expect(html).not.toContain(XSS);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('$ 25.50');
    expect(html).toContain('Gringa');
    expect(html).toContain('$ 45.00');
    expect(html).toContain('Agregar Gringa');
    expect(html).not.toContain('Agua de horchata');
  });

  it('renders a product page, for nobody signed in and an empty basket', async () => {
    const { html } = await renderTienda('/tacos/productodetalle/12');
    expect(html).toMatch(/<h1[^>]*>.*Gringa.*<\/h1>/);
    expect(html).toContain('$ 45.00');
    expect(html).toContain('Descripción de Gringa');
    expect(html).toContain('iniciar sesion');
    expect(html).not.toContain('Carrito');
  });

  it('renders the not-found page for a product the shop does not have', async () => {
    const { html } = await renderTienda('/tacos/productodetalle/999');
    expect(html).not.toContain('Gringa');
    expect(html).toContain('404 Pagina no encontrada');
  });
});
