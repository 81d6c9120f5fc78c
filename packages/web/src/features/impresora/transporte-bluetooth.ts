import type {
  Bluetooth,
  BluetoothCharacteristic,
  BluetoothDevice,
  BluetoothRequestOptions,
} from './navegador';
import { ErrorImpresora, type TransporteImpresora } from './transporte';

/**
 * The GATT services receipt printers print through (Bluetooth Low Energy), most common first:
 * the 18F0 of most 58 mm ones, the e781… of many Chinese modules, Microchip's ISSC, and the
 * FF00/FFE0 serial bridges.
 */
export const SERVICIOS_IMPRESORA = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  '0000ff00-0000-1000-8000-00805f9b34fb',
  '0000ffe0-0000-1000-8000-00805f9b34fb',
];

/** Names printers that do not advertise their service go by. */
const PREFIJOS_DE_NOMBRE = [
  'Printer',
  'BlueTooth Printer',
  'MTP',
  'MPT',
  'PT-',
  'RPP',
  'POS',
  'XP-',
  'Xprinter',
  'InnerPrinter',
];

export const OPCIONES_BLUETOOTH: BluetoothRequestOptions = {
  filters: [
    ...SERVICIOS_IMPRESORA.map((service) => ({ services: [service] })),
    ...PREFIJOS_DE_NOMBRE.map((namePrefix) => ({ namePrefix })),
  ],
  optionalServices: SERVICIOS_IMPRESORA,
};

/**
 * Bytes a write: 180 fits the MTU that current phones and printers agree on; an older module
 * (Bluetooth 4.0, a 23-byte MTU) takes 20, which the transport falls back to after a refusal.
 */
export const BLOQUE_BLUETOOTH = 180;
export const BLOQUE_BLUETOOTH_MINIMO = 20;

/** The printer's writable characteristic, in a known printing service first. */
async function buscarCaracteristica(
  device: BluetoothDevice,
): Promise<BluetoothCharacteristic | undefined> {
  const gatt = device.gatt;
  if (!gatt) return undefined;
  const server = gatt.connected ? gatt : await gatt.connect();
  const services = await server.getPrimaryServices();
  const orden = (uuid: string) => {
    const i = SERVICIOS_IMPRESORA.indexOf(uuid.toLowerCase());
    return i === -1 ? SERVICIOS_IMPRESORA.length : i;
  };
  services.sort((a, b) => orden(a.uuid) - orden(b.uuid));
  for (const service of services) {
    const characteristics = await service.getCharacteristics();
    const escribible = characteristics.find(
      (c) => c.properties.writeWithoutResponse || c.properties.write,
    );
    if (escribible) return escribible;
  }
  return undefined;
}

/** How a characteristic takes bytes: without response when the printer allows it (faster). */
function escritorDe(caracteristica: BluetoothCharacteristic) {
  const escribirValor =
    (caracteristica.properties.writeWithoutResponse
      ? caracteristica.writeValueWithoutResponse
      : undefined) ??
    caracteristica.writeValueWithResponse ??
    caracteristica.writeValue;
  return (bloque: Uint8Array<ArrayBuffer>) => escribirValor.call(caracteristica, bloque);
}

/** Connects to a printer the person chose and finds where its bytes go. */
export async function openBluetooth(device: BluetoothDevice): Promise<TransporteImpresora> {
  const primera = await buscarCaracteristica(device);
  if (!primera) {
    device.gatt?.disconnect();
    throw new ErrorImpresora('este aparato Bluetooth no es una impresora.');
  }
  let escribirBloque = escritorDe(primera);
  let tamano = BLOQUE_BLUETOOTH;
  return {
    nombre: device.name?.trim() || 'Impresora Bluetooth',
    async write(bytes) {
      // A printer that slept or went out of reach drops the link: connect again first (the
      // characteristic of the old link no longer works).
      if (device.gatt && !device.gatt.connected) {
        const otra = await buscarCaracteristica(device);
        if (!otra) throw new ErrorImpresora('La impresora Bluetooth ya no está disponible.');
        escribirBloque = escritorDe(otra);
      }
      let inicio = 0;
      while (inicio < bytes.length) {
        const bloque = bytes.slice(inicio, inicio + tamano);
        try {
          await escribirBloque(bloque);
        } catch (error) {
          // Too long for an old module: the same bytes again, 20 at a time from now on.
          if (tamano === BLOQUE_BLUETOOTH_MINIMO) throw error;
          tamano = BLOQUE_BLUETOOTH_MINIMO;
          continue;
        }
        inicio += bloque.length;
      }
    },
    async close() {
      device.gatt?.disconnect();
    },
  };
}

/** The browser's chooser (needs a tap or key press), then the chosen printer connected. */
export async function connectBluetooth(bluetooth: Bluetooth): Promise<TransporteImpresora> {
  const device = await bluetooth.requestDevice(OPCIONES_BLUETOOTH);
  return openBluetooth(device);
}

/**
 * A printer allowed before, connected without asking, where the browser lists them
 * (`getDevices`, behind a flag in Chrome for now); undefined otherwise.
 */
export async function reconnectBluetooth(
  bluetooth: Bluetooth,
): Promise<TransporteImpresora | undefined> {
  if (!bluetooth.getDevices) return undefined;
  for (const device of await bluetooth.getDevices()) {
    try {
      return await openBluetooth(device);
    } catch {
      // Out of reach: try the next one.
    }
  }
  return undefined;
}
