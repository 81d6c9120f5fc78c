/**
 * Test-only: reads ESC/POS bytes back as a printer would, so tests check what prints rather than
 * which bytes an encoder chose. Knows the commands receipts use; any other control byte throws,
 * so an unexpected command fails the test instead of printing as garbage.
 */
export type ComandoEscPos =
  | { tipo: 'inicializar' }
  | { tipo: 'paginaDeCodigos'; n: number }
  | { tipo: 'corte'; parcial: boolean }
  | { tipo: 'ajuste'; comando: string; valor: number };

export interface LineaImpresa {
  texto: string;
  /** The line's bytes as sent, for checking the encoding. */
  bytes: number[];
  /** The code page (ESC t n) in force when the line was printed. */
  paginaDeCodigos: number;
}

export interface DocumentoEscPos {
  comandos: ComandoEscPos[];
  lineas: LineaImpresa[];
  /** Every command and line, in order: 'comando:corte', 'linea:…'. */
  orden: string[];
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const CR = 0x0d;

/** ESC commands with one argument byte: font, bold, underline, align, feed, spacing... */
const ESC_UN_ARGUMENTO: Record<number, string> = {
  0x21: 'ESC !',
  0x2d: 'ESC -',
  0x33: 'ESC 3',
  0x45: 'ESC E',
  0x47: 'ESC G',
  0x4a: 'ESC J',
  0x4d: 'ESC M',
  0x52: 'ESC R',
  0x56: 'ESC V',
  0x61: 'ESC a',
  0x64: 'ESC d',
  0x7b: 'ESC {',
};

const GS_UN_ARGUMENTO: Record<number, string> = {
  0x21: 'GS !',
  0x42: 'GS B',
  0x48: 'GS H',
  0x66: 'GS f',
  0x68: 'GS h',
  0x77: 'GS w',
};

/** Windows-1252 for ESC t 16, the rest as Latin-1 (enough to see that the page changed). */
function decodificar(bytes: number[], pagina: number): string {
  const label = pagina === 16 ? 'windows-1252' : 'latin1';
  return new TextDecoder(label).decode(new Uint8Array(bytes));
}

export function decodeEscPos(datos: Uint8Array): DocumentoEscPos {
  const comandos: ComandoEscPos[] = [];
  const lineas: LineaImpresa[] = [];
  const orden: string[] = [];
  let pagina = 0;
  let actual: number[] = [];
  let hayLinea = false;

  const comando = (c: ComandoEscPos) => {
    comandos.push(c);
    orden.push(`comando:${c.tipo === 'ajuste' ? c.comando : c.tipo}`);
  };
  const terminarLinea = () => {
    const linea = { texto: decodificar(actual, pagina), bytes: actual, paginaDeCodigos: pagina };
    lineas.push(linea);
    orden.push(`linea:${linea.texto}`);
    actual = [];
    hayLinea = false;
  };
  const byte = (i: number): number => {
    const b = datos[i];
    if (b === undefined) throw new Error(`ESC/POS cortado en el byte ${i}`);
    return b;
  };

  let i = 0;
  while (i < datos.length) {
    const b = byte(i);
    if (b === LF) {
      terminarLinea();
      i += 1;
    } else if (b === CR) {
      i += 1;
    } else if (b === ESC) {
      const c = byte(i + 1);
      if (c === 0x40) {
        comando({ tipo: 'inicializar' });
        i += 2;
      } else if (c === 0x74) {
        pagina = byte(i + 2);
        comando({ tipo: 'paginaDeCodigos', n: pagina });
        i += 3;
      } else if (ESC_UN_ARGUMENTO[c]) {
        comando({ tipo: 'ajuste', comando: ESC_UN_ARGUMENTO[c], valor: byte(i + 2) });
        i += 3;
      } else {
        throw new Error(`ESC 0x${c.toString(16)} desconocido en el byte ${i}`);
      }
    } else if (b === GS) {
      const c = byte(i + 1);
      if (c === 0x56) {
        const m = byte(i + 2);
        // GS V m (0, 1, 48, 49) or GS V m n (65, 66: feed n, then cut).
        const conAvance = m === 65 || m === 66;
        comando({ tipo: 'corte', parcial: m === 1 || m === 49 || m === 66 });
        i += conAvance ? 4 : 3;
      } else if (GS_UN_ARGUMENTO[c]) {
        comando({ tipo: 'ajuste', comando: GS_UN_ARGUMENTO[c], valor: byte(i + 2) });
        i += 3;
      } else {
        throw new Error(`GS 0x${c.toString(16)} desconocido en el byte ${i}`);
      }
    } else if (b === FS) {
      const c = byte(i + 1);
      // FS . (Kanji off) and FS & (Kanji on) take no argument.
      if (c !== 0x2e && c !== 0x26) throw new Error(`FS 0x${c.toString(16)} desconocido`);
      comando({ tipo: 'ajuste', comando: c === 0x2e ? 'FS .' : 'FS &', valor: 0 });
      i += 2;
    } else if (b < 0x20) {
      throw new Error(`byte de control 0x${b.toString(16)} desconocido en el byte ${i}`);
    } else {
      actual.push(b);
      hayLinea = true;
      i += 1;
    }
  }
  if (hayLinea) terminarLinea();
  return { comandos, lineas, orden };
}

/** The last thing the printer does, ignoring blank line feeds after it. */
export function ultimoComando(doc: DocumentoEscPos): string | undefined {
  const significativos = doc.orden.filter((o) => o !== 'linea:');
  return significativos[significativos.length - 1];
}
