import type { EntregaTienda, PagosVista } from '@tianguis/domain';

/** The delivery and payment columns of a tienda row, as other modules' reads select them. */
export interface AjustesFila {
  entrega_recoger: number;
  entrega_domicilio: number;
  pago_efectivo: number;
  pago_terminal: number;
  transferencia_clabe: string | null;
  transferencia_banco: string | null;
  transferencia_titular: string | null;
}

export function entregaDeFila(row: AjustesFila): EntregaTienda {
  return { recoger: row.entrega_recoger === 1, domicilio: row.entrega_domicilio === 1 };
}

/**
 * The shop's payment methods. The CLABE and its holder go only to the shop's owner and the
 * admin (`completo`); everyone else learns the bank's name (docs/api.md, "Shop settings").
 */
export function pagosDeFila(row: AjustesFila, completo: boolean): PagosVista {
  const hasTransferencia =
    row.transferencia_clabe !== null &&
    row.transferencia_banco !== null &&
    row.transferencia_titular !== null;
  return {
    efectivo: row.pago_efectivo === 1,
    terminal: row.pago_terminal === 1,
    transferencia: !hasTransferencia
      ? null
      : completo
        ? {
            clabe: row.transferencia_clabe!,
            banco: row.transferencia_banco!,
            titular: row.transferencia_titular!,
          }
        : { banco: row.transferencia_banco! },
  };
}
