import { describe, expect, it } from 'vitest';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { comandasDeCocina, listosRecientes, tiempoDeComanda, vencimientoDe } from './cocina';

const NOW = Date.parse('2026-12-02T18:00:00Z');
const min = (m: number) => new Date(NOW + m * 60_000).toISOString();

describe('the kitchen display’s rules', () => {
  it('lists accepted orders only, the one due first first: its slot, else its ready time', () => {
    const pedidos = [
      makePedido({ id: 1, status: 'ACEPTADO', listoEstimado: min(25) }),
      makePedido({ id: 2, status: 'NUEVO', listoEstimado: null }),
      makePedido({ id: 3, status: 'ACEPTADO', listoEstimado: min(30), programadoPara: min(5) }),
      makePedido({ id: 4, status: 'LISTO', listoEstimado: min(-10) }),
      makePedido({ id: 5, status: 'ACEPTADO', listoEstimado: min(-3) }),
      makePedido({ id: 6, status: 'COMPLETADO', listoEstimado: min(1) }),
      makePedido({ id: 7, status: 'CANCELADO', listoEstimado: min(1) }),
    ];
    expect(comandasDeCocina(pedidos).map((p) => p.id)).toEqual([5, 3, 1]);
  });

  it('orders due at the same time go by id; one without a due time goes last, by when placed', () => {
    const pedidos = [
      makePedido({ id: 12, status: 'ACEPTADO', listoEstimado: min(10) }),
      makePedido({ id: 9, status: 'ACEPTADO', listoEstimado: null, fecha: min(-2) }),
      makePedido({ id: 8, status: 'ACEPTADO', listoEstimado: null, fecha: min(-5) }),
      makePedido({ id: 11, status: 'ACEPTADO', listoEstimado: min(10) }),
      makePedido({ id: 10, status: 'ACEPTADO', listoEstimado: 'no es una fecha', fecha: min(-1) }),
    ];
    expect(comandasDeCocina(pedidos).map((p) => p.id)).toEqual([11, 12, 8, 9, 10]);
    expect(vencimientoDe(pedidos[2]!)).toBeNaN();
  });

  it('says the minutes left, rounded up, and the minutes late', () => {
    expect(tiempoDeComanda(NOW + 8 * 60_000, NOW)).toEqual({ texto: 'Faltan 8 min', tarde: false });
    expect(tiempoDeComanda(NOW + 7 * 60_000 + 1_000, NOW)?.texto).toBe('Faltan 8 min');
    expect(tiempoDeComanda(NOW + 1_000, NOW)?.texto).toBe('Faltan 1 min');
    expect(tiempoDeComanda(NOW, NOW)).toEqual({ texto: 'Es la hora', tarde: false });
    expect(tiempoDeComanda(NOW - 59_000, NOW)?.texto).toBe('Es la hora');
    expect(tiempoDeComanda(NOW - 3 * 60_000, NOW)).toEqual({
      texto: 'Tarde por 3 min',
      tarde: true,
    });
    expect(tiempoDeComanda(NOW - 3 * 60_000 - 59_000, NOW)?.texto).toBe('Tarde por 3 min');
    expect(tiempoDeComanda(NOW + 80 * 60_000, NOW)?.texto).toBe('Faltan 1 h 20 min');
    expect(tiempoDeComanda(NOW - 120 * 60_000, NOW)?.texto).toBe('Tarde por 2 h');
    expect(tiempoDeComanda(Number.NaN, NOW)).toBeUndefined();
  });

  it('keeps the last ready orders in sight, newest first', () => {
    const pedidos = [
      makePedido({ id: 1, status: 'LISTO', listoEn: min(-30) }),
      makePedido({ id: 2, status: 'LISTO', listoEn: min(-1) }),
      makePedido({ id: 3, status: 'ACEPTADO', listoEn: null }),
      makePedido({ id: 4, status: 'LISTO', listoEn: min(-10) }),
      makePedido({ id: 5, status: 'COMPLETADO', listoEn: min(0) }),
    ];
    expect(listosRecientes(pedidos).map((p) => p.id)).toEqual([2, 4, 1]);
    expect(listosRecientes(pedidos, 2).map((p) => p.id)).toEqual([2, 4]);
  });
});
