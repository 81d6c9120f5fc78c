/** What the "Compartir" button hands to the phone's share sheet, or to the fallback menu. */
export interface DatosParaCompartir {
  title: string;
  text: string;
  url: string;
}

/** The shop's page address (the path form, which the server renders with a link preview). */
export function tiendaUrl(origin: string, usuario: string): string {
  return `${origin}/tienda/${encodeURIComponent(usuario)}`;
}

export function datosParaCompartir(
  nombre: string,
  usuario: string,
  origin: string,
): DatosParaCompartir {
  return {
    title: nombre,
    text: `Mira el menú de ${nombre} y haz tu pedido en línea`,
    url: tiendaUrl(origin, usuario),
  };
}

// Only the menu that opens without a share sheet needs it: a file of its own keeps it out of the
// shop page's first download (vite.config.ts groups this file with the page).
export { whatsappUrl } from './compartir-whatsapp';
