import { formatPesos, pesosToCentavos } from './money.js';

// The owner's alerts on every screen: which orders still wait for someone to look at them, the
// banner's words, the tab title's count, and the bell that rings until the order is handled.
// Time is a parameter: the caller reads the clock.

/** The bell rings again every 5 s while an alerted order waits. */
export const INTERVALO_TIMBRE_MS = 5_000;

export const alertasTiendaMessages = {
  region: 'Pedidos nuevos',
  verPedido: 'Ver pedido',
  verPedidos: 'Ver pedidos',
  silenciar: 'Silenciar',
  activarSonido: 'Activar sonido',
  sonando: 'Sonando hasta que lo abras',
  silenciado: 'Sonido silenciado',
  sonidoApagado: 'El sonido de pedidos está apagado',
  sonidoBloqueado: 'El navegador bloqueó el sonido',
  pantallaEncendida: 'Pantalla siempre encendida',
} as const;

export interface PedidoAlertable {
  readonly id: number;
  readonly status: string;
  readonly vistoEn: string | null;
  /** 'MANUAL': the owner typed it, so there is nobody to alert. */
  readonly origen: string;
  /** Pesos, as the API answers it. */
  readonly montoTotal: number;
  readonly nombreCompleto: string;
}

/** Still NUEVO and never opened by the owner (an order typed by the owner doesn't count). */
export function isPedidoSinAtender(pedido: PedidoAlertable): boolean {
  return pedido.status === 'NUEVO' && !pedido.vistoEn && pedido.origen !== 'MANUAL';
}

/** The orders waiting for the owner, newest first. */
export function pedidosSinAtender<T extends PedidoAlertable>(pedidos: readonly T[]): T[] {
  return pedidos.filter(isPedidoSinAtender).sort((a, b) => b.id - a.id);
}

const CONTEO_EN_TITULO = /^\(\d+\) /;

/** 'Pedidos · Tianguis' with 2 waiting: '(2) Pedidos · Tianguis'; with none, the title alone. */
export function tituloConConteo(titulo: string, conteo: number): string {
  const base = titulo.replace(CONTEO_EN_TITULO, '');
  return conteo > 0 ? `(${conteo}) ${base}` : base;
}

export interface TextoAlerta {
  /** 'Pedido nuevo #12' or '3 pedidos nuevos'. */
  readonly titulo: string;
  /** '$ 150.00 · Rosa Martínez' (the newest order's). */
  readonly detalle: string;
}

/** The banner's words for the waiting orders (newest first), or undefined when none waits. */
export function textoAlertaDePedidos(
  sinAtender: readonly PedidoAlertable[],
): TextoAlerta | undefined {
  const [nuevo] = sinAtender;
  if (!nuevo) return undefined;
  const total = formatPesos(pesosToCentavos(nuevo.montoTotal));
  const detalle = `${total} · ${nuevo.nombreCompleto}`;
  if (sinAtender.length === 1) return { titulo: `Pedido nuevo #${nuevo.id}`, detalle };
  return {
    titulo: `${sinAtender.length} pedidos nuevos`,
    detalle: `El más reciente: #${nuevo.id} · ${detalle}`,
  };
}

// ---- The bell ----

/**
 * The bell's memory for one visit: the orders it was told to alert about, those the owner
 * silenced, and when it last rang.
 */
export interface TimbreDePedidos {
  readonly alertados: ReadonlySet<number>;
  readonly silenciados: ReadonlySet<number>;
  readonly ultimoToqueEn: number | undefined;
  /** How many times it has rung this visit. */
  readonly toques: number;
}

export const TIMBRE_INICIAL: TimbreDePedidos = {
  alertados: new Set(),
  silenciados: new Set(),
  ultimoToqueEn: undefined,
  toques: 0,
};

/** New orders to ring for (the ones the order watch found new). */
export function alertEnTimbre(timbre: TimbreDePedidos, ids: readonly number[]): TimbreDePedidos {
  if (ids.every((id) => timbre.alertados.has(id))) return timbre;
  return { ...timbre, alertados: new Set([...timbre.alertados, ...ids]) };
}

/** The orders the bell rings for now: alerted, still waiting (`sinAtender`) and not silenced. */
export function pedidosQueSuenan(timbre: TimbreDePedidos, sinAtender: readonly number[]): number[] {
  return sinAtender.filter((id) => timbre.alertados.has(id) && !timbre.silenciados.has(id));
}

/** 'Silenciar': quiet for the orders ringing now; an order alerted later rings again. */
export function silenceTimbre(
  timbre: TimbreDePedidos,
  sinAtender: readonly number[],
): TimbreDePedidos {
  const suenan = pedidosQueSuenan(timbre, sinAtender);
  if (suenan.length === 0) return timbre;
  return {
    ...timbre,
    silenciados: new Set([...timbre.silenciados, ...suenan]),
    ultimoToqueEn: undefined,
  };
}

/**
 * One tick of the bell at `now` (ms): it rings when some order rings and the last ring is at
 * least `intervaloMs` old (or there was none: a new alert rings at once). With nothing to ring
 * for, it forgets its last ring so the next alert is heard immediately.
 */
export function ringTimbre(
  timbre: TimbreDePedidos,
  sinAtender: readonly number[],
  now: number,
  intervaloMs: number = INTERVALO_TIMBRE_MS,
): { timbre: TimbreDePedidos; tocar: boolean } {
  if (pedidosQueSuenan(timbre, sinAtender).length === 0) {
    const quieto =
      timbre.ultimoToqueEn === undefined ? timbre : { ...timbre, ultimoToqueEn: undefined };
    return { timbre: quieto, tocar: false };
  }
  const ultimo = timbre.ultimoToqueEn;
  // A clock set back (ultimo in the future) must not silence the bell for that long.
  const toca = ultimo === undefined || now - ultimo >= intervaloMs || now < ultimo;
  if (!toca) return { timbre, tocar: false };
  return { timbre: { ...timbre, ultimoToqueEn: now, toques: timbre.toques + 1 }, tocar: true };
}
