import { describe, expect, it } from 'vitest';
import {
  BORRADOR_VIGENCIA_MS,
  deleteBorrador,
  claveDeBorrador,
  conBorrador,
  saveBorrador,
  readBorrador,
} from './borrador';
import type { CheckoutValues } from './logic/checkout-values';

const AHORA = Date.UTC(2026, 10, 22, 18, 0);

const inicio: CheckoutValues = {
  nombreCompleto: 'Ana López',
  celular: '5588776655',
  tipoEntrega: 'RECOGER',
  direccion: '',
  referencias: '',
  colonia: '',
  codigoPostal: '',
  metodoPago: 'EFECTIVO',
  pagaCon: '',
  nota: '',
};

const todo = { recoger: true, domicilio: true };
const pagos = { efectivo: true, terminal: true, transferencia: null };

describe('borrador del checkout', () => {
  it('keeps what was typed per shop, as typed', () => {
    saveBorrador(7, undefined, { pagaCon: '$ 500', tipoEntrega: 'DOMICILIO' }, AHORA);
    saveBorrador(8, undefined, { nota: 'Sin cebolla' }, AHORA);
    expect(readBorrador(7, undefined, AHORA)).toEqual({
      pagaCon: '$ 500',
      tipoEntrega: 'DOMICILIO',
    });
    expect(readBorrador(8, undefined, AHORA)).toEqual({ nota: 'Sin cebolla' });
    expect(readBorrador(9, undefined, AHORA)).toEqual({});
  });

  it("a visitor's draft is offered after signing in; an account's to that account only", () => {
    saveBorrador(7, undefined, { nombreCompleto: 'Ana' }, AHORA);
    expect(readBorrador(7, 41, AHORA)).toEqual({ nombreCompleto: 'Ana' });

    saveBorrador(7, 41, { nombreCompleto: 'Ana', direccion: 'Pino 12' }, AHORA);
    expect(readBorrador(7, 41, AHORA)).toEqual({ nombreCompleto: 'Ana', direccion: 'Pino 12' });
    expect(readBorrador(7, undefined, AHORA)).toEqual({});
    expect(readBorrador(7, 42, AHORA)).toEqual({});
  });

  it('is gone once ordered, and after a day untouched', () => {
    saveBorrador(7, undefined, { nota: 'Tocar el timbre' }, AHORA);
    deleteBorrador(7);
    expect(localStorage.getItem(claveDeBorrador(7))).toBeNull();

    saveBorrador(7, undefined, { nota: 'Tocar el timbre' }, AHORA);
    expect(readBorrador(7, undefined, AHORA + BORRADOR_VIGENCIA_MS - 1)).toEqual({
      nota: 'Tocar el timbre',
    });
    expect(readBorrador(7, undefined, AHORA + BORRADOR_VIGENCIA_MS)).toEqual({});
    // Saving another shop's draft forgets the expired ones.
    saveBorrador(8, undefined, { nota: 'x' }, AHORA + BORRADOR_VIGENCIA_MS);
    expect(localStorage.getItem(claveDeBorrador(7))).toBeNull();
    expect(localStorage.getItem(claveDeBorrador(8))).not.toBeNull();
  });

  it('reads only what a form could have written', () => {
    localStorage.setItem(claveDeBorrador(7), '{no es json');
    expect(readBorrador(7, undefined, AHORA)).toEqual({});
    localStorage.setItem(
      claveDeBorrador(7),
      JSON.stringify({
        cuenta: null,
        guardado: AHORA,
        valores: {
          nombreCompleto: 42,
          celular: '5588776655',
          tipoEntrega: 'DRON',
          metodoPago: 'TERMINAL',
          nota: 'x'.repeat(5000),
          numeroDeTarjeta: '4111111111111111',
        },
      }),
    );
    expect(readBorrador(7, undefined, AHORA)).toEqual({
      celular: '5588776655',
      metodoPago: 'TERMINAL',
    });
  });

  it('goes over the starting values; a choice the shop no longer offers is left out', () => {
    expect(
      conBorrador(
        inicio,
        { celular: '', tipoEntrega: 'DOMICILIO', metodoPago: 'TERMINAL', pagaCon: '500' },
        { entrega: todo, pagos },
      ),
    ).toEqual({
      ...inicio,
      celular: '',
      tipoEntrega: 'DOMICILIO',
      metodoPago: 'TERMINAL',
      pagaCon: '500',
    });
    expect(
      conBorrador(
        inicio,
        { tipoEntrega: 'DOMICILIO', metodoPago: 'TERMINAL' },
        { entrega: { recoger: true, domicilio: false }, pagos: { ...pagos, terminal: false } },
      ),
    ).toEqual(inicio);
  });

  it('a full or refused storage loses the draft, never the form', () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('lleno', 'QuotaExceededError');
    };
    try {
      expect(() => saveBorrador(7, undefined, { nota: 'x' }, AHORA)).not.toThrow();
    } finally {
      Storage.prototype.setItem = original;
    }
    expect(readBorrador(7, undefined, AHORA)).toEqual({});
  });
});
