/** Where the landing page's contact form sends people: there is no server-side contact endpoint. */
export const CORREO_CONTACTO = 'contacto@tianguis.mx';

export interface ContactoMensaje {
  nombre: string;
  email: string;
  mensaje: string;
}

/** A mailto: link that opens the visitor's own mail app with the message already written. */
export function buildContactoMailto(m: ContactoMensaje): string {
  const subject = `Contacto desde Tianguis: ${m.nombre.trim()}`;
  const body = `${m.mensaje.trim()}\n\n${m.nombre.trim()}\n${m.email.trim()}`;
  return `mailto:${CORREO_CONTACTO}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
