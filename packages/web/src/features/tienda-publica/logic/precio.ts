import { formatPesos, pesosToCentavos } from '@tianguis/domain';

/** The API answers pesos; cards show '$ 45.50' through the domain's centavos formatter. */
export function precioTexto(price: number): string {
  return formatPesos(pesosToCentavos(price));
}
