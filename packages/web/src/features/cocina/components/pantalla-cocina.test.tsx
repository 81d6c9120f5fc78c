import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import { ENTREGA_RECOGER, lineaConOpciones } from '#test/pedidos/fixtures';
import { pedidosTiendaKey, type PedidoTienda } from '../../pedidos-tienda/api/get-pedidos-tienda';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import type { EstadoConexion } from '../../pedidos-tienda/hooks/use-pedidos-en-vivo';
import { PantallaCocina } from './pantalla-cocina';

const TZ = 'America/Mexico_City';
// Wednesday 2026-12-02, 12:00 in Mexico City.
const NOW = new Date('2026-12-02T18:00:00Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

afterEach(() => {
  clearQueryCache();
  vi.unstubAllGlobals();
});

function aceptado(id: number, over: Omit<Parameters<typeof makePedido>[0], 'id'> = {}) {
  return makePedido({ id, status: 'ACEPTADO', listoEstimado: min(20), ...over });
}

function pintar(
  props: Partial<{
    pedidos: PedidoTienda[] | undefined;
    error: Error;
    conexion: EstadoConexion;
    onActualizar: () => void;
  }> = {},
) {
  const onActualizar = props.onActualizar ?? vi.fn();
  const vista = (pedidos: PedidoTienda[] | undefined) => (
    <PantallaCocina
      pedidos={pedidos}
      error={props.error}
      conexion={props.conexion ?? 'en-vivo'}
      actualizando={false}
      onRefresh={onActualizar}
      now={NOW}
      timeZone={TZ}
      pantallaEncendida={false}
    />
  );
  const user = userEvent.setup();
  const { rerender } = render(vista('pedidos' in props ? props.pedidos : []));
  return { user, onActualizar, rerender: (p: PedidoTienda[]) => rerender(vista(p)) };
}

const tickets = () => screen.queryAllByRole('article');
const titulo = (ticket: HTMLElement) =>
  within(ticket).getByRole('heading', { level: 2 }).textContent;

/** The server: answers `/api/pedido/listo` with `listo(pedidoId)`, the list with `lista()`. */
function servidor(listo: (pedidoId: number) => Response, lista: () => PedidoTienda[] = () => []) {
  const llamadas: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as { pedidoId: number };
    llamadas.push({ url, body });
    if (url === '/api/pedido/listo') return listo(body.pedidoId);
    return new Response(JSON.stringify(lista()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return llamadas;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('the kitchen display', () => {
  it('shows the accepted orders as tickets, the one due first first, with what to cook', () => {
    pintar({
      pedidos: [
        aceptado(21, { listoEstimado: min(25) }),
        makePedido({ id: 22, status: 'NUEVO' }),
        aceptado(23, {
          listoEstimado: min(-3),
          entrega: ENTREGA_RECOGER,
          nota: 'Todo para llevar',
          pedidoDetalles: [lineaConOpciones({ cantidad: 3 }, [0, 10, 10])],
        }),
        aceptado(24, { listoEstimado: min(40), programadoPara: min(8) }),
        makePedido({ id: 25, status: 'COMPLETADO' }),
      ],
    });
    expect(tickets().map(titulo)).toEqual(['Pedido #23', 'Pedido #24', 'Pedido #21']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cocina· 3 en preparación');

    const [tarde, programado, normal] = tickets() as [HTMLElement, HTMLElement, HTMLElement];
    expect(tarde.textContent).toContain('Recoger en tienda');
    expect(within(tarde).getByText('Tarde por 3 min')).toBeTruthy();
    expect(within(tarde).getByRole('list', { name: 'Productos' }).textContent).toBe(
      '3 x Taco al pastorTortilla: HarinaExtras: Queso, AguacateNota: Sin cebolla',
    );
    expect(tarde.textContent).toContain('Nota del pedido: Todo para llevar');

    expect(within(programado).getByText('Para las 12:08')).toBeTruthy();
    expect(within(programado).getByText('Faltan 8 min')).toBeTruthy();
    expect(programado.textContent).toContain('A domicilio');

    expect(within(normal).getByText('Faltan 25 min')).toBeTruthy();
    expect(within(normal).queryByText(/Para las/)).toBeNull();
    // The kitchen never sees where it goes or how to call.
    expect(normal.textContent).not.toContain('Av. Juárez');
    expect(normal.textContent).not.toContain('5512345678');
    expect(within(normal).getByRole('button', { name: 'Listo, pedido #21' })).toBeTruthy();
  });

  it('says there is nothing to prepare, and shows the last ready orders', () => {
    pintar({
      pedidos: [
        makePedido({ id: 30, status: 'LISTO', listoEn: min(-12), nombreCompleto: 'Beto' }),
        makePedido({ id: 31, status: 'LISTO', listoEn: min(-2), nombreCompleto: 'Ana' }),
        makePedido({ id: 32, status: 'NUEVO' }),
      ],
    });
    expect(tickets()).toEqual([]);
    expect(screen.getByText('No hay pedidos en preparación')).toBeTruthy();
    const listos = screen.getByRole('region', { name: 'Listos' });
    expect(
      within(listos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#31 Ana · 11:58', '#30 Beto · 11:48']);
  });

  it('shows loading, then a failed load with its reason and a way to try again', async () => {
    const { rerender } = render(
      <PantallaCocina
        pedidos={undefined}
        error={undefined}
        conexion="conectando"
        actualizando
        onRefresh={() => undefined}
        now={NOW}
        timeZone={TZ}
        pantallaEncendida
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Cargando pedidos…');
    expect(screen.getByText('Conectando…')).toBeTruthy();
    expect(screen.getByText('La pantalla se mantiene encendida')).toBeTruthy();
    const onActualizar = vi.fn();
    rerender(
      <PantallaCocina
        pedidos={undefined}
        error={new Error('No hay conexión con el servidor.')}
        conexion="sin-conexion"
        actualizando={false}
        onRefresh={onActualizar}
        now={NOW}
        timeZone={TZ}
        pantallaEncendida={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('No hay conexión con el servidor.');
    expect(screen.getByText('Sin conexión')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onActualizar).toHaveBeenCalledTimes(1);
  });

  it('"Listo" says it is on its way, and the ticket leaves once the server answers', async () => {
    let responder: (r: Response) => void = () => undefined;
    const llamadas = servidor(
      () => new Promise<Response>((resolve) => (responder = resolve)) as unknown as Response,
    );
    const pedidos = [aceptado(41), aceptado(42, { listoEstimado: min(30) })];
    setQueryData(pedidosTiendaKey, pedidos);
    const { user, rerender } = pintar({ pedidos });
    // From the keyboard: Tab to the first ticket's button, Enter.
    await user.tab();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Listo, pedido #41');
    await user.keyboard('{Enter}');
    const boton = screen.getByRole('button', { name: 'Marcando…, pedido #41' });
    expect(boton.getAttribute('aria-disabled')).toBe('true');
    expect(boton.getAttribute('aria-busy')).toBe('true');
    expect(boton.textContent).toBe('Marcando…');
    expect(document.activeElement).toBe(boton);
    // A second tap while it is under way sends nothing more.
    await user.click(boton);
    expect(llamadas).toEqual([{ url: '/api/pedido/listo', body: { pedidoId: 41 } }]);
    // The other ticket can still be marked meanwhile.
    expect(
      screen.getByRole('button', { name: 'Listo, pedido #42' }).hasAttribute('aria-disabled'),
    ).toBe(false);

    responder(json(makePedido({ id: 41, status: 'LISTO', listoEn: min(0) })));
    await vi.waitFor(() =>
      expect(getQueryData<PedidoTienda[]>(pedidosTiendaKey)?.find((p) => p.id === 41)?.status).toBe(
        'LISTO',
      ),
    );
    // The screen shows what the shared list now holds.
    rerender(getQueryData<PedidoTienda[]>(pedidosTiendaKey) ?? []);
    expect(tickets().map(titulo)).toEqual(['Pedido #42']);
    // The keyboard stays in the display: on the next ticket's button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Listo, pedido #42' }));
    expect(within(screen.getByRole('region', { name: 'Listos' })).getByText('#41')).toBeTruthy();
  });

  it('on a 409 says the order changed elsewhere and reads the list again', async () => {
    servidor(() =>
      json({ code: 'ESTADO_INVALIDO', message: 'El pedido ya no está en estado NUEVO' }, 409),
    );
    const { user, onActualizar } = pintar({ pedidos: [aceptado(51)] });
    await user.click(screen.getByRole('button', { name: 'Listo, pedido #51' }));
    const aviso = await screen.findByRole('alert');
    expect(aviso.textContent).toContain(
      'El pedido #51 ya había cambiado en otro dispositivo. Actualizamos la lista.',
    );
    // The list is read again (routes/cocina.test.tsx follows it to the server).
    expect(onActualizar).toHaveBeenCalledTimes(1);
    // The button works again, and the notice goes when read.
    expect(
      screen.getByRole('button', { name: 'Listo, pedido #51' }).hasAttribute('aria-disabled'),
    ).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Entendido (pedido #51)' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('any other failure stays on its ticket and lets the cook try again', async () => {
    servidor(() => json({ code: 'ERROR_INTERNO', message: 'Algo salió mal' }, 500));
    const { user } = pintar({ pedidos: [aceptado(61)] });
    await user.click(screen.getByRole('button', { name: 'Listo, pedido #61' }));
    const ticket = tickets()[0] as HTMLElement;
    expect((await within(ticket).findByRole('alert')).textContent).toBe('Algo salió mal');
    expect(
      within(ticket)
        .getByRole('button', { name: 'Listo, pedido #61' })
        .hasAttribute('aria-disabled'),
    ).toBe(false);
  });

  it('reads out the tickets that arrive after the first load', () => {
    const { rerender } = pintar({ pedidos: [aceptado(71)] });
    const anuncio = () => document.querySelector('[aria-live="polite"]')?.textContent;
    expect(anuncio()).toBe('');
    rerender([aceptado(71), aceptado(72), makePedido({ id: 73, status: 'NUEVO' })]);
    expect(anuncio()).toBe('Nuevo pedido en cocina: #72');
    expect(tickets().map(titulo)).toEqual(['Pedido #71', 'Pedido #72']);
  });
});
