import { describe, expect, it } from 'vitest';
import {
  countPedidosPorTab,
  filterPedidosDeTienda,
  FILTROS_INICIALES,
  formatFechaPedido,
  formatMostrando,
  hasFiltrosActivos,
  isPedidoDesatendido,
  isEnRangoDeFecha,
  mapsSearchUrl,
  matchesBusquedaDeUsuario,
  mergePedido,
  pedidoTiendaStatusLabel,
  recordCargaDePedidos,
  recordEventoDePedido,
  totalesDePedidoTienda,
  VIGIA_INICIAL,
  whatsappClienteUrl,
  type FiltroFecha,
  type PedidoFiltrable,
} from './pedidos-tienda.js';

const TZ = 'America/Mexico_City';
// Wednesday 2025-03-12, 10:00 in Mexico City (UTC-6 all year since 2022).
const NOW = new Date('2025-03-12T16:00:00Z');

function pedido(over: Partial<PedidoFiltrable> & { id: number }): PedidoFiltrable {
  return {
    status: 'NUEVO',
    fecha: '2025-03-12T15:00:00Z',
    nombreCompleto: 'Ana López',
    celular: '5512345678',
    ...over,
  };
}

describe('date filters in the shop time zone', () => {
  // Each case: [fecha, filtro, zona, shown] checks of isEnRangoDeFecha at NOW.
  it.each<[string, [string, FiltroFecha, string, boolean][]]>([
    [
      // 05:59 UTC on the 12th is still the 11th, 23:59, in Mexico City.
      'Hoy starts at local midnight, not UTC midnight',
      [
        ['2025-03-12T05:59:59Z', 'HOY', TZ, false],
        ['2025-03-12T06:00:00Z', 'HOY', TZ, true],
        ['2025-03-12T05:59:59-06:00', 'HOY', TZ, true],
      ],
    ],
    [
      'the same instant is today in another zone only by that zone',
      [
        ['2025-03-12T05:00:00Z', 'HOY', 'UTC', true],
        ['2025-03-12T05:00:00Z', 'HOY', TZ, false],
      ],
    ],
    [
      'Esta semana is today and the 6 days before',
      [
        ['2025-03-06T06:00:00Z', 'SEMANA', TZ, true],
        ['2025-03-06T05:59:59Z', 'SEMANA', TZ, false],
      ],
    ],
    [
      // 30 days ending on March 12 start on February 11.
      'Este mes is today and the 29 days before, across the month end',
      [
        ['2025-02-11T06:00:00Z', 'MES', TZ, true],
        ['2025-02-11T05:59:59Z', 'MES', TZ, false],
      ],
    ],
    [
      'Todas takes anything; other filters drop an unreadable date',
      [
        ['no es fecha', 'TODAS', TZ, true],
        ['no es fecha', 'MES', TZ, false],
      ],
    ],
    [
      'an order stamped a little ahead of the device clock is still shown',
      [['2025-03-13T07:00:00Z', 'HOY', TZ, true]],
    ],
  ])('%s', (_title, checks) => {
    for (const [fecha, filtro, zona, shown] of checks) {
      expect(isEnRangoDeFecha(fecha, filtro, NOW, zona)).toBe(shown);
    }
  });
});

describe('search by user', () => {
  const p = pedido({ id: 1, nombreCompleto: 'José Pérez', celular: '55-1234-5678' });

  it('finds the name ignoring case and accents', () => {
    expect(matchesBusquedaDeUsuario(p, 'jose')).toBe(true);
    expect(matchesBusquedaDeUsuario(p, '  PÉREZ ')).toBe(true);
    expect(matchesBusquedaDeUsuario(p, 'maria')).toBe(false);
  });

  it('finds the phone by its digits, however it is typed', () => {
    expect(matchesBusquedaDeUsuario(p, '5512')).toBe(true);
    expect(matchesBusquedaDeUsuario(p, '1234 5678')).toBe(true);
    expect(matchesBusquedaDeUsuario(p, '99')).toBe(false);
  });

  it('an empty search matches everything', () => {
    expect(matchesBusquedaDeUsuario(p, '   ')).toBe(true);
  });
});

