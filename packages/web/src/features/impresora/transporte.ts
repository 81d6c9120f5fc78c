import type { NavegadorConImpresoras } from './navegador';

/**
 * A connected thermal printer, whatever the cable (docs/web-screens.md, "Thermal printer"):
 * ESC/POS bytes go in, in order, and nothing comes back. WebUSB, Web Serial and Web Bluetooth
 * each implement it; tests use a recording one.
 */
export interface TransporteImpresora {
  /** What the person sees: the printer's own name, or what the browser knows of it. */
  nombre: string;
  /** Resolves once the printer has taken every byte (or its connection has). */
  write(bytes: Uint8Array): Promise<void>;
  /** Lets the printer go (another tab or program may take it then). */
  close(): Promise<void>;
}

export const TIPOS_CONEXION = ['usb', 'serie', 'bluetooth'] as const;
export type TipoConexion = (typeof TIPOS_CONEXION)[number];

export const TIPO_CONEXION_ETIQUETAS: Readonly<Record<TipoConexion, string>> = {
  usb: 'USB',
  serie: 'Cable serie',
  bluetooth: 'Bluetooth',
};

export const ANCHOS_PAPEL = [58, 80] as const;
export type AnchoPapel = (typeof ANCHOS_PAPEL)[number];

/** Characters a line on each paper width, in the printer's standard font (docs/api.md). */
export const COLUMNAS_POR_ANCHO: Readonly<Record<AnchoPapel, number>> = { 58: 32, 80: 48 };

export const BAUDIOS_POR_OMISION = 9600;
export const BAUDIOS = [9600, 19200, 38400, 57600, 115200] as const;

export const impresoraMessages = {
  titulo: 'Impresora térmica',
  sinSoporte:
    'Este navegador no puede conectarse a impresoras. Usa Chrome o Edge en Android, Windows, Mac o Linux, o imprime con el botón Imprimir.',
  noConecto: 'No se pudo conectar',
  noRespondio: 'La impresora no respondió',
  noSeImprimioTicket: (pedidoId: number) => `No se pudo imprimir el ticket del pedido #${pedidoId}`,
  sinImpresora: 'No hay una impresora conectada en este dispositivo.',
  paginaImpresa: 'Página de prueba enviada a la impresora',
  ticketImpreso: (pedidoId: number) => `Ticket del pedido #${pedidoId} enviado a la impresora`,
} as const;

/** The kinds of connection this browser has, in the order offered. */
export function conexionesDisponibles(nav: NavegadorConImpresoras): TipoConexion[] {
  return TIPOS_CONEXION.filter((tipo) => {
    if (tipo === 'usb') return nav.usb !== undefined;
    if (tipo === 'serie') return nav.serial !== undefined;
    return nav.bluetooth !== undefined;
  });
}

/** A printer problem worded for the person: its message is shown as it is. */
export class ErrorImpresora extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErrorImpresora';
  }
}

/**
 * Why a connection failed, in words (the browsers' DOMException names, the same for the three
 * APIs): the chooser closed without a choice, permission refused, a printer another program or
 * tab holds, one out of reach.
 */
export function motivoDeFallo(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotFoundError':
      return 'no elegiste ninguna impresora.';
    case 'SecurityError':
    case 'NotAllowedError':
      return 'el navegador no dio permiso.';
    case 'InvalidStateError':
      return 'la impresora está en uso en otra pestaña o programa.';
    case 'NetworkError':
      return 'la impresora no está disponible. Revisa que esté encendida y cerca.';
    case 'ErrorImpresora':
      return (error as Error).message;
    default:
      return 'la impresora no es compatible o no respondió.';
  }
}

/** 'No se pudo conectar: no elegiste ninguna impresora.' */
export function textoNoConecto(error: unknown): string {
  return `${impresoraMessages.noConecto}: ${motivoDeFallo(error)}`;
}
