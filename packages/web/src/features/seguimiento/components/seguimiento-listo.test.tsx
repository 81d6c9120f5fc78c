import type { PedidoVista } from '@tianguis/domain';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Seguimiento from '../../../app/routes/seguimiento';
import { clearQueryCache } from '../../../lib/query';
import { ENTREGA_RECOGER, pedidoVista } from '#test/pedidos/fixtures';

// The guest's tracking page once the kitchen is done (docs/api.md, "Staff and the kitchen"):
// the server's answers and its live stream, played through fetch.

const SECRETO = 'a1B2c3D4e5F6g7H8i9J0kLmN';
const URL_PEDIDO = `/api/pedido/seguimiento/${SECRETO}`;

afterEach(() => {
  clearQueryCache();
  vi.unstubAllGlobals();
});

/** The server: the order behind the secret, and its stream, whose events the test sends. */
function servidor(pedido: PedidoVista) {
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const estado = { pedido };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === `${URL_PEDIDO}/eventos`) {
      return new Response(
        new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    }
    if (url === URL_PEDIDO) return new Response(JSON.stringify(estado.pedido), { status: 200 });
    return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
      status: 404,
    });
  });
  return {
    estado,
    conectado: () => stream !== undefined,
    /** A `pedido` event as the server writes it, with the LISTO words for the guest. */
    emitir: (data: unknown) =>
      act(() =>
        stream?.enqueue(
          new TextEncoder().encode(`id: 1\nevent: pedido\ndata: ${JSON.stringify(data)}\n\n`),
        ),
      ),
  };
}

function abrir() {
  render(
    <MemoryRouter initialEntries={[`/pedido/seguimiento/${SECRETO}`]}>
      <Routes>
        <Route path="/pedido/seguimiento/:seguimiento" element={<Seguimiento />} />
      </Routes>
    </MemoryRouter>,
  );
}

const estadoDelPedido = () => within(screen.getByRole('region', { name: 'Estado del pedido' }));
const pasoActual = () =>
  within(screen.getByRole('list', { name: 'Avance del pedido' }))
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-current') === 'step')?.textContent;

describe('the tracking page of a ready order', () => {
  it('a pickup turns ready live: its words, and the step reached', async () => {
    const aceptado = pedidoVista({
      id: 56,
      invitado: true,
      usuarioId: null,
      status: 'ACEPTADO',
      entrega: ENTREGA_RECOGER,
    });
    const s = servidor(aceptado);
    abrir();
    expect(await screen.findByText('Aceptado', { selector: '[role="status"]' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Avance del pedido' }).textContent).toBe(
      'RecibidoAceptadoListoCompletado',
    );
    expect(pasoActual()).toBe('Aceptado');
    await vi.waitFor(() => expect(s.conectado()).toBe(true));

    const listo = { ...aceptado, status: 'LISTO', listoEn: '2025-03-05T10:20:00-06:00' };
    s.estado.pedido = listo;
    s.emitir({
      tipo: 'LISTO',
      pedido: listo,
      mensaje: '¡Tu pedido está listo para recoger!',
    });
    await vi.waitFor(() =>
      expect(estadoDelPedido().getByRole('status').textContent).toBe(
        '¡Tu pedido está listo para recoger!',
      ),
    );
    expect(pasoActual()).toBe('Listo');
  });

  it('a delivery on its way says so, step "En camino"', async () => {
    servidor(pedidoVista({ id: 57, invitado: true, usuarioId: null, status: 'LISTO' }));
    abrir();
    expect(await screen.findByText('Tu pedido va en camino')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Avance del pedido' }).textContent).toBe(
      'RecibidoAceptadoEn caminoCompletado',
    );
    expect(pasoActual()).toBe('En camino');
  });

  it('a completed order has every step behind it', async () => {
    servidor(pedidoVista({ id: 58, status: 'COMPLETADO', entrega: ENTREGA_RECOGER }));
    abrir();
    expect(await screen.findByText('Completado', { selector: '[role="status"]' })).toBeTruthy();
    expect(pasoActual()).toBe('Completado');
  });
});
