import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { LineaTicket } from './ticket-lineas.js';

/**
 * A ticket's lines as the bytes of an ESC/POS thermal printer (docs/api.md, "Staff and the
 * kitchen"; docs/decisions/, the ESC/POS encoder): initialise (ESC @), code page WPC1252
 * (ESC t 16, Epson's number for it) with the text in that encoding, bold (ESC E) and double
 * height (GS !) where the lines say, then a feed past the cutter and a full cut (GS V 0).
 *
 * The lines come already wrapped to `columnas` and made of windows-1252 characters only
 * (ticket-lineas.ts), so the encoder wraps nothing and replaces nothing; it is told 'strict' so
 * that anything it would otherwise change quietly is an error instead.
 */

/** Lines fed before the cut: the distance from the print head to the cutter of most printers. */
const FEED_BEFORE_CUT = 4;

export function encodeTicket(lineas: readonly LineaTicket[], columnas: number): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: columnas,
    codepageMapping: 'epson',
    feedBeforeCut: FEED_BEFORE_CUT,
    errors: 'strict',
  });
  encoder.initialize().codepage('windows1252');
  for (const linea of lineas) {
    encoder
      .bold(linea.negrita)
      .height(linea.alta ? 2 : 1)
      .line(linea.texto);
  }
  return encoder.bold(false).height(1).cut('full').encode();
}
