import type {
  Bluetooth,
  BluetoothCharacteristic,
  BluetoothDevice,
  BluetoothRequestOptions,
  Serial,
  SerialPort,
  Usb,
  UsbDevice,
  UsbDeviceFilter,
} from '../../src/features/impresora/navegador';

/**
 * Test-only stand-ins for the browser's WebUSB, Web Serial and Web Bluetooth (jsdom has none):
 * each plays a printer that keeps what it receives, as the real APIs describe their objects.
 */

function juntar(partes: Uint8Array[]): Uint8Array {
  const todo = new Uint8Array(partes.reduce((n, p) => n + p.length, 0));
  let desde = 0;
  for (const p of partes) {
    todo.set(p, desde);
    desde += p.length;
  }
  return todo;
}

export interface UsbFalso {
  usb: Usb;
  device: UsbDevice;
  /** Each transferOut: the endpoint and the bytes. */
  transferencias: { endpoint: number; bytes: Uint8Array }[];
  filtrosPedidos: UsbDeviceFilter[][];
  reclamadas: number[];
  recibido(): Uint8Array;
  /** 'rechazar': transferOut rejects (unplugged); 'stall': the printer stalls. */
  fallo: 'rechazar' | 'stall' | undefined;
  /** The chooser closes without a choice. */
  sinEleccion: boolean;
  /** Devices this site was allowed before (getDevices). */
  permitidos: UsbDevice[];
}

export function usbFalso(
  opciones: { productName?: string; manufacturerName?: string; sinSalida?: boolean } = {},
): UsbFalso {
  const falso: UsbFalso = {
    transferencias: [],
    filtrosPedidos: [],
    reclamadas: [],
    fallo: undefined,
    sinEleccion: false,
    permitidos: [],
    recibido: () => juntar(falso.transferencias.map((t) => t.bytes)),
    device: undefined as unknown as UsbDevice,
    usb: undefined as unknown as Usb,
  };
  const configuracion = {
    configurationValue: 1,
    interfaces: [
      {
        interfaceNumber: 0,
        alternates: [
          {
            alternateSetting: 0,
            interfaceClass: opciones.sinSalida ? 3 : 7,
            endpoints: [
              {
                endpointNumber: 1,
                direction: 'in' as const,
                type: 'bulk' as const,
                packetSize: 64,
              },
              ...(opciones.sinSalida
                ? []
                : [
                    {
                      endpointNumber: 2,
                      direction: 'out' as const,
                      type: 'bulk' as const,
                      packetSize: 64,
                    },
                  ]),
            ],
          },
        ],
      },
    ],
  };
  const device: UsbDevice = {
    productName: opciones.productName ?? 'TM-T20III',
    manufacturerName: opciones.manufacturerName ?? 'EPSON',
    vendorId: 0x04b8,
    productId: 0x0e28,
    opened: false,
    configuration: null,
    configurations: [configuracion],
    async open() {
      device.opened = true;
    },
    async close() {
      device.opened = false;
    },
    async selectConfiguration(value) {
      if (value !== 1) throw new DOMException('Invalid configuration', 'NotFoundError');
      device.configuration = configuracion;
    },
    async claimInterface(n) {
      if (!device.opened) throw new DOMException('Device not open', 'InvalidStateError');
      falso.reclamadas.push(n);
    },
    async releaseInterface(n) {
      falso.reclamadas = falso.reclamadas.filter((r) => r !== n);
    },
    async selectAlternateInterface() {},
    async transferOut(endpoint, data) {
      if (!falso.reclamadas.includes(0)) {
        throw new DOMException('Interface not claimed', 'InvalidStateError');
      }
      if (falso.fallo === 'rechazar') {
        throw new DOMException('A transfer error has occurred.', 'NetworkError');
      }
      if (falso.fallo === 'stall') return { bytesWritten: 0, status: 'stall' };
      falso.transferencias.push({ endpoint, bytes: data.slice() });
      return { bytesWritten: data.length, status: 'ok' };
    },
    async clearHalt() {},
  };
  falso.device = device;
  falso.usb = {
    async requestDevice(options) {
      falso.filtrosPedidos.push(options.filters);
      if (falso.sinEleccion) throw new DOMException('No device selected.', 'NotFoundError');
      return device;
    },
    async getDevices() {
      return falso.permitidos;
    },
  };
  return falso;
}

