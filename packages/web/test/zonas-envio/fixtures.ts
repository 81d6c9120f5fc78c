import type { MiTienda } from '../../src/features/mi-tienda/api/get-mi-tienda';
import type { ZonaBody } from '../../src/features/zonas-envio/logic/zonas-form';

/**
 * A delivery zone as updatetienda takes it, before it has an id: "Centro", by two colonias,
 * $20 to send, no minimum, on. `overrides` change what a test is about.
 */
export function zonaAGuardar(overrides: Partial<ZonaBody> = {}): ZonaBody {
  return {
    nombre: 'Centro',
    colonias: ['Centro', 'Doctores'],
    codigosPostales: [],
    radioKm: null,
    costoDeEnvio: 20,
    montoMinimo: 0,
    activa: true,
    ...overrides,
  };
}

/** The same zone as GET /api/tienda/mitienda answers it, saved with id 1. */
export function zonaGuardada(overrides: Partial<MiTienda['zonas'][number]> = {}) {
  return { id: 1, ...zonaAGuardar(), ...overrides } satisfies MiTienda['zonas'][number];
}
