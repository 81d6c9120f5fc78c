import { describe, expect, it } from 'vitest';
import { condicionesDeTienda } from './tienda-info';

const tienda = {
  montoMinimo: 80,
  costoDeEnvio: 25,
  entrega: { recoger: true, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: null },
};
const zona = (costoDeEnvio: number) => ({
  nombre: `Zona ${costoDeEnvio}`,
  colonias: ['Centro'],
  codigosPostales: [],
  radioKm: null,
  costoDeEnvio,
  montoMinimo: 0,
  activa: true,
});

describe('condicionesDeTienda', () => {
  it('says the flat shipping without zones', () => {
    expect(condicionesDeTienda({ ...tienda, zonas: [] })).toContain('Envío $ 25.00');
    expect(condicionesDeTienda({ ...tienda, costoDeEnvio: 0, zonas: [] })).toContain(
      'Envío gratis',
    );
  });

  it('says the cheapest zone’s fee with delivery zones, never a flat fee the shop does not charge', () => {
    const filas = condicionesDeTienda({ ...tienda, zonas: [zona(40), zona(20)] });
    expect(filas).toContain('Envío desde $ 20.00');
    expect(filas).not.toContain('Envío $ 25.00');
    expect(condicionesDeTienda({ ...tienda, zonas: [zona(0), zona(30)] })).toContain(
      'Envío según tu colonia',
    );
  });
});
