import type { DatosParaCompartir } from './compartir';

/** A WhatsApp message with the text and the link, for the person to pick whom to send it to. */
export function whatsappUrl(datos: DatosParaCompartir): string {
  return `https://wa.me/?text=${encodeURIComponent(`${datos.text}: ${datos.url}`)}`;
}
