import type { PuntoMapa } from '@tianguis/domain';
import { cuerpoDeTiendaCon, type MiTienda, type TiendaUpdateBody } from '../../mi-tienda';
import type { ZonaBody } from './zonas-form';

/** updatetienda's body when it carries the zones: the shop's settings as they are, its point, its zones. */
export type ZonasUpdateBody = TiendaUpdateBody & { zonas: ZonaBody[] };

export const SIN_CONFIGURAR =
  'Primero configura tu tienda (nombre, logo, entrega y pagos): después podrás definir tus zonas de envío.';

/**
 * The shop's settings as they are, with the point and the zones of this screen (updatetienda
 * takes them all each time). A shop the wizard would refuse as it is (not configured yet) can't
 * save zones: its message says so.
 */
export function cuerpoDeZonas(
  tienda: MiTienda,
  zonas: ZonaBody[],
  ubicacion: PuntoMapa | null,
): { ok: true; body: ZonasUpdateBody } | { ok: false; message: string } {
  return cuerpoDeTiendaCon(tienda, SIN_CONFIGURAR, { ubicacion, zonas });
}
