import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILTROS_INICIALES, totalesDeCanasta } from '@tianguis/domain';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AprobarTiendas } from './features/admin/components/aprobar-tiendas';
import type { Canasta } from './features/carrito/canasta/use-canasta';
import { CheckoutCard } from './features/checkout/components/checkout-card';
import { miTiendaKey } from './features/mi-tienda/api/get-mi-tienda';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { PedidoDetalle } from './features/pedidos-tienda/components/pedido-detalle';
import { PedidosLista } from './features/pedidos-tienda/components/pedidos-lista';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { TicketCocina } from './features/pedidos-tienda/components/ticket-cocina';
import { MisPedidoDetalle } from './features/pedidos/components/mis-pedido-detalle';
import { categoria, producto, taqueria } from '#test/tienda-publica/fixtures';
import { fakeFetch } from '#test/tienda-publica/session';
import { clearQueryCache, setQueryData } from './lib/query';
import MiTiendaScreen from './app/routes/mi-tienda';
import { openTiendaPublica } from '#test/app/tienda-publica';

// Texts a shop or a shopper typed are data, shown as text wherever the web app shows them:
// markup in them must come out as the characters typed, never as elements.

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
/** A payload marked with the field it stands in, so each field is checked on its own. */
const tagged = (payload: string, field: string) => `${payload} ${field}`;

afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
});

/**
 * The payloads are on the page as text (letter case aside: some screens capitalise names), and
 * none became an element: no <script>, no <img src="x">, no inline event handler anywhere.
 */
function expectShownAsText(...payloads: string[]): void {
  const text = (document.body.textContent ?? '').toLowerCase();
  for (const payload of payloads) expect(text).toContain(payload.toLowerCase());
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(document.querySelector('img[src="x"]')).toBeNull();
  const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
    el.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
  );
  expect(handlers).toEqual([]);
}

const PUBLICA = {
  nombre: tagged(SCRIPT, 'tienda'),
  categoria: IMG,
  otraCategoria: tagged(SCRIPT, 'categoria'),
  producto: tagged(SCRIPT, 'producto'),
  otroProducto: tagged(IMG, 'producto'),
  descripcion: tagged(IMG, 'descripcion'),
  detalle: tagged(SCRIPT, 'detalle'),
};

/** The public shop as GET /api/tienda/publica answers it, every shop text a payload. */
function tiendaConPayloads() {
  return taqueria({
    nombre: PUBLICA.nombre,
    categorias: [
      categoria(PUBLICA.categoria, [
        producto(PUBLICA.producto, 18, {
          id: 11,
          descripcion: PUBLICA.descripcion,
          detalle: PUBLICA.detalle,
        }),
        producto(PUBLICA.otroProducto, 20, { id: 12 }),
      ]),
      categoria(PUBLICA.otraCategoria, [producto('Quesadilla', 30, { id: 31 })]),
    ],
  });
}

function openPublic(pathname: string) {
  openTiendaPublica(pathname, {
    '/api/tienda/publica/taqueria-lupe': { body: tiendaConPayloads() },
  });
}

// The category's URL segment is its title without spaces.
const CATEGORIA_SEGMENT = encodeURIComponent(PUBLICA.categoria.replace(/\s+/g, ''));

