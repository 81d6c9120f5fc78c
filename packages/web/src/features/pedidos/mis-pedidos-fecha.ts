const formatos = new Map<string, Intl.DateTimeFormat>();

/**
 * An order's date for people in Mexico: '5 de marzo de 2025, 10:30 a.m.' in the browser's time
 * zone (or the one given); the text as sent if it isn't a date.
 */
export function formatFechaPedido(fecha: string, timeZone?: string): string {
  const ms = Date.parse(fecha);
  if (Number.isNaN(ms)) return fecha;
  const clave = timeZone ?? '';
  let formato = formatos.get(clave);
  if (!formato) {
    formato = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone });
    formatos.set(clave, formato);
  }
  return formato.format(ms);
}
