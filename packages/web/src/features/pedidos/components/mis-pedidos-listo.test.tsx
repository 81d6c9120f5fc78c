import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MisPedidos from '../../../app/routes/mis-pedidos';
import { clearQueryCache } from '../../../lib/query';
import { clearSession } from '../../../lib/session-store';
import { signInAs } from '#test/session';
import { ENTREGA_RECOGER, pedidoVista } from '#test/pedidos/fixtures';
import { MisPedidoDetalle } from './mis-pedido-detalle';
import { MisPedidosLista } from './mis-pedidos-lista';

// A shopper's orders once the kitchen is done (docs/api.md, "Staff and the kitchen").

afterEach(() => {
  clearSession();
  clearQueryCache();
  vi.unstubAllGlobals();
});

const tarjetas = () => within(screen.getByRole('list', { name: 'Lista de pedidos' }));

describe('a ready order on the shopper’s screens', () => {
  it('the list says it is ready to pick up or on its way, and counts it as active', () => {
    render(
      <MemoryRouter>
        <MisPedidosLista
          pedidos={[
            pedidoVista({ id: 1, status: 'COMPLETADO', nombreTienda: 'Tortas Chava' }),
            pedidoVista({
              id: 2,
              status: 'LISTO',
              entrega: ENTREGA_RECOGER,
              nombreTienda: 'Fonda Lupita',
            }),
            pedidoVista({ id: 3, status: 'LISTO', nombreTienda: 'Pizzas Toño' }),
            pedidoVista({ id: 4, status: 'ACEPTADO', nombreTienda: 'Café Luna' }),
          ]}
        />
      </MemoryRouter>,
    );
    const tiles = within(screen.getByRole('list', { name: 'Resumen de pedidos' }));
    expect(tiles.getAllByRole('listitem').map((t) => t.textContent)).toEqual([
      '3Activos',
      '1Completados',
      '0Cancelados',
    ]);
    const [aceptado, primero, segundo, completado] = tarjetas().getAllByRole('listitem');
    expect(aceptado?.textContent).toContain('Café Luna');
    expect(primero?.textContent).toContain('Pizzas Toño');
    expect(primero?.textContent).toContain('Estado: LISTO');
    expect(primero?.textContent).toContain('Tu pedido va en camino');
    expect(segundo?.textContent).toContain('Fonda Lupita');
    expect(segundo?.textContent).toContain('¡Tu pedido está listo para recoger!');
    expect(completado?.textContent).not.toMatch(/listo para recoger|va en camino/);
  });

  it.each([
    [ENTREGA_RECOGER, '¡Tu pedido está listo para recoger!'],
    [pedidoVista().entrega, 'Tu pedido va en camino'],
  ])('the detail says it (%#: pickup, delivery)', (entrega, texto) => {
    render(<MisPedidoDetalle pedido={pedidoVista({ id: 9, status: 'LISTO', entrega })} />);
    expect(screen.getByText(texto)).toBeTruthy();
    expect(screen.getByText('LISTO')).toBeTruthy();
  });

  it('the list turns ready live when the stream says so', async () => {
    signInAs('USUARIO');
    const aceptado = pedidoVista({ id: 12, status: 'ACEPTADO', entrega: ENTREGA_RECOGER });
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    const estado = { pedidos: [aceptado] };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/pedido/mis-eventos') {
        return new Response(
          new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      }
      if (url === '/api/pedido/listarpedidosbyid') {
        return new Response(JSON.stringify(estado.pedidos), { status: 200 });
      }
      return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
        status: 404,
      });
    });
    render(
      <MemoryRouter initialEntries={['/mispedidos']}>
        <Routes>
          <Route path="/mispedidos" element={<MisPedidos />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('ACEPTADO')).toBeTruthy();
    await vi.waitFor(() => expect(stream).toBeDefined());

    const listo = { ...aceptado, status: 'LISTO' as const, listoEn: '2025-03-05T10:20:00-06:00' };
    estado.pedidos = [listo];
    const data = {
      tipo: 'LISTO',
      pedido: listo,
      mensaje: '¡Tu pedido está listo para recoger!',
    };
    act(() =>
      stream?.enqueue(
        new TextEncoder().encode(`id: 3\nevent: pedido\ndata: ${JSON.stringify(data)}\n\n`),
      ),
    );
    expect(await screen.findByText('¡Tu pedido está listo para recoger!')).toBeTruthy();
    expect(tarjetas().getByText('LISTO')).toBeTruthy();
  });
});
