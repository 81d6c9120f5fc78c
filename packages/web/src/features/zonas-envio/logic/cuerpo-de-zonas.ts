import type { PuntoMapa } from '@tianguis/domain';
import {
  type MiTienda,
  checkWizardTienda,
  wizardValuesFromTienda,
  type TiendaUpdateBody,
} from '../../mi-tienda';
import type { ZonaBody } from './zonas-form';

/** updatetienda's body when it carries the zones: the shop's settings as they are, its point, its zones. */
export type ZonasUpdateBody = TiendaUpdateBody & { zonas: ZonaBody[] };

export const SIN_CONFIGURAR =
  'Primero configura tu tienda (nombre, logo, entrega y pagos): después podrás definir tus zonas de envío.';

/**
 * updatetienda takes the shop's whole settings each time: the body is the settings wizard's, built
 * from the shop as it is now (so nothing else changes), with the point and the zones of this screen.
 * A shop the wizard would refuse as it is (not configured yet) can't save zones: its message says so.
 */
export function cuerpoDeZonas(
  tienda: MiTienda,
  zonas: ZonaBody[],
  ubicacion: PuntoMapa | null,
): { ok: true; body: ZonasUpdateBody } | { ok: false; message: string } {
  if (!tienda.configured) return { ok: false, message: SIN_CONFIGURAR };
  const ajustes = checkWizardTienda(wizardValuesFromTienda(tienda));
  if (!ajustes.ok) return { ok: false, message: `${SIN_CONFIGURAR} ${ajustes.message}` };
  return { ok: true, body: { ...ajustes.input, ubicacion, zonas } };
}
