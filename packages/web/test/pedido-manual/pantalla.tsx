import { render } from '@testing-library/react';
import type { PedidoManualBody } from '@tianguis/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import PedidoNuevoScreen from '../../src/app/routes/pedido-nuevo';
import type { MiTienda } from '../../src/features/mi-tienda/api/get-mi-tienda';

/** One POST /api/pedido/manual: its body and its Idempotency-Key. */
export interface LlamadaManual {
  body: PedidoManualBody;
  clave: string | null;
}

/** What POST /api/pedido/manual answers: a status and a body, or no network at all. */
export type RespuestaManual = { status: number; body: unknown } | 'sin-red';

/**
 * The network of the owner's "new order" screen: her shop, an empty board, and POST
 * /api/pedido/manual answering what the test queued (a 500 once the queue is empty). Each call
 * is recorded.
 */
export function servidorDePedidoManual(
  tienda: MiTienda,
  respuestas: RespuestaManual[],
): LlamadaManual[] {
  const llamadas: LlamadaManual[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/api/tienda/mitienda') return new Response(JSON.stringify(tienda));
    if (url === '/api/pedido/manual') {
      const headers = new Headers(init.headers);
      llamadas.push({ body: JSON.parse(String(init.body)), clave: headers.get('idempotency-key') });
      const r = respuestas.shift() ?? {
        status: 500,
        body: { code: 'X', message: 'sin respuesta' },
      };
      if (r === 'sin-red') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(r.body), { status: r.status });
    }
    if (url.startsWith('/api/pedido/listarpedidosbytiendaid')) return new Response('[]');
    return new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
      status: 404,
    });
  });
  return llamadas;
}

/** The "new order" screen at /pedidos/nuevo; the board it goes back to is a stand-in. */
export function abrirPedidoNuevo() {
  render(
    <MemoryRouter initialEntries={['/pedidos/nuevo']}>
      <Routes>
        <Route path="/pedidos/nuevo" element={<PedidoNuevoScreen />} />
        <Route path="/pedidos" element={<p>Tablero</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
