import { describe, expect, it } from 'vitest';
import { envioDesde } from './envio-de-barra';

describe('envioDesde', () => {
  it('says the cheapest fee of the active zones', () => {
    expect(
      envioDesde([
        { costoDeEnvio: 35, activa: true },
        { costoDeEnvio: 10, activa: false },
        { costoDeEnvio: 20.5, activa: true },
      ]),
    ).toBe('Envío desde $ 20.50');
  });

  it('does not promise free delivery: a free zone says the fee depends on the colonia', () => {
    expect(
      envioDesde([
        { costoDeEnvio: 0, activa: true },
        { costoDeEnvio: 30, activa: true },
      ]),
    ).toBe('Envío según tu colonia');
    expect(envioDesde([])).toBe('Envío según tu colonia');
  });
});
