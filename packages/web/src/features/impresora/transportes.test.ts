import { afterEach, describe, expect, it } from 'vitest';
import {
  connectImpresora,
  disconnectImpresora,
  getEstadoImpresora,
  printBytes,
  reconnectImpresora,
} from './impresora-store';
import { savePreferencias, readPreferencias } from './preferencias';
import { bluetoothFalso, serieFalsa, usbFalso } from '#test/impresora/navegador-falso';
import { conexionesDisponibles, impresoraMessages } from './transporte';
import {
  BLOQUE_BLUETOOTH,
  BLOQUE_BLUETOOTH_MINIMO,
  connectBluetooth,
} from './transporte-bluetooth';
import { connectSerie } from './transporte-serie';
import { BLOQUE_USB, connectUsb } from './transporte-usb';

afterEach(async () => {
  await disconnectImpresora();
});

/** 1,300 bytes of a ticket: more than one transfer of any transport. */
const DATOS = Uint8Array.from({ length: 1300 }, (_, i) => i % 251);

describe('which connections a browser offers', () => {
  it('offers only the APIs the browser has, and none in Safari, Firefox or iOS', () => {
    expect(conexionesDisponibles({})).toEqual([]);
    expect(conexionesDisponibles({ serial: serieFalsa().serial })).toEqual(['serie']);
    expect(
      conexionesDisponibles({ usb: usbFalso().usb, bluetooth: bluetoothFalso().bluetooth }),
    ).toEqual(['usb', 'bluetooth']);
  });
});

describe('WebUSB', () => {
  it('asks for printers, claims the printing interface and sends the bytes in transfers to its OUT endpoint', async () => {
    const falso = usbFalso();
    const transporte = await connectUsb(falso.usb);
    expect(transporte.nombre).toBe('EPSON TM-T20III');
    expect(falso.filtrosPedidos[0]).toContainEqual({ classCode: 7 });
    expect(falso.reclamadas).toEqual([0]);
    await transporte.write(DATOS);
    expect(falso.recibido()).toEqual(DATOS);
    expect(falso.transferencias.every((t) => t.endpoint === 2)).toBe(true);
    expect(falso.transferencias.every((t) => t.bytes.length <= BLOQUE_USB)).toBe(true);
    expect(falso.transferencias.length).toBe(Math.ceil(DATOS.length / BLOQUE_USB));
    await transporte.close();
    expect(falso.device.opened).toBe(false);
  });

  it('names the printer once when the product repeats the maker', async () => {
    const falso = usbFalso({ manufacturerName: 'EPSON', productName: 'EPSON TM-m30' });
    expect((await connectUsb(falso.usb)).nombre).toBe('EPSON TM-m30');
  });

  it('refuses a device with no way to print, and says a stalled printer refused the data', async () => {
    await expect(
      connectImpresora('usb', { usb: usbFalso({ sinSalida: true }).usb }),
    ).rejects.toThrow('No se pudo conectar: este aparato USB no es una impresora.');
    const falso = usbFalso();
    await connectImpresora('usb', { usb: falso.usb });
    falso.fallo = 'stall';
    await expect(printBytes(DATOS)).rejects.toThrow(
      'La impresora rechazó los datos. Revisa el papel y la tapa.',
    );
    falso.fallo = 'rechazar';
    await expect(printBytes(DATOS)).rejects.toThrow(impresoraMessages.noRespondio);
    // The queue goes on after a failed job.
    falso.fallo = undefined;
    await printBytes(DATOS);
    expect(falso.recibido()).toEqual(DATOS);
  });

  it('says the chooser closed without a choice', async () => {
    const falso = usbFalso();
    falso.sinEleccion = true;
    await expect(connectImpresora('usb', { usb: falso.usb })).rejects.toThrow(
      'No se pudo conectar: no elegiste ninguna impresora.',
    );
    expect(getEstadoImpresora()).toEqual({ conectada: undefined, conectando: false });
  });

  it('opens the printer allowed before without asking, when it was the last one used', async () => {
    const falso = usbFalso();
    falso.permitidos = [falso.device];
    expect(await reconnectImpresora({ usb: falso.usb })).toBe(false);
    savePreferencias({ tipo: 'usb' });
    expect(await reconnectImpresora({ usb: falso.usb })).toBe(true);
    expect(falso.filtrosPedidos).toEqual([]);
    expect(getEstadoImpresora().conectada).toEqual({ nombre: 'EPSON TM-T20III', tipo: 'usb' });
    await printBytes(DATOS);
    expect(falso.recibido()).toEqual(DATOS);
    await disconnectImpresora();
    expect(readPreferencias().tipo).toBeNull();
    expect(falso.device.opened).toBe(false);
  });
});

describe('Web Serial', () => {
  it('opens the port at 9600 baud, or the speed chosen, and writes the bytes', async () => {
    const falsa = serieFalsa();
    const transporte = await connectSerie(falsa.serial);
    expect(falsa.abiertoA).toEqual([9600]);
    expect(transporte.nombre).toBe('Impresora por cable serie (USB 0416:5011)');
    await transporte.write(DATOS);
    expect(falsa.recibido()).toEqual(DATOS);
    await transporte.close();
    expect(falsa.cerrado).toBe(true);

    savePreferencias({ baudios: 115200 });
    const otra = serieFalsa();
    await connectImpresora('serie', { serial: otra.serial });
    expect(otra.abiertoA).toEqual([115200]);
  });
});

describe('Web Bluetooth', () => {
  it('asks for the printing services, writes to the writable characteristic in pieces of 180 bytes', async () => {
    const falso = bluetoothFalso();
    const transporte = await connectBluetooth(falso.bluetooth);
    expect(transporte.nombre).toBe('MTP-II');
    const pedidas = falso.opcionesPedidas[0];
    expect(pedidas && 'filters' in pedidas ? pedidas.filters : []).toContainEqual({
      services: ['000018f0-0000-1000-8000-00805f9b34fb'],
    });
    expect(pedidas?.optionalServices).toContain('e7810a71-73ae-499d-8c15-faa9aef0c3f2');
    await transporte.write(DATOS);
    expect(falso.recibido()).toEqual(DATOS);
    expect(Math.max(...falso.escrituras.map((e) => e.length))).toBe(BLOQUE_BLUETOOTH);
  });

  it('connects again to a printer that dropped the link before writing', async () => {
    const falso = bluetoothFalso();
    const transporte = await connectBluetooth(falso.bluetooth);
    falso.device.gatt?.disconnect();
    await transporte.write(DATOS);
    expect(falso.device.gatt?.connected).toBe(true);
    expect(falso.recibido()).toEqual(DATOS);
  });

  it('goes down to 20 bytes a write for an old module, losing and repeating nothing', async () => {
    const falso = bluetoothFalso({ mtu: 20, conRespuesta: true });
    const transporte = await connectBluetooth(falso.bluetooth);
    await transporte.write(DATOS);
    await transporte.write(DATOS.slice(0, 50));
    expect(falso.recibido()).toEqual(new Uint8Array([...DATOS, ...DATOS.slice(0, 50)]));
    expect(falso.rechazos).toBe(1);
    expect(falso.escrituras.every((e) => e.length <= BLOQUE_BLUETOOTH_MINIMO)).toBe(true);
  });
});
