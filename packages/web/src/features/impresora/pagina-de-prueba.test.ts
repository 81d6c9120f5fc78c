import { afterEach, describe, expect, it } from 'vitest';
import { disconnectImpresora, printBytes, setTransporte } from './impresora-store';
import { createPaginaDePrueba, formatFechaTicket, reglaDeColumnas } from './pagina-de-prueba';
import { decodeEscPos, ultimoComando } from '#test/impresora/escpos';
import { TransporteGrabador } from '#test/impresora/transporte-grabador';

afterEach(async () => {
  await disconnectImpresora();
});

const ACENTOS_1252 = [0xe1, 0xe9, 0xed, 0xf3, 0xfa, 0x20, 0xf1, 0x20, 0xd1, 0x20, 0xbf, 0xa1];

function contiene(bytes: number[], parte: number[]): boolean {
  for (let i = 0; i + parte.length <= bytes.length; i++) {
    if (parte.every((b, j) => bytes[i + j] === b)) return true;
  }
  return false;
}

describe('the test page', () => {
  for (const [ancho, columnas] of [
    [58, 32],
    [80, 48],
  ] as const) {
    it(`reaches the printer as ESC/POS for ${ancho} mm: ${columnas} columns, Windows-1252, a cut`, async () => {
      const grabador = new TransporteGrabador();
      await setTransporte(grabador, 'usb');
      const bytes = await createPaginaDePrueba({
        // Longer than any line: it must wrap, not run past the paper.
        nombreTienda: 'Panadería y Pastelería La Espiga de Oro de Doña Ñeli',
        ancho,
        ahora: new Date('2026-12-03T01:05:00Z'),
        timeZone: 'America/Mexico_City',
      });
      await printBytes(bytes);
      expect(grabador.bytes()).toEqual(bytes);

      const doc = decodeEscPos(grabador.bytes());
      expect(doc.orden[0]).toBe('comando:inicializar');
      expect(doc.comandos[0]).toEqual({ tipo: 'inicializar' });
      const paginas = doc.comandos.filter((c) => c.tipo === 'paginaDeCodigos');
      expect(paginas.length).toBeGreaterThan(0);
      expect(paginas.every((c) => c.tipo === 'paginaDeCodigos' && c.n === 16)).toBe(true);

      const textos = doc.lineas.map((l) => l.texto.trim());
      expect(textos).toContain('Tianguis · Página de prueba');
      expect(textos).toContain(reglaDeColumnas(columnas));
      expect(textos).toContain('02/12/2026 19:05');
      const acentos = doc.lineas.find((l) => l.texto.includes('Acentos:'));
      expect(acentos?.texto).toBe('Acentos: áéíóú ñ Ñ ¿¡');
      expect(acentos?.paginaDeCodigos).toBe(16);
      expect(contiene(acentos?.bytes ?? [], ACENTOS_1252)).toBe(true);
      // The shop's name, wrapped: every word of it printed, no line wider than the paper.
      const todo = textos.join(' ');
      for (const palabra of ['Panadería', 'Pastelería', 'Espiga', 'Doña', 'Ñeli']) {
        expect(todo).toContain(palabra);
      }
      for (const linea of doc.lineas) expect(linea.texto.length).toBeLessThanOrEqual(columnas);

      expect(ultimoComando(doc)).toBe('comando:corte');
      expect(doc.comandos.at(-1)).toEqual({ tipo: 'corte', parcial: false });
    });
  }

  it('writes the date on the shop’s clock, 24-hour', () => {
    expect(formatFechaTicket(new Date('2026-07-04T17:30:00Z'), 'America/Mexico_City')).toBe(
      '04/07/2026 11:30',
    );
    expect(formatFechaTicket(new Date('2026-07-04T17:30:00Z'), 'America/Tijuana')).toBe(
      '04/07/2026 10:30',
    );
  });

  it('numbers every tenth column of the ruler', () => {
    expect(reglaDeColumnas(32)).toBe('----+----1----+----2----+----3--');
    expect(reglaDeColumnas(48)).toHaveLength(48);
  });
});
