import type { DatosConocidos } from './logic/checkout-values';

/**
 * The name, phone and address a guest typed last time on this phone, so the next order asks
 * nothing again. Only on the device that typed them; a signed-in shopper's come from the account.
 */
export const DATOS_CHECKOUT_KEY = 'tianguis.checkout.datos';

export function readDatosGuardados(): DatosConocidos {
  try {
    const datos = JSON.parse(localStorage.getItem(DATOS_CHECKOUT_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    const texto = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return {
      nombreCompleto: texto(datos.nombreCompleto),
      celular: texto(datos.celular),
      direccion: texto(datos.direccion),
      referencias: texto(datos.referencias),
    };
  } catch {
    return {};
  }
}

export function saveDatos(datos: DatosConocidos): void {
  try {
    localStorage.setItem(DATOS_CHECKOUT_KEY, JSON.stringify(datos));
  } catch {
    // Private mode or a full storage: next time the form is simply empty.
  }
}