describe('filterPedidosDeTienda', () => {
  const pedidos = [
    pedido({ id: 1, status: 'NUEVO', nombreCompleto: 'Ana', fecha: '2025-03-01T18:00:00Z' }),
    pedido({ id: 2, status: 'NUEVO', nombreCompleto: 'Beto' }),
    pedido({ id: 3, status: 'NUEVO', nombreCompleto: 'Ana María' }),
    pedido({ id: 4, status: 'COMPLETADO' }),
    pedido({ id: 5, status: 'ENVIADO' }),
  ];

  it('shows the tab newest first and counts each tab', () => {
    const r = filterPedidosDeTienda(pedidos, FILTROS_INICIALES, NOW, TZ);
    expect(r.visibles.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(r.totalEnTab).toBe(3);
    expect(r.conteo).toEqual({ ACTIVOS: 3, COMPLETADOS: 1, CANCELADOS: 0, SIN_ATENDER: 0 });
    expect(r.vacio).toBeUndefined();
  });

  it('narrows by search and date; the total stays the tab total', () => {
    const r = filterPedidosDeTienda(
      pedidos,
      { tab: 'ACTIVOS', busqueda: 'ana', fecha: 'HOY' },
      NOW,
      TZ,
    );
    expect(r.visibles.map((p) => p.id)).toEqual([3]);
    expect(formatMostrando(r.visibles.length, r.totalEnTab)).toBe('Mostrando 1 de 3 pedidos');
  });

  it('says which tab is empty, or that the filters found nothing', () => {
    expect(
      filterPedidosDeTienda(pedidos, { ...FILTROS_INICIALES, tab: 'CANCELADOS' }, NOW, TZ).vacio,
    ).toBe('No hay pedidos cancelados');
    expect(filterPedidosDeTienda([], FILTROS_INICIALES, NOW, TZ).vacio).toBe(
      'No hay pedidos activos',
    );
    expect(
      filterPedidosDeTienda([], { ...FILTROS_INICIALES, tab: 'COMPLETADOS' }, NOW, TZ).vacio,
    ).toBe('No hay pedidos completados');
    expect(
      filterPedidosDeTienda(pedidos, { ...FILTROS_INICIALES, busqueda: 'zoe' }, NOW, TZ).vacio,
    ).toBe('No se encontraron pedidos con los filtros aplicados');
  });

  it('an unknown status is counted in no tab and labelled Desconocido', () => {
    expect(countPedidosPorTab([{ status: 'ENVIADO' }])).toEqual({
      ACTIVOS: 0,
      COMPLETADOS: 0,
      CANCELADOS: 0,
      SIN_ATENDER: 0,
    });
    expect(pedidoTiendaStatusLabel('ENVIADO')).toBe('Desconocido');
    expect(pedidoTiendaStatusLabel('CANCELADO')).toBe('Cancelado');
  });

  it('only search and date count as filters to clear', () => {
    expect(hasFiltrosActivos({ ...FILTROS_INICIALES, tab: 'CANCELADOS' })).toBe(false);
    expect(hasFiltrosActivos({ ...FILTROS_INICIALES, fecha: 'MES' })).toBe(true);
    expect(hasFiltrosActivos({ ...FILTROS_INICIALES, busqueda: ' x ' })).toBe(true);
  });
});

describe('new-order alerts: the first polls never alert', () => {
  const a = { id: 1, status: 'NUEVO' };
  const b = { id: 2, status: 'NUEVO' };
  const c = { id: 3, status: 'NUEVO' };

  it('the first two loads alert nothing, then only unseen NUEVO orders alert once', () => {
    const uno = recordCargaDePedidos(VIGIA_INICIAL, [a]);
    expect(uno.nuevos).toEqual([]);
    const dos = recordCargaDePedidos(uno.vigia, [b, a]);
    expect(dos.nuevos).toEqual([]);
    const tres = recordCargaDePedidos(dos.vigia, [c, b, a, { id: 4, status: 'CANCELADO' }]);
    expect(tres.nuevos).toEqual([c]);
    const cuatro = recordCargaDePedidos(tres.vigia, [c, b, a]);
    expect(cuatro.nuevos).toEqual([]);
  });

  it('a status change of a known order is not a new order', () => {
    let vigia = recordCargaDePedidos(VIGIA_INICIAL, [a]).vigia;
    vigia = recordCargaDePedidos(vigia, [a]).vigia;
    expect(recordCargaDePedidos(vigia, [{ id: 1, status: 'COMPLETADO' }]).nuevos).toEqual([]);
  });

  it('a live event alerts at once for an unseen order, and never twice', () => {
    const cargado = recordCargaDePedidos(VIGIA_INICIAL, [a]).vigia;
    const evento = recordEventoDePedido(cargado, b);
    expect(evento.nuevos).toEqual([b]);
    expect(recordEventoDePedido(evento.vigia, b).nuevos).toEqual([]);
    expect(recordEventoDePedido(cargado, a).nuevos).toEqual([]);
    // The poll that follows already knows it.
    const poll = recordCargaDePedidos(recordCargaDePedidos(evento.vigia, [b, a]).vigia, [b, a]);
    expect(poll.nuevos).toEqual([]);
  });

  it('does not change the state it was given', () => {
    recordCargaDePedidos(VIGIA_INICIAL, [a]);
    expect(VIGIA_INICIAL.vistos.size).toBe(0);
    expect(VIGIA_INICIAL.cargas).toBe(0);
  });
});

describe('detail helpers', () => {
  it('totals: sum of lines plus delivery, in centavos, without float drift', () => {
    const t = totalesDePedidoTienda({
      costoDeEnvio: 25.5,
      pedidoDetalles: [
        { cantidad: 3, precio: 19.99 },
        { cantidad: 1, precio: 0.29 },
      ],
    });
    expect(t).toEqual({ subtotal: 6026, cantidadDeArticulos: 4, envio: 2550, total: 8576 });
  });

  it('merges an order into the list by id, newest first', () => {
    const list = [
      { id: 3, status: 'NUEVO' },
      { id: 1, status: 'NUEVO' },
    ];
    expect(mergePedido(list, { id: 2, status: 'NUEVO' }).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(mergePedido(list, { id: 1, status: 'COMPLETADO' })).toEqual([
      { id: 3, status: 'NUEVO' },
      { id: 1, status: 'COMPLETADO' },
    ]);
  });

  it('links: maps search and WhatsApp with the Mexican prefix', () => {
    expect(mapsSearchUrl(' Av. Juárez 10, Centro ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Av.%20Ju%C3%A1rez%2010%2C%20Centro',
    );
    expect(whatsappClienteUrl('55-1234-5678')).toBe('https://wa.me/525512345678');
    expect(whatsappClienteUrl('123')).toBeUndefined();
  });

  it('dates on the shop wall clock', () => {
    expect(formatFechaPedido('2025-03-12T06:05:00Z', TZ)).toBe('12/03/25 00:05');
    expect(formatFechaPedido('2025-03-12T06:05:00Z', TZ, 'completa')).toBe('12/03/2025 00:05');
    expect(formatFechaPedido('x', TZ)).toBe('x');
  });
});

describe('sin atender: escalated, or cancelled without being seen', () => {
  const base = { fecha: '2025-03-12T15:00:00Z', nombreCompleto: 'Ana', celular: '5512345678' };
  it('is the one rule the tab and its count use', () => {
    expect(isPedidoDesatendido({ status: 'NUEVO', escalado: true, vistoEn: null })).toBe(true);
    expect(isPedidoDesatendido({ status: 'COMPLETADO', escalado: true, vistoEn: 'x' })).toBe(true);
    expect(isPedidoDesatendido({ status: 'CANCELADO', escalado: false, vistoEn: null })).toBe(true);
    expect(isPedidoDesatendido({ status: 'CANCELADO', escalado: false, vistoEn: 'x' })).toBe(false);
    expect(isPedidoDesatendido({ status: 'NUEVO', escalado: false, vistoEn: null })).toBe(false);
    expect(isPedidoDesatendido({ status: 'ACEPTADO', escalado: false, vistoEn: null })).toBe(false);

    const pedidos = [
      { ...base, id: 1, status: 'NUEVO', escalado: true, vistoEn: null },
      { ...base, id: 2, status: 'NUEVO', escalado: false, vistoEn: null },
      { ...base, id: 3, status: 'CANCELADO', escalado: false, vistoEn: null },
      { ...base, id: 4, status: 'CANCELADO', escalado: false, vistoEn: '2025-03-12T15:01:00Z' },
    ];
    const sinAtender = filterPedidosDeTienda(
      pedidos,
      { ...FILTROS_INICIALES, tab: 'SIN_ATENDER' },
      NOW,
      TZ,
    );
    expect(sinAtender.visibles.map((p) => p.id)).toEqual([3, 1]);
    expect(sinAtender.conteo).toEqual({
      ACTIVOS: 2,
      COMPLETADOS: 0,
      CANCELADOS: 2,
      SIN_ATENDER: 2,
    });
    expect(
      filterPedidosDeTienda([pedidos[1]!], { ...FILTROS_INICIALES, tab: 'SIN_ATENDER' }, NOW, TZ)
        .vacio,
    ).toBe('No hay pedidos sin atender');
  });
});
