import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PedidosDetalleScreen from '../../app/routes/pedidos-detalle';
import { clearQueryCache, getQueryData, setQueryData } from '../../lib/query';
import { ToastHost } from '../../lib/toast';
import { clearSession, storeToken } from '../../lib/session-store';
import { miTiendaKey } from '../mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { pedidosTiendaKey, type PedidoTienda } from '../pedidos-tienda/api/get-pedidos-tienda';
import { forgetVistos } from '../pedidos-tienda/api/mark-visto';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { disconnectImpresora, setTransporte } from './impresora-store';
import { savePreferencias } from './preferencias';
import { decodeEscPos } from '#test/impresora/escpos';
import { TransporteGrabador } from '#test/impresora/transporte-grabador';
import { tokenFor } from '#test/session';

/** What GET /api/pedido/ticket answers (docs/api.md): ESC/POS, Windows-1252, a cut. */
function ticketDelServidor(pedidoId: number): Uint8Array<ArrayBuffer> {
  // Every character here is in Latin-1, where Windows-1252 has the same codes.
  const texto = (s: string) => [...s].map((c) => c.charCodeAt(0));
  return new Uint8Array([
    ...[0x1b, 0x40, 0x1b, 0x74, 16],
    ...texto('Taquería Lupe'),
    0x0a,
    ...texto(`Pedido #${pedidoId}`),
    0x0a,
    ...[0x1d, 0x56, 0x00],
  ]);
}

interface Llamada {
  url: string;
  authorization: string | undefined;
}

/**
 * The server's side of the order calls: accepting answers the accepted order; the ticket answers
 * its bytes (or `ticketFalla`); the board's reload and 'seen' answer the order as it is.
 */
function servidor(options: { ticketFalla?: { status: number; message: string } } = {}) {
  const llamadas: Llamada[] = [];
  let aceptado = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    llamadas.push({ url, authorization: headers.authorization });
    if (url.startsWith('/api/pedido/ticket/')) {
      if (options.ticketFalla) {
        return new Response(
          JSON.stringify({ code: 'ERROR', message: options.ticketFalla.message }),
          { status: options.ticketFalla.status, headers: { 'content-type': 'application/json' } },
        );
      }
      const id = Number(/ticket\/(\d+)/.exec(url)?.[1]);
      return new Response(ticketDelServidor(id), {
        headers: { 'content-type': 'application/octet-stream' },
      });
    }
    if (url === '/api/pedido/aceptarpedido') aceptado = true;
    const pedido = makePedido({
      id: 9,
      status: aceptado ? 'ACEPTADO' : 'NUEVO',
      vistoEn: '2025-03-12T16:00:00Z',
      listoEstimado: aceptado ? '2025-03-12T16:45:00Z' : null,
    });
    const answer = url === '/api/pedido/listarpedidosbytiendaid' ? [pedido] : pedido;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return llamadas;
}

function renderDetalle() {
  setQueryData(miTiendaKey, tiendaDePrueba());
  setQueryData(pedidosTiendaKey, [makePedido({ id: 9, vistoEn: '2025-03-12T16:00:00Z' })]);
  const user = userEvent.setup();
  render(
    <>
      <MemoryRouter initialEntries={['/pedidosdetalle?id=9']}>
        <Routes>
          <Route path="/pedidosdetalle" element={<PedidosDetalleScreen />} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </>,
  );
  return { user };
}

async function aceptar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Aceptar' }));
  const dialog = screen.getByRole('dialog', { name: 'Aceptar pedido' });
  await user.click(within(dialog).getByRole('radio', { name: '45 min' }));
  await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
  await waitFor(() => expect(screen.getAllByText('Aceptado').length).toBeGreaterThan(0));
}

const TOKEN = tokenFor(3);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  storeToken(TOKEN);
});

