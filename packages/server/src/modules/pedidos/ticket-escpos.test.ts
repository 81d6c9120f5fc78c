import { describe, expect, it } from 'vitest';
import { decodeEscPos, textoDe, type Comando } from '../../../test/escpos-decoder.js';
import { encodeTicket } from './ticket-escpos.js';
import { centrado, wrapText, type LineaTicket } from './ticket-lineas.js';

// The ticket's bytes (docs/api.md, "Staff and the kitchen"): ESC @, ESC t 16 before any text,
// the text in windows-1252, bold and double height where the lines say, a full cut at the end.

const linea = (texto: string, estilo: Partial<LineaTicket> = {}): LineaTicket => ({
  texto,
  negrita: false,
  alta: false,
  ...estilo,
});

const LINEAS: LineaTicket[] = [
  ...centrado('Jugos Begoña', 32).map((t) => linea(t, { negrita: true })),
  ...centrado('Pedido #12', 32).map((t) => linea(t, { negrita: true, alta: true })),
  linea('Cliente: Begoña Núñez'),
  ...wrapText('2 x Piña colada con chía y un poquito de azúcar morena', 32, 0, 4).map((t) =>
    linea(t),
  ),
  linea('-'.repeat(32)),
  linea(`TOTAL${' '.repeat(20)}$ 90.00`, { negrita: true }),
];

const indexOf = (comandos: Comando[], test: (c: Comando) => boolean) => comandos.findIndex(test);

describe('encodeTicket', () => {
  it('initialises, selects WPC1252 before any text, and ends with a full cut', () => {
    const bytes = encodeTicket(LINEAS, 32);
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const { comandos } = decodeEscPos(bytes);
    expect(comandos[0]).toEqual({ tipo: 'inicializar' });
    const codepage = indexOf(comandos, (c) => c.tipo === 'codepage');
    const primerTexto = indexOf(comandos, (c) => c.tipo === 'texto');
    expect(comandos[codepage]).toEqual({ tipo: 'codepage', n: 16 });
    expect(codepage).toBeLessThan(primerTexto);
    expect(comandos.filter((c) => c.tipo === 'codepage')).toEqual([{ tipo: 'codepage', n: 16 }]);
    const corte = indexOf(comandos, (c) => c.tipo === 'corte');
    expect(comandos[corte]).toEqual({ tipo: 'corte', total: true });
    // Nothing but line feeds after the cut; the paper was fed past the cutter before it.
    expect(comandos.slice(corte + 1).every((c) => c.tipo === 'salto')).toBe(true);
    expect(comandos.slice(corte - 4, corte).every((c) => c.tipo === 'salto')).toBe(true);
  });

  it('prints the lines as given, in windows-1252 (ñ is 0xF1, á 0xE1), none wider than 32', () => {
    const bytes = encodeTicket(LINEAS, 32);
    const impreso = decodeEscPos(bytes);
    const texto = textoDe(impreso).filter((t) => t !== '');
    expect(texto).toEqual(LINEAS.map((l) => l.texto));
    for (const l of impreso.lineas) expect(l.columnas).toBeLessThanOrEqual(32);
    const hex = Buffer.from(bytes).toString('hex');
    // 'Piña' and 'Núñez' as windows-1252 bytes, never as UTF-8 (0xC3 …).
    expect(hex).toContain(Buffer.from([0x50, 0x69, 0xf1, 0x61]).toString('hex'));
    expect(hex).toContain(Buffer.from([0x4e, 0xfa, 0xf1, 0x65, 0x7a]).toString('hex'));
    expect(bytes.includes(0xc3)).toBe(false);
    const azucar = Buffer.from('azúcar', 'latin1').toString('hex');
    expect(azucar).toContain('fa');
    expect(hex).toContain(azucar);
  });

  it('bold and double height where the lines say, and only there', () => {
    const impreso = decodeEscPos(encodeTicket(LINEAS, 32)).lineas.filter((l) => l.texto !== '');
    expect(impreso.map((l) => [l.texto.trim(), l.negrita, l.alta])).toEqual(
      LINEAS.map((l) => [l.texto.trim(), l.negrita, l.alta]),
    );
  });

  it('48 columns: a full line stays one line', () => {
    const lineas = [linea('x'.repeat(48)), linea('fin')];
    expect(textoDe(decodeEscPos(encodeTicket(lineas, 48))).slice(0, 2)).toEqual([
      'x'.repeat(48),
      'fin',
    ]);
  });
});
