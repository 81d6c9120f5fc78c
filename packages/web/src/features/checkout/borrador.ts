import { METODOS_PAGO, TIPOS_ENTREGA } from '@tianguis/domain';
import {
  metodosDePago,
  tiposDeEntrega,
  type CanastaCheckout,
  type CheckoutField,
  type CheckoutValues,
} from './logic/checkout-values';

/**
 * What a shopper typed in one shop's checkout form and hasn't ordered yet (the draft), kept on
 * this device so Back, Forward, a reload or signing in midway lose nothing. localStorage, not
 * sessionStorage: a phone's browser may drop the tab while the shopper checks WhatsApp, and a
 * shop link opened again from a chat is a new tab.
 *
 * - One draft per shop (`tianguis.checkout.borrador.<tiendaId>`): a shop's choices never carry
 *   over to another shop's form.
 * - Only the fields the person changed are kept, as typed: an untouched field still starts from
 *   its usual value (the account's phone once signed in, a guest's last data from
 *   `datos-guardados.ts`), and a field cleared on purpose stays empty.
 * - A draft typed without an account is offered after signing in; one typed by an account is
 *   offered to that account only, never to a visitor or another account on the same phone.
 * - Gone once the order is placed, or after `BORRADOR_VIGENCIA_MS` untouched.
 * - Only the checkout form's own fields: no card or CLABE data is typed in it, so none is kept.
 */
export const BORRADOR_PREFIJO = 'tianguis.checkout.borrador.';

/** A draft older than a day is an abandoned order, not one in progress. */
export const BORRADOR_VIGENCIA_MS = 24 * 60 * 60 * 1000;

/** Longer than any field takes (the form refuses more): a damaged entry can't fill the screen. */
const TEXTO_MAXIMO = 1000;

/** The fields the person changed, as typed. */
export type Borrador = Partial<CheckoutValues>;

interface Guardado {
  /** The account that typed it, or null without one. */
  cuenta: number | null;
  /** Date.now() of the last change. */
  guardado: number;
  valores: Borrador;
}

const CAMPOS_DE_TEXTO = [
  'nombreCompleto',
  'celular',
  'direccion',
  'referencias',
  'colonia',
  'codigoPostal',
  'pagaCon',
  'nota',
] as const satisfies readonly CheckoutField[];

export function claveDeBorrador(tiendaId: number): string {
  return `${BORRADOR_PREFIJO}${tiendaId}`;
}

function texto(v: unknown): string | undefined {
  return typeof v === 'string' && v.length <= TEXTO_MAXIMO ? v : undefined;
}

/** Only what a form could have written: a damaged or foreign entry gives nothing. */
function valoresDe(v: unknown): Borrador {
  if (typeof v !== 'object' || v === null) return {};
  const fuente = v as Record<string, unknown>;
  const valores: Borrador = {};
  for (const campo of CAMPOS_DE_TEXTO) {
    const t = texto(fuente[campo]);
    if (t !== undefined) valores[campo] = t;
  }
  const tipo = TIPOS_ENTREGA.find((t) => t === fuente.tipoEntrega);
  if (tipo) valores.tipoEntrega = tipo;
  const metodo = METODOS_PAGO.find((m) => m === fuente.metodoPago);
  if (metodo) valores.metodoPago = metodo;
  return valores;
}

/**
 * The draft of `tiendaId`'s form for whoever is on the phone now (`cuenta`: the account's id, or
 * undefined without a session); empty when there is none for them.
 */
export function readBorrador(
  tiendaId: number,
  cuenta: number | undefined,
  ahora = Date.now(),
): Borrador {
  try {
    const raw = localStorage.getItem(claveDeBorrador(tiendaId));
    if (raw === null) return {};
    const g = JSON.parse(raw) as Partial<Guardado> | null;
    const vigente = typeof g?.guardado === 'number' && ahora - g.guardado < BORRADOR_VIGENCIA_MS;
    const suyo = g?.cuenta === null || (g?.cuenta !== undefined && g.cuenta === cuenta);
    if (!vigente || !suyo) return {};
    return valoresDe(g.valores);
  } catch {
    return {};
  }
}

/**
 * The form's starting values with the draft over them; a delivery or payment choice the shop no
 * longer offers is left out (the form's own first choice stays).
 */
export function conBorrador(
  values: CheckoutValues,
  borrador: Borrador,
  canasta: Pick<CanastaCheckout, 'entrega' | 'pagos'>,
): CheckoutValues {
  const { tipoEntrega, metodoPago, ...textos } = borrador;
  return {
    ...values,
    ...textos,
    ...(tipoEntrega && tiposDeEntrega(canasta.entrega).includes(tipoEntrega) && { tipoEntrega }),
    ...(metodoPago && metodosDePago(canasta.pagos).includes(metodoPago) && { metodoPago }),
  };
}

/**
 * Keeps `valores` as the draft of `tiendaId`'s form, typed by `cuenta` (undefined: no account),
 * and forgets other shops' drafts that have expired.
 */
export function saveBorrador(
  tiendaId: number,
  cuenta: number | undefined,
  valores: Borrador,
  ahora = Date.now(),
): void {
  try {
    const guardado: Guardado = { cuenta: cuenta ?? null, guardado: ahora, valores };
    localStorage.setItem(claveDeBorrador(tiendaId), JSON.stringify(guardado));
    olvidarVencidos(ahora);
  } catch {
    // Private mode or a full storage: the form still works, it just won't survive a reload.
  }
}

/** The order was placed: its shop's form starts afresh next time. */
export function deleteBorrador(tiendaId: number): void {
  try {
    localStorage.removeItem(claveDeBorrador(tiendaId));
  } catch {
    // Nothing was kept, then.
  }
}

function olvidarVencidos(ahora: number): void {
  const vencidos: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const clave = localStorage.key(i);
    if (!clave?.startsWith(BORRADOR_PREFIJO)) continue;
    try {
      const g = JSON.parse(localStorage.getItem(clave) ?? 'null') as Partial<Guardado> | null;
      if (typeof g?.guardado !== 'number' || ahora - g.guardado >= BORRADOR_VIGENCIA_MS) {
        vencidos.push(clave);
      }
    } catch {
      vencidos.push(clave);
    }
  }
  for (const clave of vencidos) localStorage.removeItem(clave);
}
