// Money is integer centavos inside and pesos with at most two decimals at the edge (docs/api.md).
// Amounts are converted by reading their decimal text, never by multiplying a binary float by
// 100, which turns values such as 0.29 or 19.99 into 28.999... or 1998.999... centavos.

/** Whole pesos, then at most two decimals; no sign, exponent, spaces or bare dot. */
const PESOS_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;
const CENTAVOS_PER_PESO = 100;

export interface LineaDeMonto {
  /** Unit price in centavos. */
  readonly precio: number;
  readonly cantidad: number;
}

export interface TotalDePedido {
  /** Sum of the line amounts, in centavos. */
  readonly subtotal: number;
  readonly cantidadDeArticulos: number;
  /** Subtotal plus delivery cost, in centavos. */
  readonly total: number;
}

/**
 * Integer centavos for an amount in pesos ('45', '45.5', 45.5, 0), or undefined when it is not a
 * finite amount >= 0 with at most two decimals. Strings are taken as typed: callers trim first.
 */
export function parsePesos(value: string | number): number | undefined {
  const text = readDecimalText(value);
  if (text === undefined) return undefined;
  const match = PESOS_PATTERN.exec(text);
  if (match === null) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  const centavos = Number(whole) * CENTAVOS_PER_PESO + Number(fraction.padEnd(2, '0'));
  // Beyond 2^53 the digits typed are no longer the amount stored.
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

/**
 * A number's shortest round-trip text is the decimal the sender meant (0.29 prints '0.29'), so a
 * JSON number is judged by the same pattern as a typed string; NaN and Infinity are refused.
 */
function readDecimalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Centavos for an amount the API sent or answered in pesos (docs/api.md: a JSON number with at
 * most two decimals). The exact decimal when it has at most two; anything else is rounded to the
 * nearest centavo rather than dropped, so a total is never silently wrong by a whole line. The
 * one place this conversion is written: server views and the web app call it.
 */
export function pesosToCentavos(pesos: number): number {
  return parsePesos(pesos) ?? Math.round(pesos * CENTAVOS_PER_PESO);
}

/**
 * Pesos for the wire: 1999 → 19.99. Dividing an integer by 100 is correctly rounded, so the
 * result is the same double as the literal 19.99 and serialises with two decimals at most.
 */
export function centavosToPesos(centavos: number): number {
  return Math.round(centavos) / CENTAVOS_PER_PESO;
}

/** The cards' price text: '$ 19.99', '$ 1,234.50'; a negative amount reads '-$ 5.00'. */
export function formatPesos(centavos: number): string {
  const rounded = Math.round(centavos);
  const sign = rounded < 0 ? '-' : '';
  const magnitude = Math.abs(rounded);
  const pesos = Math.floor(magnitude / CENTAVOS_PER_PESO);
  const cents = magnitude % CENTAVOS_PER_PESO;
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$ ${grouped}.${String(cents).padStart(2, '0')}`;
}

/** Sum of line amounts (unit price × quantity), in centavos. */
export function sumLineas(lineas: readonly LineaDeMonto[]): number {
  return lineas.reduce((sum, linea) => sum + linea.precio * linea.cantidad, 0);
}

/**
 * What delivery adds to an order: the shop's cost for delivery (DOMICILIO), nothing for pickup
 * (docs/api.md, "Checkout"). In whatever unit `costoDeEnvio` comes in.
 */
export function costoDeEnvioDe(tipo: 'DOMICILIO' | 'RECOGER', costoDeEnvio: number): number {
  return tipo === 'RECOGER' ? 0 : costoDeEnvio;
}

/**
 * An order's totals, the one rule for them on the server and in the web app (docs/api.md,
 * "Checkout": total = sum of line amounts + delivery cost, costoDeEnvioDe). Every amount is
 * integer centavos, so the "rounded to 2 decimals" holds without any rounding step.
 */
export function computeTotal(pedido: {
  readonly lineas: readonly LineaDeMonto[];
  readonly costoDeEnvio: number;
}): TotalDePedido {
  const subtotal = sumLineas(pedido.lineas);
  const cantidadDeArticulos = pedido.lineas.reduce((sum, linea) => sum + linea.cantidad, 0);
  return { subtotal, cantidadDeArticulos, total: subtotal + pedido.costoDeEnvio };
}
