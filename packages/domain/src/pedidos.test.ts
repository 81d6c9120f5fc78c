import { describe, expect, it } from 'vitest';

import { formatPesos } from './money.js';
import {
  cambioDePago,
  countPedidosPorStatus,
  direccionDePedido,
  horaDePedido,
  normalizePedidoStatus,
  pedidoMessages,
  sortPedidos,
  totalesDeCanasta,
  whatsappUrl,
} from './pedidos.js';

describe('totalesDeCanasta', () => {
  it('adds lines in centavos: 3 × 33.33 + 15.5 of shipping is 115.49', () => {
    const t = totalesDeCanasta({
      montoMinimo: 100,
      costoDeEnvio: 15.5,
      lineas: [{ precio: 33.33, cantidad: 3 }],
    });
    expect(t).toEqual({
      subtotal: 9999,
      envio: 1550,
      total: 11549,
      minimo: 10000,
      cantidadDeArticulos: 3,
      alcanzaMinimo: false,
    });
    expect(formatPesos(t.total)).toBe('$ 115.49');
  });

  it('sums amounts a float sum gets wrong (0.1 + 0.2, 19.99 × 3)', () => {
    const t = totalesDeCanasta({
      montoMinimo: 0,
      costoDeEnvio: 0.29,
      lineas: [
        { precio: 0.1, cantidad: 1 },
        { precio: 0.2, cantidad: 1 },
        { precio: 19.99, cantidad: 3 },
      ],
    });
    expect(t.subtotal).toBe(6027);
    expect(t.total).toBe(6056);
  });

  it('the minimum counts the subtotal only, shipping left out, and equal is enough', () => {
    const exacto = totalesDeCanasta({
      montoMinimo: 99.99,
      costoDeEnvio: 50,
      lineas: [{ precio: 33.33, cantidad: 3 }],
    });
    expect(exacto.alcanzaMinimo).toBe(true);
    const corto = totalesDeCanasta({
      montoMinimo: 100,
      costoDeEnvio: 50,
      lineas: [{ precio: 33.33, cantidad: 3 }],
    });
    // 99.99 + 50 of shipping is over 100, yet the rule is not met.
    expect(corto.total).toBeGreaterThan(corto.minimo);
    expect(corto.alcanzaMinimo).toBe(false);
  });

  it('an empty basket totals its shipping and meets a zero minimum', () => {
    expect(totalesDeCanasta({ montoMinimo: 0, costoDeEnvio: 20, lineas: [] })).toMatchObject({
      subtotal: 0,
      total: 2000,
      alcanzaMinimo: true,
    });
  });

  it("keeps the first edition's checkout message word for word", () => {
    expect(pedidoMessages.montoMinimo).toBe(
      'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)',
    );
  });
});

describe('sortPedidos', () => {
  const p = (id: number, status: string, fecha: string) => ({ id, status, fecha });

  it('puts NUEVO, then CANCELADO, then COMPLETADO, unknown last; newest first within each', () => {
    const pedidos = [
      p(1, 'COMPLETADO', '2025-03-01T10:00:00-06:00'),
      p(2, 'ENVIADO', '2025-03-09T10:00:00-06:00'),
      p(3, 'NUEVO', '2025-03-02T10:00:00-06:00'),
      p(4, 'CANCELADO', '2025-03-03T10:00:00-06:00'),
      p(5, 'NUEVO', '2025-03-05T10:00:00-06:00'),
      p(6, 'COMPLETADO', '2025-03-08T10:00:00-06:00'),
      p(7, 'CANCELADO', '2025-03-01T09:00:00-06:00'),
    ];
    expect(sortPedidos(pedidos).map((x) => x.id)).toEqual([5, 3, 4, 7, 6, 1, 2]);
    // The input is left as it was.
    expect(pedidos[0]?.id).toBe(1);
  });

  it('compares instants, not text: offsets are honoured', () => {
    // 10:00 at -06:00 is 16:00 UTC, later than 15:00Z.
    const pedidos = [
      p(1, 'NUEVO', '2025-03-01T15:00:00Z'),
      p(2, 'NUEVO', '2025-03-01T10:00:00-06:00'),
    ];
    expect(sortPedidos(pedidos).map((x) => x.id)).toEqual([2, 1]);
  });

  it('an unreadable date goes after the dated ones; equal dates put the newer id first', () => {
    const pedidos = [
      p(1, 'NUEVO', 'mañana'),
      p(2, 'NUEVO', '2025-03-01T10:00:00Z'),
      p(3, 'NUEVO', '2025-03-01T10:00:00Z'),
    ];
    expect(sortPedidos(pedidos).map((x) => x.id)).toEqual([3, 2, 1]);
  });
});