export interface SerieFalsa {
  serial: Serial;
  port: SerialPort;
  abiertoA: number[];
  escrituras: Uint8Array[];
  cerrado: boolean;
  permitidos: SerialPort[];
  recibido(): Uint8Array;
}

export function serieFalsa(): SerieFalsa {
  const falsa: SerieFalsa = {
    abiertoA: [],
    escrituras: [],
    cerrado: false,
    permitidos: [],
    recibido: () => juntar(falsa.escrituras),
    port: undefined as unknown as SerialPort,
    serial: undefined as unknown as Serial,
  };
  let writable: WritableStream<Uint8Array> | null = null;
  const port: SerialPort = {
    get writable() {
      return writable;
    },
    async open({ baudRate }) {
      falsa.abiertoA.push(baudRate);
      writable = new WritableStream<Uint8Array>({
        write(chunk) {
          falsa.escrituras.push(chunk.slice());
        },
      });
    },
    async close() {
      falsa.cerrado = true;
      writable = null;
    },
    getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
  };
  falsa.port = port;
  falsa.serial = {
    requestPort: async () => port,
    getPorts: async () => falsa.permitidos,
  };
  return falsa;
}

export interface BluetoothFalso {
  bluetooth: Bluetooth;
  device: BluetoothDevice;
  opcionesPedidas: BluetoothRequestOptions[];
  /** Each write, as the printer got it. */
  escrituras: Uint8Array[];
  /** Writes refused for being too long. */
  rechazos: number;
  recibido(): Uint8Array;
}

/**
 * A BLE printer with an unrelated service first (battery, read only) and the 18F0 printing
 * service; `mtu` is the most one write may carry (an old module: 20).
 */
export function bluetoothFalso(opciones: { mtu?: number; conRespuesta?: boolean } = {}) {
  const mtu = opciones.mtu ?? 512;
  const falso: BluetoothFalso = {
    opcionesPedidas: [],
    escrituras: [],
    rechazos: 0,
    recibido: () => juntar(falso.escrituras),
    device: undefined as unknown as BluetoothDevice,
    bluetooth: undefined as unknown as Bluetooth,
  };
  const escribir = async (value: Uint8Array) => {
    if (!server.connected) {
      throw new DOMException('GATT Server is disconnected.', 'NetworkError');
    }
    if (value.length > mtu) {
      falso.rechazos += 1;
      throw new DOMException('GATT operation failed for unknown reason.', 'NotSupportedError');
    }
    falso.escrituras.push(value.slice());
  };
  const impresion: BluetoothCharacteristic = {
    uuid: '00002af1-0000-1000-8000-00805f9b34fb',
    properties: { write: true, writeWithoutResponse: !opciones.conRespuesta },
    writeValue: escribir,
    writeValueWithResponse: escribir,
    writeValueWithoutResponse: escribir,
  };
  const bateria: BluetoothCharacteristic = {
    uuid: '00002a19-0000-1000-8000-00805f9b34fb',
    properties: { write: false, writeWithoutResponse: false },
    writeValue: () => Promise.reject(new DOMException('Not writable', 'NotSupportedError')),
  };
  const server = {
    connected: false,
    async connect() {
      server.connected = true;
      return server;
    },
    disconnect() {
      server.connected = false;
    },
    async getPrimaryServices() {
      return [
        { uuid: '0000180f-0000-1000-8000-00805f9b34fb', getCharacteristics: async () => [bateria] },
        {
          uuid: '000018f0-0000-1000-8000-00805f9b34fb',
          getCharacteristics: async () => [impresion],
        },
      ];
    },
  };
  falso.device = { id: 'bt-1', name: 'MTP-II', gatt: server };
  falso.bluetooth = {
    async requestDevice(options) {
      falso.opcionesPedidas.push(options);
      return falso.device;
    },
  };
  return falso;
}
