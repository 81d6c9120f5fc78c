import { CANTIDAD_MAXIMA_POR_LINEA, claveDeLinea } from '@tianguis/domain';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { addItem } from '../api/add-item';
import { setCantidad } from '../api/set-cantidad';
import { getCanastasLocales, setCantidadLocal } from './canasta-local';

export const fusionMessages = {
  omitidos:
    'Algunos productos de tu canasta ya no estaban disponibles y no se agregaron a tu cuenta',
} as const;

let enCurso: Promise<void> | undefined;

/**
 * Moves the basket kept in this browser into the signed-in shopper's cart (called once the
 * session is stored, after sign-in or registration): one addItem per line, then `cantidad` for
 * the rest of its units; each line leaves the browser once the server has it. A line the server
 * refuses for good (sold out, options no longer valid: a 4xx) is dropped and the shopper told;
 * a lost connection or a server failure stops here and keeps what is left for the next sign-in.
 */
export function mergeCanastaLocal(): Promise<void> {
  enCurso ??= fusionar().finally(() => (enCurso = undefined));
  return enCurso;
}

async function fusionar(): Promise<void> {
  let omitidos = 0;
  for (const canasta of getCanastasLocales()) {
    for (const linea of canasta.lineas) {
      const clave = claveDeLinea(linea);
      try {
        const carrito = await addItem(linea);
        if (linea.cantidad > 1) {
          const item = carrito
            .find((g) => g.tiendaId === canasta.tiendaId)
            ?.listOfShoppingCartMarketStore.find((i) => claveDeLinea(i) === clave);
          if (item) {
            await setCantidad(
              item.shoppingCartId,
              Math.min(CANTIDAD_MAXIMA_POR_LINEA, item.cantidad + linea.cantidad - 1),
            );
          }
        }
      } catch (error) {
        const definitivo = error instanceof ApiError && error.status >= 400 && error.status < 500;
        if (!definitivo) return;
        omitidos++;
      }
      setCantidadLocal(canasta.tiendaId, clave, 0);
    }
  }
  if (omitidos > 0) notify.error(fusionMessages.omitidos);
}
