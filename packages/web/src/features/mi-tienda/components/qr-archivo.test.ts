import { describe, expect, it } from 'vitest';
import { qrFileName } from './qr-archivo';

describe('qrFileName', () => {
  it('names the PNG by the shop and the local date and time, zero-padded', () => {
    expect(qrFileName('taqueria-lupe', new Date(2026, 10, 22, 14, 5, 9))).toBe(
      'qr-taqueria-lupe-2026-11-22_14-05-09.png',
    );
    expect(qrFileName('pan.dulce_2', new Date(2027, 0, 3, 0, 0, 0))).toBe(
      'qr-pan.dulce_2-2027-01-03_00-00-00.png',
    );
  });

  it('keeps only characters every file system accepts', () => {
    expect(qrFileName('Café Ñandú/1', new Date(2026, 0, 1, 9, 30, 0))).toBe(
      'qr-caf-and-1-2026-01-01_09-30-00.png',
    );
    expect(qrFileName('', new Date(2026, 0, 1, 9, 30, 0))).toBe(
      'qr-tienda-2026-01-01_09-30-00.png',
    );
  });
});
