import type { PedidoVista } from '@tianguis/domain';

// The kitchen display's rules (docs/web-screens.md, "The kitchen display"): which orders are
// tickets, in what order, and how the time left reads. Pure: the clock is a parameter.

type PedidoDeCocina = Pick<
  PedidoVista,
  'id' | 'status' | 'fecha' | 'programadoPara' | 'listoEstimado' | 'listoEn'
>;

const MINUTO_MS = 60_000;

/** The instant an order is due: its slot when scheduled, else the ready time set on accepting. */
export function vencimientoDe(
  pedido: Pick<PedidoVista, 'programadoPara' | 'listoEstimado'>,
): number {
  for (const iso of [pedido.programadoPara, pedido.listoEstimado]) {
    if (!iso) continue;
    const ms = Date.parse(iso);
    if (!Number.isNaN(ms)) return ms;
  }
  return Number.NaN;
}

/**
 * The tickets: accepted orders (ACEPTADO), the one due first first (docs/api.md, "Staff and the
 * kitchen"); an order without a due time after those with one, by when it was placed; then by id.
 */
export function comandasDeCocina<T extends PedidoDeCocina>(pedidos: readonly T[]): T[] {
  const clave = (p: T) => {
    const vence = vencimientoDe(p);
    return Number.isNaN(vence) ? Number.POSITIVE_INFINITY : vence;
  };
  return pedidos
    .filter((p) => p.status === 'ACEPTADO')
    .sort((a, b) => {
      const porVence = clave(a) - clave(b);
      if (porVence !== 0 && !Number.isNaN(porVence)) return porVence;
      const porFecha = Date.parse(a.fecha) - Date.parse(b.fecha);
      if (porFecha !== 0 && !Number.isNaN(porFecha)) return porFecha;
      return a.id - b.id;
    });
}

/** How many ready orders the 'Listos' strip keeps in sight. */
export const LISTOS_A_LA_VISTA = 6;

/** The orders marked ready most recently, newest first (the 'Listos' strip). */
export function listosRecientes<T extends PedidoDeCocina>(
  pedidos: readonly T[],
  max = LISTOS_A_LA_VISTA,
): T[] {
  const instante = (p: T) => {
    const ms = Date.parse(p.listoEn ?? '');
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return pedidos
    .filter((p) => p.status === 'LISTO')
    .sort((a, b) => instante(b) - instante(a) || b.id - a.id)
    .slice(0, max);
}

function duracion(minutos: number): string {
  if (minutos < 60) return `${minutos} min`;
  const horas = Math.floor(minutos / 60);
  const resto = minutos % 60;
  return resto === 0 ? `${horas} h` : `${horas} h ${resto} min`;
}

export interface TiempoDeComanda {
  readonly texto: string;
  readonly tarde: boolean;
}

/**
 * 'Faltan 8 min' (rounded up: 'Faltan 1 min' down to the last second), 'Es la hora' within the
 * minute after it, 'Tarde por 3 min' past that; hours past the hour ('Faltan 1 h 20 min').
 * Undefined without a due time.
 */
export function tiempoDeComanda(vence: number, now: number): TiempoDeComanda | undefined {
  if (!Number.isFinite(vence) || !Number.isFinite(now)) return undefined;
  const ms = vence - now;
  if (ms > 0) return { texto: `Faltan ${duracion(Math.ceil(ms / MINUTO_MS))}`, tarde: false };
  const tarde = Math.floor(-ms / MINUTO_MS);
  if (tarde === 0) return { texto: 'Es la hora', tarde: false };
  return { texto: `Tarde por ${duracion(tarde)}`, tarde: true };
}

export const cocinaMessages = {
  titulo: 'Cocina',
  vacio: 'No hay pedidos en preparación',
  vacioTexto: 'Los pedidos aparecen aquí en cuanto se aceptan.',
  cargando: 'Cargando pedidos…',
  listo: 'Listo',
  marcando: 'Marcando…',
  listos: 'Listos',
  enVivo: 'En vivo',
  conectando: 'Conectando…',
  sinConexion: 'Sin conexión',
  sinConexionTexto: 'se revisa cada 30 s',
  pantallaEncendida: 'La pantalla se mantiene encendida',
  /** A 409: another device moved the order first (completed, cancelled or marked ready). */
  cambio: (id: number) =>
    `El pedido #${id} ya había cambiado en otro dispositivo. Actualizamos la lista.`,
  nuevo: (id: number) => `Nuevo pedido en cocina: #${id}`,
  entendido: 'Entendido',
} as const;
