import type { TransporteImpresora } from '../../src/features/impresora/transporte';

/**
 * Test-only: a printer that keeps every write, in order, and can be told to fail (as a printer
 * out of paper or unplugged would) or to answer only when let go.
 */
export class TransporteGrabador implements TransporteImpresora {
  nombre: string;
  readonly escrituras: Uint8Array[] = [];
  cerrado = false;
  /** When set, every write is refused with it. */
  fallo: Error | undefined;

  constructor(nombre = 'Impresora de prueba') {
    this.nombre = nombre;
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.fallo) throw this.fallo;
    this.escrituras.push(bytes.slice());
  }

  async close(): Promise<void> {
    this.cerrado = true;
  }

  /** Every byte written, as one array. */
  bytes(): Uint8Array {
    const total = this.escrituras.reduce((n, e) => n + e.length, 0);
    const todo = new Uint8Array(total);
    let desde = 0;
    for (const e of this.escrituras) {
      todo.set(e, desde);
      desde += e.length;
    }
    return todo;
  }
}
