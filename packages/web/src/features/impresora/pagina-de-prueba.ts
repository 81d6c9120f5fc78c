import { COLUMNAS_POR_ANCHO, type AnchoPapel } from './transporte';

export interface DatosPaginaDePrueba {
  nombreTienda: string;
  ancho: AnchoPapel;
  ahora: Date;
  timeZone: string;
}

/** 'DD/MM/AAAA HH:MM' (24-hour) on the shop's clock, as the order tickets write it. */
export function formatFechaTicket(fecha: Date, timeZone: string): string {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(fecha)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}`;
}

/**
 * A ruler as wide as a line ('---------+---------1---------+…'): each tenth column numbered, so
 * a line that wraps or stops short shows the wrong width was chosen.
 */
export function reglaDeColumnas(columnas: number): string {
  let regla = '';
  for (let i = 1; i <= columnas; i++) {
    regla += i % 10 === 0 ? String((i / 10) % 10) : i % 5 === 0 ? '+' : '-';
  }
  return regla;
}

/**
 * The test page's ESC/POS bytes, made in the browser with the encoder the server's tickets use
 * (docs/web-screens.md, "Thermal printer"): initialise, code page Windows-1252 (accents and ñ),
 * the shop's name, a ruler of the line's width, the accents, the date, a full cut. The encoder is
 * loaded only now, so no other screen downloads it.
 */
export async function createPaginaDePrueba(datos: DatosPaginaDePrueba): Promise<Uint8Array> {
  const { default: ReceiptPrinterEncoder } = await import('@point-of-sale/receipt-printer-encoder');
  const columnas = COLUMNAS_POR_ANCHO[datos.ancho];
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: columnas,
    // ESC t 16 for Windows-1252, as on Epson and the printers that copy its table.
    codepageMapping: 'epson',
    newline: '\n',
  });
  return encoder
    .initialize()
    .codepage('windows1252')
    .align('center')
    .bold(true)
    .line('Tianguis · Página de prueba')
    .bold(false)
    .line(datos.nombreTienda)
    .align('left')
    .newline()
    .line(reglaDeColumnas(columnas))
    .line(`Papel: ${datos.ancho} mm, ${columnas} columnas`)
    .newline()
    .line('Acentos: áéíóú ñ Ñ ¿¡')
    .newline()
    .line(formatFechaTicket(datos.ahora, datos.timeZone))
    .newline()
    .cut('full')
    .encode();
}
