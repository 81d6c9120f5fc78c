import { formatPesos, pesosToCentavos } from '@tianguis/domain';

// The basket bar's shipping at a shop with delivery zones (docs/web-screens.md, "The basket
// bar"): the fee depends on where the order goes, which the checkout asks; until then the bar
// says the cheapest fee of the shop's active zones, never a flat fee the shop does not charge.

export const envioDeBarraMessages = {
  envioDesde: (costo: string) => `Envío desde ${costo}`,
  segunColonia: 'Envío según tu colonia',
} as const;

/** 'Envío desde $ 20.00', or 'Envío según tu colonia' when the cheapest zone is free. */
export function envioDesde(zonas: readonly { costoDeEnvio: number; activa: boolean }[]): string {
  const masBarato = Math.min(...zonas.filter((z) => z.activa).map((z) => z.costoDeEnvio));
  return masBarato > 0 && masBarato !== Infinity
    ? envioDeBarraMessages.envioDesde(formatPesos(pesosToCentavos(masBarato)))
    : envioDeBarraMessages.segunColonia;
}
