function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The downloaded QR's file name, by local date and time ('Descargar' saves a PNG named by date
 * and time; docs/web-screens.md, "The owner's screens"), e.g.
 * qr-taqueria-lupe-2026-11-22_14-05-09.png. Only characters every file system accepts are kept
 * from the shop's address.
 */
export function qrFileName(usuario: string, at: Date): string {
  const nombre = usuario.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'tienda';
  const fecha = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const hora = `${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`;
  return `qr-${nombre}-${fecha}_${hora}.png`;
}
