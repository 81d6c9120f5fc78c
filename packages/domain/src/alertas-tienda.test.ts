import { describe, expect, it } from 'vitest';
import {
  alertEnTimbre,
  INTERVALO_TIMBRE_MS,
  pedidosQueSuenan,
  pedidosSinAtender,
  silenceTimbre,
  textoAlertaDePedidos,
  TIMBRE_INICIAL,
  tituloConConteo,
  ringTimbre,
  type PedidoAlertable,
  type TimbreDePedidos,
} from './alertas-tienda.js';

function pedido(id: number, cambios: Partial<PedidoAlertable> = {}): PedidoAlertable {
  return {
    id,
    status: 'NUEVO',
    vistoEn: null,
    origen: 'WEB',
    montoTotal: 150.5,
    nombreCompleto: `Cliente ${id}`,
    ...cambios,
  };
}

describe('orders waiting for the owner', () => {
  it('are NUEVO, never opened and not typed by the owner, newest first', () => {
    const lista = [
      pedido(3),
      pedido(7),
      pedido(5, { vistoEn: '2026-11-25T10:00:00.000Z' }),
      pedido(8, { status: 'ACEPTADO' }),
      pedido(9, { status: 'CANCELADO' }),
      pedido(10, { origen: 'MANUAL' }),
    ];
    expect(pedidosSinAtender(lista).map((p) => p.id)).toEqual([7, 3]);
  });

  it('puts their count in front of the tab title and takes it away again', () => {
    expect(tituloConConteo('Pedidos · Tianguis', 2)).toBe('(2) Pedidos · Tianguis');
    expect(tituloConConteo('(2) Pedidos · Tianguis', 3)).toBe('(3) Pedidos · Tianguis');
    expect(tituloConConteo('(3) Pedidos · Tianguis', 0)).toBe('Pedidos · Tianguis');
    expect(tituloConConteo('Tianguis', 0)).toBe('Tianguis');
  });

  it('are told with the newest one’s number, total in pesos and shopper', () => {
    expect(textoAlertaDePedidos([])).toBeUndefined();
    expect(textoAlertaDePedidos([pedido(12, { montoTotal: 1234.5 })])).toEqual({
      titulo: 'Pedido nuevo #12',
      detalle: '$ 1,234.50 · Cliente 12',
    });
    expect(textoAlertaDePedidos([pedido(14), pedido(13), pedido(12)])).toEqual({
      titulo: '3 pedidos nuevos',
      detalle: 'El más reciente: #14 · $ 150.50 · Cliente 14',
    });
  });
});

describe('the bell', () => {
  /** Ticks every second from `desde` to `hasta` (ms) and answers when it rang. */
  function tocarCadaSegundo(
    inicio: TimbreDePedidos,
    sinAtender: readonly number[],
    desde: number,
    hasta: number,
  ): { timbre: TimbreDePedidos; toques: number[] } {
    let timbre = inicio;
    const toques: number[] = [];
    for (let now = desde; now <= hasta; now += 1000) {
      const paso = ringTimbre(timbre, sinAtender, now);
      timbre = paso.timbre;
      if (paso.tocar) toques.push(now);
    }
    return { timbre, toques };
  }

  it('rings at once for a new order, then every 5 s while it waits', () => {
    const timbre = alertEnTimbre(TIMBRE_INICIAL, [21]);
    const { timbre: despues, toques } = tocarCadaSegundo(timbre, [21], 100_000, 112_000);
    expect(INTERVALO_TIMBRE_MS).toBe(5_000);
    expect(toques).toEqual([100_000, 105_000, 110_000]);
    expect(despues.toques).toBe(3);
  });

  it('stops when the order is opened, accepted or cancelled (it no longer waits)', () => {
    let timbre = alertEnTimbre(TIMBRE_INICIAL, [21]);
    timbre = ringTimbre(timbre, [21], 0).timbre;
    const { toques } = tocarCadaSegundo(timbre, [], 1_000, 30_000);
    expect(toques).toEqual([]);
  });

  it('never rings for an order it was not told about (one already there when the page opened)', () => {
    expect(tocarCadaSegundo(TIMBRE_INICIAL, [5, 6], 0, 20_000).toques).toEqual([]);
    expect(pedidosQueSuenan(alertEnTimbre(TIMBRE_INICIAL, [6]), [5, 6])).toEqual([6]);
  });

  it('"Silenciar" quiets the orders ringing now; a later order rings again at once', () => {
    let timbre = alertEnTimbre(TIMBRE_INICIAL, [21]);
    timbre = ringTimbre(timbre, [21], 0).timbre;
    timbre = silenceTimbre(timbre, [21]);
    expect(pedidosQueSuenan(timbre, [21])).toEqual([]);
    expect(tocarCadaSegundo(timbre, [21], 1_000, 20_000).toques).toEqual([]);

    timbre = alertEnTimbre(timbre, [22]);
    const siguiente = tocarCadaSegundo(timbre, [22, 21], 21_000, 26_000);
    expect(siguiente.toques).toEqual([21_000, 26_000]);
    expect(pedidosQueSuenan(siguiente.timbre, [22, 21])).toEqual([22]);
  });

  it('after a quiet spell, the next alert is heard immediately', () => {
    let timbre = alertEnTimbre(TIMBRE_INICIAL, [1]);
    timbre = ringTimbre(timbre, [1], 0).timbre;
    timbre = ringTimbre(timbre, [], 1_000).timbre;
    timbre = alertEnTimbre(timbre, [2]);
    expect(ringTimbre(timbre, [2], 2_000).tocar).toBe(true);
  });

  it('a clock set back does not hold the bell until it catches up', () => {
    let timbre = alertEnTimbre(TIMBRE_INICIAL, [1]);
    timbre = ringTimbre(timbre, [1], 1_000_000).timbre;
    expect(ringTimbre(timbre, [1], 10_000).tocar).toBe(true);
  });
});
