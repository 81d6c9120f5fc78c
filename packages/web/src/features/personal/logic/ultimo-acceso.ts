const MINUTO = 60_000;
const HORA = 60 * MINUTO;
const DIA = 24 * HORA;

/**
 * A member's last sign-in as the owner's list says it: 'Aún no ha entrado', 'hace un momento',
 * 'hace 12 min', 'hace 3 h', then the day and time on this phone's clock ('3 dic, 14:05'), or
 * the shop's `timeZone` when given (tests).
 */
export function ultimoAccesoTexto(iso: string | null, now: Date, timeZone?: string): string {
  if (iso === null) return 'Aún no ha entrado';
  const instante = new Date(iso);
  if (Number.isNaN(instante.getTime())) return 'Aún no ha entrado';
  const ms = now.getTime() - instante.getTime();
  // A phone whose clock runs a little behind the server's sees a sign-in "in the future".
  if (ms < MINUTO) return 'Último acceso: hace un momento';
  if (ms < HORA) return `Último acceso: hace ${Math.floor(ms / MINUTO)} min`;
  if (ms < DIA) return `Último acceso: hace ${Math.floor(ms / HORA)} h`;
  return `Último acceso: ${fechaLocal(instante, now, timeZone)}`;
}

/** '3 dic, 14:05' (with the year when it is not this year's). */
export function fechaLocal(instante: Date, now: Date, timeZone?: string): string {
  const anio = new Intl.DateTimeFormat('es-MX', { year: 'numeric', timeZone });
  const otroAnio = anio.format(instante) !== anio.format(now);
  return new Intl.DateTimeFormat('es-MX', {
    day: 'numeric',
    month: 'short',
    ...(otroAnio && { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instante);
}
