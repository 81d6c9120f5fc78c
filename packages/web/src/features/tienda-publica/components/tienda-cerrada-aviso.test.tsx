import { render, screen } from '@testing-library/react';
import type { DiaEspecial } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { taqueria } from '#test/tienda-publica/fixtures';
import { TiendaCerradaAviso } from './tienda-cerrada-aviso';

describe('TiendaCerradaAviso', () => {
  const { tienda, horarios } = taqueria();
  /** The taquería's notice at `now` (an instant), with these special days. */
  const renderAviso = (now: string, diasEspeciales: DiaEspecial[] = []) =>
    render(
      <TiendaCerradaAviso
        tienda={tienda}
        horarios={horarios}
        diasEspeciales={diasEspeciales}
        now={new Date(now)}
      />,
    );

  it('shows the closed notice with its reason, next opening and footer', () => {
    // Monday 2025-09-01, 12:00 in Mexico City: before the 18:00 opening.
    renderAviso('2025-09-01T18:00:00Z');
    const notice = screen.getByRole('region', { name: 'Taquería Lupe está cerrada' });
    const lines = [...notice.querySelectorAll('h2, p')].map((el) => el.textContent);
    expect(lines).toEqual([
      'Taquería Lupe está cerrada',
      'Fuera del horario de atención (18:00 - 02:00)',
      'Próxima apertura: Hoy a las 18:00',
      'Te esperamos pronto para atenderte mejor',
    ]);
  });

  it('names a special day as the reason', () => {
    renderAviso('2025-09-17T03:00:00Z', [{ fecha: '2025-09-16', recurrenteCadaAnio: true }]);
    screen.getByRole('heading', { name: 'Taquería Lupe está cerrada' });
    screen.getByText('Cerrado por día especial/feriado');
    screen.getByText('Próxima apertura: Mañana a las 18:00');
  });

  it('shows nothing while the shop is open', () => {
    // Monday 20:00 in Mexico City.
    renderAviso('2025-09-02T02:00:00Z');
    expect(screen.queryByText(/está cerrada/)).toBeNull();
  });
});