afterEach(async () => {
  await act(() => disconnectImpresora());
  clearSession();
  clearQueryCache();
  forgetVistos();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Imprimir al aceptar', () => {
  it('prints the ticket the server answers, at this device’s width, when an order is accepted', async () => {
    savePreferencias({ imprimirAlAceptar: true, ancho: 80 });
    const impresora = new TransporteGrabador();
    await setTransporte(impresora, 'usb');
    const llamadas = servidor();
    const { user } = renderDetalle();
    await aceptar(user);

    await waitFor(() => expect(impresora.bytes()).toEqual(ticketDelServidor(9)));
    expect(llamadas.filter((l) => l.url.startsWith('/api/pedido/ticket/'))).toEqual([
      { url: '/api/pedido/ticket/9?ancho=80', authorization: `Bearer ${TOKEN}` },
    ]);
    const doc = decodeEscPos(impresora.bytes());
    expect(doc.lineas.map((l) => l.texto)).toEqual(['Taquería Lupe', 'Pedido #9']);
    expect(doc.comandos.at(-1)).toEqual({ tipo: 'corte', parcial: false });
  });

  it('prints nothing when it is off on this device', async () => {
    const impresora = new TransporteGrabador();
    await setTransporte(impresora, 'usb');
    const llamadas = servidor();
    const { user } = renderDetalle();
    await aceptar(user);
    expect(llamadas.some((l) => l.url.startsWith('/api/pedido/ticket/'))).toBe(false);
    expect(impresora.escrituras).toEqual([]);
  });

  it('says so in a toast when the printer fails, and the order stays accepted', async () => {
    savePreferencias({ imprimirAlAceptar: true });
    const impresora = new TransporteGrabador();
    impresora.fallo = new DOMException('A transfer error has occurred.', 'NetworkError');
    await setTransporte(impresora, 'usb');
    const llamadas = servidor();
    const { user } = renderDetalle();
    await aceptar(user);

    await screen.findByText(
      'No se pudo imprimir el ticket del pedido #9. La impresora no respondió.',
      {},
      { timeout: 5000 },
    );
    expect(llamadas.filter((l) => l.url === '/api/pedido/aceptarpedido')).toHaveLength(1);
    expect(llamadas.some((l) => l.url.includes('cancelar'))).toBe(false);
    expect(getQueryData<PedidoTienda[]>(pedidosTiendaKey)?.[0]?.status).toBe('ACEPTADO');
    expect(screen.getAllByText('Aceptado').length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the server refuses the ticket', async () => {
    savePreferencias({ imprimirAlAceptar: true });
    const impresora = new TransporteGrabador();
    await setTransporte(impresora, 'usb');
    servidor({ ticketFalla: { status: 403, message: 'No tienes permiso para esto' } });
    const { user } = renderDetalle();
    await aceptar(user);
    await screen.findByText(
      'No se pudo imprimir el ticket del pedido #9. No tienes permiso para esto.',
      {},
      { timeout: 5000 },
    );
    expect(impresora.escrituras).toEqual([]);
  });

  it('says there is no printer on this device when none is connected', async () => {
    savePreferencias({ imprimirAlAceptar: true, tipo: 'usb' });
    const llamadas = servidor();
    const { user } = renderDetalle();
    await aceptar(user);
    await screen.findByText(
      'No se pudo imprimir el ticket del pedido #9. No hay una impresora conectada en este dispositivo.',
      {},
      { timeout: 5000 },
    );
    expect(llamadas.some((l) => l.url.startsWith('/api/pedido/ticket/'))).toBe(false);
  });
});

describe('Imprimir en térmica', () => {
  it('is offered on the order while a printer is connected, and prints its ticket', async () => {
    servidor();
    renderDetalle();
    expect(screen.queryByRole('button', { name: 'Imprimir en térmica' })).toBeNull();
    const impresora = new TransporteGrabador();
    await act(() => setTransporte(impresora, 'bluetooth'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Imprimir en térmica' }));
    await screen.findByText('Ticket del pedido #9 enviado a la impresora', {}, { timeout: 5000 });
    expect(impresora.bytes()).toEqual(ticketDelServidor(9));
  });
});
