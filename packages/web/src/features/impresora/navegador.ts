/**
 * The small part of WebUSB, Web Serial and Web Bluetooth the printer transports use, typed here
 * (TypeScript's DOM library has none of them yet, and the @types packages describe far more than
 * we call). Only what Chrome and Edge ship is listed; every field the code reads is here.
 */

// WebUSB (https://wicg.github.io/webusb/)
export interface UsbEndpoint {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
  packetSize: number;
}

export interface UsbAlternateInterface {
  alternateSetting: number;
  interfaceClass: number;
  endpoints: UsbEndpoint[];
}

export interface UsbInterface {
  interfaceNumber: number;
  alternates: UsbAlternateInterface[];
}

export interface UsbConfiguration {
  configurationValue: number;
  interfaces: UsbInterface[];
}

export interface UsbOutTransferResult {
  bytesWritten: number;
  status: 'ok' | 'stall' | 'babble';
}

export interface UsbDevice {
  productName?: string;
  manufacturerName?: string;
  vendorId: number;
  productId: number;
  opened: boolean;
  configuration: UsbConfiguration | null;
  configurations: UsbConfiguration[];
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  selectAlternateInterface(interfaceNumber: number, alternateSetting: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array<ArrayBuffer>): Promise<UsbOutTransferResult>;
  clearHalt(direction: 'in' | 'out', endpointNumber: number): Promise<void>;
}

export interface UsbDeviceFilter {
  vendorId?: number;
  classCode?: number;
}

export interface Usb {
  requestDevice(options: { filters: UsbDeviceFilter[] }): Promise<UsbDevice>;
  getDevices(): Promise<UsbDevice[]>;
}

// Web Serial (https://wicg.github.io/serial/)
export interface SerialPortInfo {
  usbVendorId?: number;
  usbProductId?: number;
}

export interface SerialPort {
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  getInfo(): SerialPortInfo;
}

export interface Serial {
  requestPort(options?: { filters?: SerialPortInfo[] }): Promise<SerialPort>;
  getPorts(): Promise<SerialPort[]>;
}

// Web Bluetooth (https://webbluetoothcg.github.io/web-bluetooth/)
export interface BluetoothCharacteristicProperties {
  write: boolean;
  writeWithoutResponse: boolean;
}

export interface BluetoothCharacteristic {
  uuid: string;
  properties: BluetoothCharacteristicProperties;
  writeValue(value: Uint8Array<ArrayBuffer>): Promise<void>;
  writeValueWithResponse?(value: Uint8Array<ArrayBuffer>): Promise<void>;
  writeValueWithoutResponse?(value: Uint8Array<ArrayBuffer>): Promise<void>;
}

export interface BluetoothService {
  uuid: string;
  getCharacteristics(): Promise<BluetoothCharacteristic[]>;
}

export interface BluetoothGattServer {
  connected: boolean;
  connect(): Promise<BluetoothGattServer>;
  disconnect(): void;
  getPrimaryServices(): Promise<BluetoothService[]>;
}

export interface BluetoothDevice {
  id: string;
  name?: string;
  gatt?: BluetoothGattServer;
}

export type BluetoothRequestOptions =
  | {
      filters: ({ services: string[] } | { namePrefix: string })[];
      optionalServices?: string[];
    }
  | { acceptAllDevices: true; optionalServices?: string[] };

export interface Bluetooth {
  requestDevice(options: BluetoothRequestOptions): Promise<BluetoothDevice>;
  /** Behind a flag in Chrome for now: the devices this site was allowed before. */
  getDevices?(): Promise<BluetoothDevice[]>;
}

/** A browser's navigator as far as printers go: each API may be missing. */
export interface NavegadorConImpresoras {
  usb?: Usb;
  serial?: Serial;
  bluetooth?: Bluetooth;
}

/** This browser's navigator, or nothing outside one (server rendering). */
export function navegadorActual(): NavegadorConImpresoras {
  return typeof navigator === 'undefined' ? {} : (navigator as NavegadorConImpresoras);
}
