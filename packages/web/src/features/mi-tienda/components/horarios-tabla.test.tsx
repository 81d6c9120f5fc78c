import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HorarioEntryBody } from '../api/save-horarios';
import { buildHorarioPayload, filasDesdeGuardados, filasPorDefecto } from './horarios-semana';
import { HorariosTabla } from './horarios-tabla';

function setup(filas = filasPorDefecto()) {
  const saved: HorarioEntryBody[][] = [];
  const user = userEvent.setup();
  render(
    <HorariosTabla
      tiendaId={3}
      filas={filas}
      onSave={async (entries) => {
        saved.push(entries);
      }}
    />,
  );
  return { user, saved };
}

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('the weekly hours table', () => {
  it('lists Lunes to Domingo with Día, Apertura, Cierre and Cerrado', () => {
    setup();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Día', 'Apertura', 'Cierre', 'Cerrado']);
    const dias = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(dias).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
  });

  it('offers every half hour from 00:00 to 23:30, starting at the defaults 08:00 to 18:00', () => {
    setup();
    const apertura = select('Apertura del Lunes');
    const labels = within(apertura)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toHaveLength(48);
    expect(labels.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(labels.at(-1)).toBe('23:30');
    expect(apertura.selectedOptions[0]?.textContent).toBe('08:00');
    expect(select('Cierre del Lunes').selectedOptions[0]?.textContent).toBe('18:00');
  });

  it("Cerrado disables that day's choices only, and unticking enables them again", async () => {
    const { user } = setup();
    const cerrado = screen.getByRole('checkbox', { name: 'Cerrado el Domingo' });
    await user.click(cerrado);
    expect(select('Apertura del Domingo').disabled).toBe(true);
    expect(select('Cierre del Domingo').disabled).toBe(true);
    expect(select('Apertura del Sábado').disabled).toBe(false);
    await user.click(cerrado);
    expect(select('Apertura del Domingo').disabled).toBe(false);
  });

  it('saves the whole week from the table, times as HH:MM:SS', async () => {
    const { user, saved } = setup();
    await user.selectOptions(select('Apertura del Viernes'), '18:00');
    await user.selectOptions(select('Cierre del Viernes'), '02:00');
    await user.click(screen.getByRole('checkbox', { name: 'Cerrado el Domingo' }));
    await user.click(screen.getByRole('button', { name: 'Guardar Horarios' }));
    expect(saved).toHaveLength(1);
    const week = saved[0] ?? [];
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({
      tiendaId: 3,
      dia: 'LUNES',
      apertura: '08:00:00',
      cierre: '18:00:00',
      cerrado: false,
    });
    expect(week[4]).toEqual({
      tiendaId: 3,
      dia: 'VIERNES',
      apertura: '18:00:00',
      cierre: '02:00:00',
      cerrado: false,
    });
    expect(week[6]).toMatchObject({ dia: 'DOMINGO', cerrado: true });
  });
});

describe('the stored week as rows', () => {
  it('shows a day missing from the stored week as closed, and reads HH:MM times', () => {
    const filas = filasDesdeGuardados([
      { dia: 'LUNES', apertura: '9:30', cierre: '17:00:00', cerrado: false },
      { dia: 'miércoles', apertura: '10:00:00', cierre: '14:00:00', cerrado: true },
    ]);
    expect(filas.map((f) => f.dia)).toEqual([
      'LUNES',
      'MARTES',
      'MIERCOLES',
      'JUEVES',
      'VIERNES',
      'SABADO',
      'DOMINGO',
    ]);
    expect(filas[0]).toEqual({
      dia: 'LUNES',
      apertura: '09:30:00',
      cierre: '17:00:00',
      cerrado: false,
    });
    expect(filas[1]?.cerrado).toBe(true);
    expect(filas[2]).toEqual({
      dia: 'MIERCOLES',
      apertura: '10:00:00',
      cierre: '14:00:00',
      cerrado: true,
    });
  });

  it('keeps a stored time off the half-hour grid as a choice, and saves it unchanged', async () => {
    const filas = filasDesdeGuardados([
      { dia: 'LUNES', apertura: '07:45:00', cierre: '18:00:00', cerrado: false },
    ]);
    const { user, saved } = setup(filas);
    expect(select('Apertura del Lunes').selectedOptions[0]?.textContent).toBe('07:45');
    await user.click(screen.getByRole('button', { name: 'Guardar Horarios' }));
    expect(saved[0]?.[0]?.apertura).toBe('07:45:00');
  });

  it('builds the payload for the shop given', () => {
    const payload = buildHorarioPayload(filasPorDefecto(), 9);
    expect(payload.every((e) => e.tiendaId === 9)).toBe(true);
  });
});
