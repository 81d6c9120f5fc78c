import { describe, expect, it } from 'vitest';
import { datosParaCompartir, tiendaUrl, whatsappUrl } from './compartir';

describe('compartir', () => {
  it("points at the shop's public page by its path (the QR, the share sheet, WhatsApp)", () => {
    expect(tiendaUrl('https://tianguis.mx', 'taqueria-lupe')).toBe(
      'https://tianguis.mx/tienda/taqueria-lupe',
    );
    expect(tiendaUrl('https://tianguis.mx', 'doña mari')).toBe(
      'https://tianguis.mx/tienda/do%C3%B1a%20mari',
    );
  });

  it('sends the short text and the link to WhatsApp, for the person to pick whom', () => {
    const datos = datosParaCompartir('Taquería Lupe', 'taqueria-lupe', 'https://tianguis.mx');
    expect(whatsappUrl(datos)).toBe(
      `https://wa.me/?text=${encodeURIComponent('Mira el menú de Taquería Lupe y haz tu pedido en línea: https://tianguis.mx/tienda/taqueria-lupe')}`,
    );
  });
});
