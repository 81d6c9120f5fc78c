import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openMiTiendaScreen } from '#test/app/mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { zonaGuardada } from '#test/zonas-envio/fixtures';
import { clearQueryCache } from '../../lib/query';
import ZonasEnvio from './zonas-envio';

afterEach(() => clearQueryCache());

describe('/zonas-envio', () => {
  it("opens on the owner's shop zones, in order, with the switched-off banner when it is off", () => {
    openMiTiendaScreen(
      '/zonas-envio',
      <ZonasEnvio />,
      tiendaDePrueba({
        activarODesactivar: false,
        ubicacion: { lat: 19.4326, lng: -99.1332 },
        zonas: [
          zonaGuardada({ id: 2, nombre: 'Roma', colonias: ['Roma Norte'], costoDeEnvio: 30 }),
          zonaGuardada({
            id: 1,
            nombre: 'Cerca',
            colonias: [],
            radioKm: 1.5,
            costoDeEnvio: 0,
            montoMinimo: 100,
            activa: false,
          }),
        ],
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Zonas de envío' })).toBeTruthy();
    expect(screen.getByText('Tienda desactivada')).toBeTruthy();
    expect(screen.getByText('19.43260, -99.13320')).toBeTruthy();
    const legends = [...document.querySelectorAll('fieldset[data-zona] > legend')].map(
      (l) => l.textContent,
    );
    expect(legends).toEqual(['Roma', 'Cerca (apagada)']);
    expect(
      (screen.getAllByLabelText('Radio en km desde tu tienda (opcional)')[1] as HTMLInputElement)
        .value,
    ).toBe('1.5');
  });
});