describe('shop texts with markup are shown as text', () => {
  it('on the public shop page: the shop name and the category titles', async () => {
    openPublic('/tienda/taqueria-lupe');
    await screen.findAllByText(PUBLICA.otraCategoria, { exact: false });
    expectShownAsText(PUBLICA.nombre, PUBLICA.categoria, PUBLICA.otraCategoria);
  });

  it('on a public category page: its title and its products', async () => {
    openPublic(`/tienda/taqueria-lupe/${CATEGORIA_SEGMENT}`);
    await screen.findAllByText(PUBLICA.otroProducto, { exact: false });
    expectShownAsText(PUBLICA.categoria, PUBLICA.producto, PUBLICA.otroProducto);
  });

  it('on a public product page: its name, description and detail', async () => {
    openPublic(`/tienda/taqueria-lupe/${CATEGORIA_SEGMENT}/productodetalle/11`);
    await screen.findAllByText(PUBLICA.detalle, { exact: false });
    expectShownAsText(PUBLICA.producto, PUBLICA.descripcion, PUBLICA.detalle);
  });

  it('in the cart: the shop name, the product names, their options and notes', () => {
    const nada = async () => undefined;
    const linea = (productoId: number, nombre: string) => ({
      clave: `${productoId}||`,
      productoId,
      nombre,
      imageUrl: 'N/A',
      opciones: [
        { id: 1, grupo: tagged(IMG, 'grupo'), nombre: tagged(SCRIPT, 'opcion'), precioExtra: 0 },
      ],
      nota: tagged(IMG, 'nota'),
      cantidad: 1,
      precio: 20,
      disponible: true,
    });
    const canasta: Canasta = {
      origen: 'servidor',
      puedeComprar: true,
      tiendaId: 7,
      tienda: {
        tiendaId: 7,
        nombre: tagged(IMG, 'tienda'),
        usuario: 'taqueria-lupe',
        celular: '5512345678',
        montoMinimo: 0,
        costoDeEnvio: 0,
        entrega: { recoger: true, domicilio: true },
        pagos: { efectivo: true, terminal: false, transferencia: { banco: tagged(IMG, 'banco') } },
        abierta: true,
        mensajeCerrada: null,
      },
      lineas: [linea(11, tagged(SCRIPT, 'uno')), linea(12, tagged(IMG, 'dos'))],
      totales: totalesDeCanasta({ montoMinimo: 0, costoDeEnvio: 0, lineas: [] }),
      piezas: 2,
      paraCheckout: undefined,
      isLoading: false,
      error: undefined,
      refetch: nada,
      cantidadDe: () => 0,
      add: nada,
      setCantidad: nada,
      remove: nada,
      clear: nada,
    };
    render(
      <MemoryRouter>
        <CheckoutCard canasta={canasta} pago={() => null} />
      </MemoryRouter>,
    );
    expectShownAsText(
      tagged(IMG, 'tienda'),
      tagged(SCRIPT, 'uno'),
      tagged(IMG, 'dos'),
      tagged(SCRIPT, 'opcion'),
      tagged(IMG, 'nota'),
    );
  });

  it("in the owner's catalogue: category titles and product names", async () => {
    setQueryData(
      miTiendaKey,
      tiendaDePrueba({
        nombre: IMG,
        categorias: [
          categoriaDePrueba({
            id: 1,
            title: tagged(SCRIPT, 'categoria'),
            productos: [
              productoDePrueba({ id: 11, categoriaId: 1, name: tagged(IMG, 'uno') }),
              productoDePrueba({ id: 12, categoriaId: 1, name: tagged(SCRIPT, 'dos') }),
            ],
          }),
        ],
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/mitienda']}>
        <Routes>
          <Route path="/mitienda" element={<MiTiendaScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    expectShownAsText(tagged(SCRIPT, 'categoria'));
    await user.click(screen.getByRole('tab', { name: 'Productos' }));
    expectShownAsText(tagged(IMG, 'uno'), tagged(SCRIPT, 'dos'));
  });

  it("in the owner's orders: the list, the detail and the kitchen ticket", () => {
    const campos = {
      tienda: tagged(IMG, 'tienda'),
      cliente: tagged(SCRIPT, 'cliente'),
      direccion: tagged(IMG, 'direccion'),
      uno: tagged(SCRIPT, 'uno'),
      dos: tagged(IMG, 'dos'),
    };
    const pedido = makePedido({
      id: 9,
      nombreTienda: campos.tienda,
      nombreCompleto: campos.cliente,
      direccionEntrega: campos.direccion,
      pedidoDetalles: [
        { nombreProducto: campos.uno, imagenProducto: 'N/A', cantidad: 1, precio: 10 },
        { nombreProducto: campos.dos, imagenProducto: 'N/A', cantidad: 2, precio: 5 },
      ],
    });
    const TZ = 'America/Mexico_City';
    render(
      <MemoryRouter>
        <PedidosLista
          pedidos={[pedido]}
          filtros={FILTROS_INICIALES}
          onFiltrosChange={() => undefined}
          now={new Date('2025-03-12T16:00:00Z')}
          timeZone={TZ}
        />
      </MemoryRouter>,
    );
    expectShownAsText(campos.cliente);
    cleanup();
    render(
      <MemoryRouter>
        <PedidoDetalle pedido={pedido} timeZone={TZ} onAccion={async () => undefined} />
      </MemoryRouter>,
    );
    expectShownAsText(...Object.values(campos));
    cleanup();
    render(<TicketCocina pedido={pedido} timeZone={TZ} ancho={80} />);
    expectShownAsText(campos.cliente, campos.direccion, campos.uno, campos.dos);
  });

  it("in the shopper's order detail: the shop and the product names", () => {
    render(
      <MisPedidoDetalle
        pedido={{
          ...makePedido({ id: 9, nombreTienda: tagged(SCRIPT, 'tienda') }),
          celularTienda: '5512345678',
          pedidoDetalles: [
            {
              productoId: 1,
              nombreProducto: tagged(IMG, 'producto'),
              imagenProducto: 'N/A',
              cantidad: 1,
              precio: 10,
              opciones: [
                {
                  id: 1,
                  grupo: tagged(SCRIPT, 'grupo'),
                  nombre: tagged(IMG, 'opcion'),
                  precioExtra: 5,
                },
              ],
              nota: tagged(SCRIPT, 'nota'),
            },
          ],
        }}
      />,
    );
    expectShownAsText(tagged(SCRIPT, 'tienda'), tagged(IMG, 'producto'), tagged(SCRIPT, 'nota'));
  });

  it("in the admin's list of shops waiting for approval: the shop name", async () => {
    const { fetch } = fakeFetch({
      '/api/tienda/listartiendas': {
        body: [
          {
            tiendaId: 2,
            usuario: 'cocina-mary',
            nombre: IMG,
            celularTienda: '5512345678',
            configured: true,
            approved: false,
            deleted: false,
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetch);
    render(<AprobarTiendas />);
    await screen.findByText('cocina-mary');
    expectShownAsText(IMG);
  });
});

describe('the web app never writes HTML from strings', () => {
  it('has no dangerouslySetInnerHTML, innerHTML/outerHTML assignment or HTML insertion', () => {
    const src = path.dirname(fileURLToPath(import.meta.url));
    const self = fileURLToPath(import.meta.url);
    const sinks =
      /dangerouslySetInnerHTML|\.(?:inner|outer)HTML\s*\+?=|insertAdjacentHTML|document\.write(?:ln)?\s*\(/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(?:ts|tsx)$/.test(entry.name) && full !== self) {
          const match = sinks.exec(fs.readFileSync(full, 'utf8'));
          if (match) offenders.push(`${path.relative(src, full)}: ${match[0]}`);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
