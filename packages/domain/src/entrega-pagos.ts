import type { EntregaTienda, PagosTienda, PagosVista } from './pedido.schema.js';

// A shop's delivery and payment choices as the database stores them, read into the shapes every
// answer carries: the shop's settings, a basket group, and the checkout's check of the choice.

/** A shop's delivery choices as stored. */
export function toEntregaTienda(t: {
  entrega_recoger: number;
  entrega_domicilio: number;
}): EntregaTienda {
  return { recoger: t.entrega_recoger === 1, domicilio: t.entrega_domicilio === 1 };
}

/** A shop's payment choices as stored, the transfer details whole (owner, admin, orders). */
export function toPagosTienda(t: {
  pago_efectivo: number;
  pago_terminal: number;
  transferencia_clabe: string | null;
  transferencia_banco: string | null;
  transferencia_titular: string | null;
}): PagosTienda {
  const transferencia =
    t.transferencia_clabe !== null && t.transferencia_banco !== null
      ? {
          clabe: t.transferencia_clabe,
          banco: t.transferencia_banco,
          titular: t.transferencia_titular ?? '',
        }
      : null;
  return { efectivo: t.pago_efectivo === 1, terminal: t.pago_terminal === 1, transferencia };
}

/** What anyone but the owner and the admin sees: the bank's name only, never CLABE or holder. */
export function redactPagos(pagos: PagosTienda): PagosVista {
  return {
    efectivo: pagos.efectivo,
    terminal: pagos.terminal,
    transferencia: pagos.transferencia ? { banco: pagos.transferencia.banco } : null,
  };
}
