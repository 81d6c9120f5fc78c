import { useSyncExternalStore } from 'react';
import { notify } from '../../lib/toast';
import { getTicket } from './api/get-ticket';
import { navegadorActual, type NavegadorConImpresoras } from './navegador';
import { savePreferencias, readPreferencias } from './preferencias';
import {
  ErrorImpresora,
  impresoraMessages,
  textoNoConecto,
  type TipoConexion,
  type TransporteImpresora,
} from './transporte';
import { connectBluetooth, reconnectBluetooth } from './transporte-bluetooth';
import { connectSerie, reconnectSerie } from './transporte-serie';
import { connectUsb, reconnectUsb } from './transporte-usb';

/**
 * The printer connected in this tab (docs/web-screens.md, "Thermal printer"). A browser lets a
 * page hold a device only while the page is open, so this lives in memory; the settings that
 * outlast it are in preferencias.ts. Jobs go out one after another, never interleaved.
 */
export interface EstadoImpresora {
  conectada: { nombre: string; tipo: TipoConexion } | undefined;
  conectando: boolean;
}

/** How long a job may take before the printer counts as not answering. */
export const ESPERA_IMPRESORA_MS = 20_000;

let transporte: TransporteImpresora | undefined;
let estado: EstadoImpresora = { conectada: undefined, conectando: false };
let cola: Promise<unknown> = Promise.resolve();
let reconexion: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

function cambiar(nuevo: Partial<EstadoImpresora>) {
  estado = { ...estado, ...nuevo };
  for (const listener of listeners) listener();
}

export function getEstadoImpresora(): EstadoImpresora {
  return estado;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImpresora(): EstadoImpresora {
  return useSyncExternalStore(subscribe, getEstadoImpresora, getEstadoImpresora);
}

/** Takes a connected transport as this tab's printer (the one before is let go). */
export async function setTransporte(nuevo: TransporteImpresora, tipo: TipoConexion) {
  const anterior = transporte;
  transporte = nuevo;
  cambiar({ conectada: { nombre: nuevo.nombre, tipo }, conectando: false });
  savePreferencias({ tipo });
  if (anterior && anterior !== nuevo) await anterior.close().catch(() => undefined);
}

function abrir(tipo: TipoConexion, nav: NavegadorConImpresoras): Promise<TransporteImpresora> {
  const { baudios } = readPreferencias();
  if (tipo === 'usb' && nav.usb) return connectUsb(nav.usb);
  if (tipo === 'serie' && nav.serial) return connectSerie(nav.serial, baudios);
  if (tipo === 'bluetooth' && nav.bluetooth) return connectBluetooth(nav.bluetooth);
  return Promise.reject(new ErrorImpresora(impresoraMessages.sinSoporte));
}

/**
 * "Conectar impresora": the browser's chooser for that kind of connection. Call it straight
 * from a tap or key press (browsers open their choosers only then). Refusals are thrown as
 * ErrorImpresora('No se pudo conectar: …').
 */
export async function connectImpresora(
  tipo: TipoConexion,
  nav: NavegadorConImpresoras = navegadorActual(),
): Promise<void> {
  cambiar({ conectando: true });
  try {
    await setTransporte(await abrir(tipo, nav), tipo);
  } catch (error) {
    cambiar({ conectando: false });
    throw new ErrorImpresora(textoNoConecto(error), { cause: error });
  }
}

/**
 * The printer used last on this device, opened again without asking where the browser allows it
 * (a USB device or serial port permitted before; Bluetooth only where `getDevices` exists).
 * True when a printer is connected afterwards.
 */
export function reconnectImpresora(
  nav: NavegadorConImpresoras = navegadorActual(),
): Promise<boolean> {
  if (transporte) return Promise.resolve(true);
  reconexion ??= (async () => {
    const { tipo, baudios } = readPreferencias();
    let abierto: TransporteImpresora | undefined;
    try {
      if (tipo === 'usb' && nav.usb) abierto = await reconnectUsb(nav.usb);
      if (tipo === 'serie' && nav.serial) abierto = await reconnectSerie(nav.serial, baudios);
      if (tipo === 'bluetooth' && nav.bluetooth) {
        abierto = await reconnectBluetooth(nav.bluetooth);
      }
    } catch {
      abierto = undefined;
    }
    // Connected by hand while this was looking: keep that one.
    if (abierto && !transporte && tipo) await setTransporte(abierto, tipo);
    else await abierto?.close();
    return transporte !== undefined;
  })().finally(() => {
    reconexion = undefined;
  });
  return reconexion;
}

/** "Desconectar": lets the printer go and stops reconnecting to it on this device. */
export async function disconnectImpresora(): Promise<void> {
  const anterior = transporte;
  transporte = undefined;
  cambiar({ conectada: undefined, conectando: false });
  savePreferencias({ tipo: null });
  await anterior?.close().catch(() => undefined);
}

function conEspera<T>(promesa: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const espera = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ErrorImpresora(impresoraMessages.noRespondio)), ms);
  });
  return Promise.race([promesa, espera]).finally(() => clearTimeout(timer));
}

/**
 * Sends one job to the connected printer, after the jobs before it. A refusal or silence is
 * thrown as ErrorImpresora ('La impresora no respondió', or the transport's own words).
 */
export function printBytes(bytes: Uint8Array): Promise<void> {
  const trabajo = cola.then(async () => {
    const actual = transporte;
    if (!actual) throw new ErrorImpresora(impresoraMessages.sinImpresora);
    try {
      await conEspera(actual.write(bytes), ESPERA_IMPRESORA_MS);
    } catch (error) {
      if (error instanceof ErrorImpresora) throw error;
      throw new ErrorImpresora(impresoraMessages.noRespondio, { cause: error });
    }
  });
  cola = trabajo.catch(() => undefined);
  return trabajo;
}

/** One order's ticket, fetched from the server at this device's paper width and printed. */
export async function printTicket(pedidoId: number): Promise<void> {
  const bytes = await getTicket(pedidoId, readPreferencias().ancho);
  await printBytes(bytes);
}

function conPunto(texto: string): string {
  return /[.!?]$/.test(texto) ? texto : `${texto}.`;
}

/** 'No se pudo imprimir el ticket del pedido #12. La impresora no respondió.' */
export function textoTicketNoImpreso(pedidoId: number, error: unknown): string {
  const motivo = error instanceof Error && error.message ? error.message : '';
  const base = impresoraMessages.noSeImprimioTicket(pedidoId);
  if (motivo === '') return `${base}.`;
  return `${base}. ${conPunto(motivo.charAt(0).toUpperCase() + motivo.slice(1))}`;
}

/**
 * An order was accepted on this device: with "Imprimir al aceptar" on, its ticket prints on this
 * tab's printer (reconnected first when the browser allows). Never throws: the accept is done
 * whatever the printer does, and a failure is a toast.
 */
export async function printTicketOnAccept(pedidoId: number): Promise<void> {
  if (!readPreferencias().imprimirAlAceptar) return;
  try {
    if (!(await reconnectImpresora())) {
      throw new ErrorImpresora(impresoraMessages.sinImpresora);
    }
    await printTicket(pedidoId);
  } catch (error) {
    notify.error(textoTicketNoImpreso(pedidoId, error), { duration: 8000 });
  }
}