describe('countPedidosPorStatus and normalizePedidoStatus', () => {
  it('counts the three tiles by exact status', () => {
    const pedidos = ['NUEVO', 'NUEVO', 'COMPLETADO', 'CANCELADO', 'CANCELADO', 'CANCELADO'].map(
      (status) => ({ status }),
    );
    expect(countPedidosPorStatus(pedidos)).toEqual({ activos: 2, completados: 1, cancelados: 3 });
    expect(countPedidosPorStatus([])).toEqual({ activos: 0, completados: 0, cancelados: 0 });
  });

  it('shows any unknown status as NUEVO', () => {
    expect(normalizePedidoStatus('COMPLETADO')).toBe('COMPLETADO');
    expect(normalizePedidoStatus('CANCELADO')).toBe('CANCELADO');
    expect(normalizePedidoStatus('EN_CAMINO')).toBe('NUEVO');
    expect(normalizePedidoStatus(undefined)).toBe('NUEVO');
  });
});

describe('WhatsApp', () => {
  const texto = 'Hola, acabo de hacer el pedido #12 en Taquería Lupe:\n1 x Agua de jamaica & limón';

  it('links to the Mexican number with the text encoded', () => {
    const url = whatsappUrl('55 1234 5678', texto);
    expect(url).toBe(`https://wa.me/525512345678?text=${encodeURIComponent(texto)}`);
    expect(url).toContain('%26%20lim%C3%B3n');
    expect(decodeURIComponent(new URL(url ?? '').searchParams.get('text') ?? '')).toBe(texto);
  });

  it('offers no link without a 10-digit number', () => {
    expect(whatsappUrl('', 'hola')).toBeUndefined();
    expect(whatsappUrl('12345', 'hola')).toBeUndefined();
  });
});

describe('a placed order as the shop and the shopper read it', () => {
  it('horaDePedido: HH:MM on the given clock, undefined when missing or unreadable', () => {
    expect(horaDePedido('2025-03-05T20:35:00Z', 'America/Mexico_City')).toBe('14:35');
    expect(horaDePedido('2025-03-05T06:05:00Z', 'UTC')).toBe('06:05');
    expect(horaDePedido('2025-03-06T06:00:00Z', 'America/Mexico_City')).toBe('00:00');
    expect(horaDePedido(null, 'UTC')).toBeUndefined();
    expect(horaDePedido('', 'UTC')).toBeUndefined();
    expect(horaDePedido('mañana', 'UTC')).toBeUndefined();
  });

  it("direccionDePedido: the order's address, else the account's, trimmed", () => {
    expect(direccionDePedido({ entrega: { direccion: ' Pino 12 ' }, direccionEntrega: 'X' })).toBe(
      'Pino 12',
    );
    expect(direccionDePedido({ entrega: { direccion: null }, direccionEntrega: 'Roble 3' })).toBe(
      'Roble 3',
    );
    expect(direccionDePedido({ entrega: { direccion: null }, direccionEntrega: null })).toBe('');
  });

  it('cambioDePago: cash with a note amount, in centavos; nothing for other payments', () => {
    expect(cambioDePago({ metodo: 'EFECTIVO', pagaCon: 500, cambio: 64.51 })).toEqual({
      pagaCon: 50000,
      cambio: 6451,
    });
    expect(cambioDePago({ metodo: 'EFECTIVO', pagaCon: 100, cambio: null })).toEqual({
      pagaCon: 10000,
      cambio: null,
    });
    expect(cambioDePago({ metodo: 'EFECTIVO', pagaCon: null, cambio: null })).toBeUndefined();
    expect(cambioDePago({ metodo: 'TERMINAL', pagaCon: 500, cambio: 10 })).toBeUndefined();
    expect(cambioDePago(undefined)).toBeUndefined();
  });
});
