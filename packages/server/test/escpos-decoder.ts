// A small ESC/POS reader for tests: walks a ticket's bytes as a printer would, command by
// command, and gives back the commands in order and the printed lines with their style. Text
// is read in the code page the bytes selected (ESC t); windows-1252 (16) is the one tickets use.
// A command it does not know is an error, so a ticket that sends anything unexpected fails.

export type Comando =
  | { tipo: 'inicializar' }
  | { tipo: 'codepage'; n: number }
  | { tipo: 'negrita'; activa: boolean }
  | { tipo: 'tamano'; ancho: number; alto: number }
  | { tipo: 'alinear'; n: number }
  | { tipo: 'fuente'; n: number }
  | { tipo: 'subrayado'; n: number }
  | { tipo: 'invertido'; activo: boolean }
  | { tipo: 'cancelar-kanji' }
  | { tipo: 'avance'; lineas: number }
  | { tipo: 'corte'; total: boolean }
  | { tipo: 'texto'; texto: string; codepage: number | null }
  | { tipo: 'salto' };

export interface LineaImpresa {
  texto: string;
  /** Some of its text printed in bold. */
  negrita: boolean;
  /** Double height for some of its text. */
  alta: boolean;
  /** Characters across the paper (double-width characters count twice). */
  columnas: number;
}

export interface TicketDecodificado {
  comandos: Comando[];
  lineas: LineaImpresa[];
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const CR = 0x0d;

/** ESC t numbers (Epson's table) this reader can decode, and their WHATWG names. */
const CODEPAGES: Record<number, string> = { 16: 'windows-1252' };

function decodeText(bytes: number[], codepage: number | null): string {
  if (bytes.every((b) => b < 0x80)) return String.fromCharCode(...bytes);
  const name = codepage === null ? undefined : CODEPAGES[codepage];
  if (!name) throw new Error(`texto fuera de ASCII con la página de códigos ${codepage}`);
  return new TextDecoder(name).decode(Uint8Array.from(bytes));
}

export function decodeEscPos(data: Uint8Array): TicketDecodificado {
  const comandos: Comando[] = [];
  const lineas: LineaImpresa[] = [];
  let codepage: number | null = null;
  let negrita = false;
  let ancho = 1;
  let alto = 1;
  let linea: LineaImpresa = { texto: '', negrita: false, alta: false, columnas: 0 };
  let pendiente: number[] = [];
  let i = 0;

  const byteAt = (offset: number): number => {
    const value = data[i + offset];
    if (value === undefined) throw new Error(`comando incompleto en el byte ${i}`);
    return value;
  };
  const flushText = () => {
    if (pendiente.length === 0) return;
    const texto = decodeText(pendiente, codepage);
    comandos.push({ tipo: 'texto', texto, codepage });
    linea.texto += texto;
    linea.columnas += texto.length * ancho;
    if (negrita) linea.negrita = true;
    if (alto > 1) linea.alta = true;
    pendiente = [];
  };
  const newLine = () => {
    flushText();
    comandos.push({ tipo: 'salto' });
    lineas.push(linea);
    linea = { texto: '', negrita: false, alta: false, columnas: 0 };
  };

  while (i < data.length) {
    const b = data[i]!;
    if (b >= 0x20 && b !== 0x7f) {
      pendiente.push(b);
      i += 1;
      continue;
    }
    flushText();
    if (b === LF) {
      newLine();
      i += 1;
    } else if (b === CR) {
      i += 1;
    } else if (b === ESC) {
      const cmd = byteAt(1);
      switch (cmd) {
        case 0x40: // ESC @
          comandos.push({ tipo: 'inicializar' });
          codepage = null;
          negrita = false;
          ancho = 1;
          alto = 1;
          i += 2;
          break;
        case 0x74: // ESC t n
          codepage = byteAt(2);
          comandos.push({ tipo: 'codepage', n: codepage });
          i += 3;
          break;
        case 0x45: // ESC E n
          negrita = (byteAt(2) & 1) === 1;
          comandos.push({ tipo: 'negrita', activa: negrita });
          i += 3;
          break;
        case 0x61: // ESC a n
          comandos.push({ tipo: 'alinear', n: byteAt(2) });
          i += 3;
          break;
        case 0x4d: // ESC M n
          comandos.push({ tipo: 'fuente', n: byteAt(2) });
          i += 3;
          break;
        case 0x2d: // ESC - n
          comandos.push({ tipo: 'subrayado', n: byteAt(2) });
          i += 3;
          break;
        case 0x64: // ESC d n
          for (let n = 0; n < byteAt(2); n += 1) newLine();
          comandos.push({ tipo: 'avance', lineas: byteAt(2) });
          i += 3;
          break;
        default:
          throw new Error(`ESC 0x${cmd.toString(16)} desconocido en el byte ${i}`);
      }
    } else if (b === GS) {
      const cmd = byteAt(1);
      if (cmd === 0x21) {
        // GS ! n: width in the high nibble, height in the low one, each minus one.
        const n = byteAt(2);
        ancho = (n >> 4) + 1;
        alto = (n & 0x0f) + 1;
        comandos.push({ tipo: 'tamano', ancho, alto });
        i += 3;
      } else if (cmd === 0x56) {
        // GS V m (0/48 full, 1/49 partial) or GS V m n (65 full, 66 partial, after a feed).
        const m = byteAt(2);
        if (m === 0x41 || m === 0x42) {
          comandos.push({ tipo: 'corte', total: m === 0x41 });
          i += 4;
        } else {
          comandos.push({ tipo: 'corte', total: m === 0x00 || m === 0x30 });
          i += 3;
        }
      } else if (cmd === 0x42) {
        comandos.push({ tipo: 'invertido', activo: (byteAt(2) & 1) === 1 });
        i += 3;
      } else {
        throw new Error(`GS 0x${cmd.toString(16)} desconocido en el byte ${i}`);
      }
    } else if (b === FS) {
      const cmd = byteAt(1);
      if (cmd !== 0x2e) throw new Error(`FS 0x${cmd.toString(16)} desconocido en el byte ${i}`);
      comandos.push({ tipo: 'cancelar-kanji' });
      i += 2;
    } else {
      throw new Error(`byte de control 0x${b.toString(16)} inesperado en el byte ${i}`);
    }
  }
  flushText();
  if (linea.texto !== '') lineas.push(linea);
  return { comandos, lineas };
}

/** The printed text, one line per line. */
export function textoDe(ticket: TicketDecodificado): string[] {
  return ticket.lineas.map((l) => l.texto);
}
