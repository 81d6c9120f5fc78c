import type { Serial, SerialPort } from './navegador';
import { BAUDIOS_POR_OMISION, ErrorImpresora, type TransporteImpresora } from './transporte';

function nombreSerie(port: SerialPort): string {
  const { usbVendorId, usbProductId } = port.getInfo();
  if (usbVendorId === undefined || usbProductId === undefined) return 'Impresora por cable serie';
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return `Impresora por cable serie (USB ${hex(usbVendorId)}:${hex(usbProductId)})`;
}

/** Opens a port at the printer's speed (most receipt printers: 9600 baud, 8N1). */
export async function openSerie(
  port: SerialPort,
  baudios = BAUDIOS_POR_OMISION,
): Promise<TransporteImpresora> {
  await port.open({ baudRate: baudios });
  return {
    nombre: nombreSerie(port),
    async write(bytes) {
      const writable = port.writable;
      if (!writable) throw new ErrorImpresora('El puerto de la impresora se cerró.');
      const writer = writable.getWriter();
      try {
        await writer.write(bytes);
      } finally {
        writer.releaseLock();
      }
    },
    async close() {
      await port.close().catch(() => undefined);
    },
  };
}

/** The browser's chooser (needs a tap or key press), then the chosen port opened. */
export async function connectSerie(
  serial: Serial,
  baudios = BAUDIOS_POR_OMISION,
): Promise<TransporteImpresora> {
  const port = await serial.requestPort();
  return openSerie(port, baudios);
}

/** The port this site was allowed before, opened without asking; undefined when none. */
export async function reconnectSerie(
  serial: Serial,
  baudios = BAUDIOS_POR_OMISION,
): Promise<TransporteImpresora | undefined> {
  for (const port of await serial.getPorts()) {
    try {
      return await openSerie(port, baudios);
    } catch {
      // Unplugged or held by another program: try the next one.
    }
  }
  return undefined;
}
