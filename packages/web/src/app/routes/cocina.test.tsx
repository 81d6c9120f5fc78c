import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenDePersonal } from '#test/session';
import { clearSession, storeToken } from '../../lib/session-store';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import type { PedidoTienda } from '../../features/pedidos-tienda/api/get-pedidos-tienda';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { clearQueryCache } from '../../lib/query';
import CocinaScreen from './cocina';

// Wednesday 2026-12-02, 12:00 in Mexico City.
const NOW = new Date('2026-12-02T18:00:00Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

/** A cook's session (of shop 1). */
function entrarComoCocina() {
  storeToken(tokenDePersonal({ rol: 'COCINA', groupsid: 1 }));
}

/**
 * The shop's server as the kitchen meets it: the order list (accepted and ready orders), the
 * shop, `listo` (ACEPTADO → LISTO, else 409) and the live stream, whose events the test sends.
 */
function servidor(pedidos: PedidoTienda[], opciones: { streamFalla?: boolean } = {}) {
  const estado = { pedidos: [...pedidos] };
  const llamadas: string[] = [];
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    llamadas.push(url);
    const body = JSON.parse(String(init.body ?? '{}')) as { pedidoId?: number };
    if (url === '/api/pedido/eventos') {
      if (opciones.streamFalla) return json({ code: 'ERROR', message: 'Caído' }, 503);
      return new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => {
            stream = controller;
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    }
    if (url === '/api/tienda/mitienda') return json(tiendaDePrueba());
    if (url === '/api/pedido/listarpedidosbytiendaid') return json(estado.pedidos);
    if (url === '/api/pedido/listo') {
      const pedido = estado.pedidos.find((p) => p.id === body.pedidoId);
      if (!pedido || pedido.status !== 'ACEPTADO') {
        return json(
          { code: 'ESTADO_INVALIDO', message: 'El pedido ya no está en estado NUEVO' },
          409,
        );
      }
      const listo = { ...pedido, status: 'LISTO' as const, listoEn: new Date().toISOString() };
      estado.pedidos = estado.pedidos.map((p) => (p.id === listo.id ? listo : p));
      return json(listo);
    }
    return json({ code: 'NO_ENCONTRADO', message: 'No existe' }, 404);
  });
  return {
    estado,
    llamadas,
    /** One `pedido` event, as the server writes it. */
    emitir: (tipo: string, pedido: PedidoTienda) => {
      const texto = `id: ${pedido.id}\nevent: pedido\ndata: ${JSON.stringify({ tipo, pedido })}\n\n`;
      act(() => stream?.enqueue(new TextEncoder().encode(texto)));
    },
    conectado: () => stream !== undefined,
  };
}

function abrir() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/cocina']}>
      <Routes>
        <Route path="/cocina" element={<CocinaScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const titulos = () =>
  screen
    .queryAllByRole('article')
    .map((t) => within(t).getByRole('heading', { level: 2 }).textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  entrarComoCocina();
});
afterEach(() => {
  clearSession();
  clearQueryCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/cocina', () => {
  it('loads the tickets, follows the live stream and marks one ready', async () => {
    const s = servidor([
      makePedido({ id: 7, status: 'ACEPTADO', listoEstimado: min(12) }),
      makePedido({ id: 5, status: 'LISTO', listoEn: min(-4), nombreCompleto: 'Beto' }),
    ]);
    const { user } = abrir();
    expect(screen.getByText('Cargando pedidos…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pedido #7' })).toBeTruthy();
    expect(document.title).toBe('Cocina · Tianguis');
    expect(screen.getByText('Faltan 12 min')).toBeTruthy();
    await vi.waitFor(() => expect(s.conectado()).toBe(true));
    expect(await screen.findByText('En vivo')).toBeTruthy();

    // An order accepted at the counter arrives over the stream, due before the other one.
    const nuevo = makePedido({ id: 9, status: 'ACEPTADO', listoEstimado: min(4) });
    s.estado.pedidos = [nuevo, ...s.estado.pedidos];
    s.emitir('ACEPTADO', nuevo);
    await vi.waitFor(() => expect(titulos()).toEqual(['Pedido #9', 'Pedido #7']));
    expect(screen.getByText('Faltan 4 min')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Listo, pedido #9' }));
    await vi.waitFor(() => expect(titulos()).toEqual(['Pedido #7']));
    expect(s.llamadas).toContain('/api/pedido/listo');
    const listos = screen.getByRole('region', { name: 'Listos' });
    expect(
      within(listos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#9 Ana López · 12:00', '#5 Beto · 11:56']);

    // Completed at the counter: the stream says so, and it leaves the strip too.
    s.emitir('COMPLETADO', { ...nuevo, status: 'COMPLETADO' });
    await vi.waitFor(() =>
      expect(
        within(listos)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['#5 Beto · 11:56']),
    );
  });

  it('an order moved elsewhere first: says so and shows the list as the server has it', async () => {
    const s = servidor([makePedido({ id: 7, status: 'ACEPTADO', listoEstimado: min(-2) })]);
    const { user } = abrir();
    expect(await screen.findByText('Tarde por 2 min')).toBeTruthy();
    // Cancelled at the counter while the stream was quiet.
    s.estado.pedidos = [makePedido({ id: 7, status: 'CANCELADO' })];
    await user.click(screen.getByRole('button', { name: 'Listo, pedido #7' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'El pedido #7 ya había cambiado en otro dispositivo. Actualizamos la lista.',
    );
    expect(await screen.findByText('No hay pedidos en preparación')).toBeTruthy();
  });

  it('says when it has no connection and keeps what it has', async () => {
    servidor([makePedido({ id: 7, status: 'ACEPTADO', listoEstimado: min(3) })], {
      streamFalla: true,
    });
    abrir();
    expect(await screen.findByRole('heading', { name: 'Pedido #7' })).toBeTruthy();
    expect(await screen.findByText('Sin conexión')).toBeTruthy();
    expect(screen.getByText(/se revisa cada 30 s/)).toBeTruthy();
  });
});
