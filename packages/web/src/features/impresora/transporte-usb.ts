import type { Usb, UsbDevice, UsbDeviceFilter, UsbEndpoint } from './navegador';
import { ErrorImpresora, type TransporteImpresora } from './transporte';

/** USB class 7: printers. */
const CLASE_IMPRESORA = 7;

/**
 * What the browser's chooser lists: any device of the printer class, and the makers of most
 * receipt printers sold in Mexico, many of which call themselves "vendor specific" (Epson, Star,
 * Bixolon, Citizen, and the chips of the unbranded 58 mm ones: Winbond, STMicro, ICS, GD32).
 */
export const FILTROS_USB: UsbDeviceFilter[] = [
  { classCode: CLASE_IMPRESORA },
  { vendorId: 0x04b8 },
  { vendorId: 0x0519 },
  { vendorId: 0x1504 },
  { vendorId: 0x1d90 },
  { vendorId: 0x0416 },
  { vendorId: 0x0483 },
  { vendorId: 0x0fe6 },
  { vendorId: 0x28e9 },
];

/** Bytes a transfer: small enough for the buffer of the cheapest printers. */
export const BLOQUE_USB = 512;

interface Salida {
  interfaceNumber: number;
  alternateSetting: number;
  endpoint: UsbEndpoint;
}

/** The first bulk OUT endpoint, a printer-class interface first. */
export function findSalida(device: UsbDevice): Salida | undefined {
  const interfaces = device.configuration?.interfaces ?? [];
  const candidatos = interfaces.flatMap((i) =>
    i.alternates.map((alt) => ({ interfaceNumber: i.interfaceNumber, alt })),
  );
  candidatos.sort(
    (a, b) =>
      Number(b.alt.interfaceClass === CLASE_IMPRESORA) -
      Number(a.alt.interfaceClass === CLASE_IMPRESORA),
  );
  for (const { interfaceNumber, alt } of candidatos) {
    const endpoint = alt.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
    if (endpoint) {
      return { interfaceNumber, alternateSetting: alt.alternateSetting, endpoint };
    }
  }
  return undefined;
}

function nombreUsb(device: UsbDevice): string {
  const fabricante = device.manufacturerName?.trim() ?? '';
  const producto = device.productName?.trim() ?? '';
  // A maker's name is often part of the product's ("EPSON", "EPSON TM-T20III"): say it once.
  if (producto !== '' && producto.toLowerCase().includes(fabricante.toLowerCase())) return producto;
  const nombre = `${fabricante} ${producto}`.trim();
  if (nombre !== '') return nombre;
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return `Impresora USB ${hex(device.vendorId)}:${hex(device.productId)}`;
}

/** Opens a device the person chose (or allowed before) and claims its printing interface. */
export async function openUsb(device: UsbDevice): Promise<TransporteImpresora> {
  if (!device.opened) await device.open();
  if (device.configuration === null) {
    const primera = device.configurations[0]?.configurationValue ?? 1;
    await device.selectConfiguration(primera);
  }
  const salida = findSalida(device);
  if (!salida) {
    await device.close().catch(() => undefined);
    throw new ErrorImpresora('este aparato USB no es una impresora.');
  }
  await device.claimInterface(salida.interfaceNumber);
  if (salida.alternateSetting !== 0) {
    await device.selectAlternateInterface(salida.interfaceNumber, salida.alternateSetting);
  }
  const numero = salida.endpoint.endpointNumber;
  return {
    nombre: nombreUsb(device),
    async write(bytes) {
      for (let inicio = 0; inicio < bytes.length; inicio += BLOQUE_USB) {
        const bloque = bytes.slice(inicio, inicio + BLOQUE_USB);
        const resultado = await device.transferOut(numero, bloque);
        if (resultado.status === 'stall') {
          // The printer refused the transfer (paper out, cover open): clear it for the next job.
          await device.clearHalt('out', numero).catch(() => undefined);
          throw new ErrorImpresora('La impresora rechazó los datos. Revisa el papel y la tapa.');
        }
      }
    },
    async close() {
      await device.releaseInterface(salida.interfaceNumber).catch(() => undefined);
      await device.close().catch(() => undefined);
    },
  };
}

/** The browser's chooser (needs a tap or key press), then the chosen printer opened. */
export async function connectUsb(usb: Usb): Promise<TransporteImpresora> {
  const device = await usb.requestDevice({ filters: FILTROS_USB });
  return openUsb(device);
}

/** The printer this site was allowed before, opened without asking; undefined when none. */
export async function reconnectUsb(usb: Usb): Promise<TransporteImpresora | undefined> {
  const devices = await usb.getDevices();
  for (const device of devices) {
    try {
      return await openUsb(device);
    } catch {
      // Unplugged, or not a printer: try the next one.
    }
  }
  return undefined;
}
