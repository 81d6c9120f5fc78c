import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import { CargarAnteriores } from '../components/cargar-anteriores';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { pedidosTiendaKey, type PedidoTienda } from './get-pedidos-tienda';
import {
  updatePedidoAnterior,
  pedidosAnterioresKey,
  mergePedidos,
  usePedidosConAnteriores,
} from './pedidos-anteriores';

const ids = (list: readonly { id: number }[] | undefined) => list?.map((p) => p.id);

/** Orders `desde`..`hasta`, newest first. */
function pedidos(hasta: number, desde: number): PedidoTienda[] {
  const list: PedidoTienda[] = [];
  for (let id = hasta; id >= desde; id--) list.push(makePedido({ id }));
  return list;
}

/** The server: answers each older-page read from `answers`, in turn, and keeps the bodies. */
function server(answers: (PedidoTienda[] | 'falla')[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    const answer = answers.shift();
    if (answer === 'falla' || !answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return bodies;
}

/** The board's foot as /pedidos wires it, with a page of `porPagina` orders. */
function Tablero(props: { recientes: PedidoTienda[]; porPagina: number }) {
  const h = usePedidosConAnteriores(props.recientes, props.porPagina);
  return (
    <>
      <p data-testid="ids">{ids(h.pedidos)?.join(',')}</p>
      <CargarAnteriores
        hayMas={h.hayMas}
        cargando={h.cargando}
        error={h.error}
        cargados={h.cargados}
        onLoad={h.cargar}
      />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
});

describe('the owner’s older orders', () => {
  it('joins both lists newest first, the live copy winning', () => {
    const vivo = makePedido({ id: 5, status: 'COMPLETADO' });
    const viejo = makePedido({ id: 5, status: 'NUEVO' });
    const list = mergePedidos([makePedido({ id: 6 }), vivo], [viejo, makePedido({ id: 3 })]);
    expect(ids(list)).toEqual([6, 5, 3]);
    expect(list[1]).toBe(vivo);
  });

  it('shows no button while the live list is not a full page', () => {
    server([]);
    render(<Tablero recientes={pedidos(3, 1)} porPagina={5} />);
    expect(screen.queryByRole('button', { name: 'Cargar pedidos anteriores' })).toBeNull();
  });

  it('reads older pages with antes and limite, from the keyboard, until one comes short', async () => {
    // A full live page is PEDIDOS_POR_PAGINA (500) orders: 501..1000.
    const bodies = server([pedidos(500, 496), pedidos(495, 494)]);
    render(<Tablero recientes={pedidos(1000, 501)} porPagina={5} />);
    const boton = screen.getByRole('button', { name: 'Cargar pedidos anteriores' });
    boton.focus();
    await userEvent.keyboard('{Enter}');
    expect(bodies[0]).toEqual({ antes: 501, limite: 5 });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Se cargaron 5 pedidos anteriores',
    );
    expect(screen.getByTestId('ids').textContent?.split(',')).toHaveLength(505);
    expect(document.activeElement).toBe(boton);

    await userEvent.keyboard('{Enter}');
    expect(bodies[1]).toEqual({ antes: 496, limite: 5 });
    const fin = await screen.findByText('Ya se muestran todos los pedidos de tu tienda');
    expect(screen.queryByRole('button', { name: 'Cargar pedidos anteriores' })).toBeNull();
    expect(document.activeElement).toBe(fin);
    expect(screen.getByRole('status').textContent).toContain('Se cargaron 2 pedidos anteriores');
    expect(screen.getByTestId('ids').textContent?.split(',').at(-1)).toBe('494');
  });

  it('a failed read says why, keeps the button and its focus, and can be tried again', async () => {
    server(['falla', pedidos(500, 499)]);
    render(<Tablero recientes={pedidos(1000, 501)} porPagina={5} />);
    const boton = screen.getByRole('button', { name: 'Cargar pedidos anteriores' });
    boton.focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No hay conexión con el servidor',
    );
    expect(document.activeElement).toBe(boton);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Ya se muestran todos los pedidos de tu tienda')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the orders that new ones push out of the live list: no gap', async () => {
    server([pedidos(500, 499)]);
    const { rerender } = render(<Tablero recientes={pedidos(1000, 501)} porPagina={5} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cargar pedidos anteriores' }));
    await screen.findByText('Ya se muestran todos los pedidos de tu tienda');
    // Ten new orders: the live list is now 511..1010.
    rerender(<Tablero recientes={pedidos(1010, 511)} porPagina={5} />);
    const shown = screen.getByTestId('ids').textContent!.split(',').map(Number);
    expect(shown).toHaveLength(512);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown.at(-1)).toBe(499);
  });

  it('a changed older order is changed where it is kept too', () => {
    setQueryData(pedidosTiendaKey, pedidos(10, 6));
    setQueryData(pedidosAnterioresKey, { pedidos: pedidos(10, 1), fin: true });
    act(() => updatePedidoAnterior(makePedido({ id: 2, status: 'CANCELADO' })));
    const kept = getQueryData<{ pedidos: PedidoTienda[] }>(pedidosAnterioresKey);
    expect(kept?.pedidos.find((p) => p.id === 2)?.status).toBe('CANCELADO');
    // One it does not keep is not added.
    act(() => updatePedidoAnterior(makePedido({ id: 99 })));
    expect(ids(getQueryData<{ pedidos: PedidoTienda[] }>(pedidosAnterioresKey)?.pedidos)).toEqual(
      ids(pedidos(10, 1)),
    );
  });
});
