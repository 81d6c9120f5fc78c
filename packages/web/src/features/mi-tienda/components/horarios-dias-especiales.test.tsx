import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { DiaEspecialBody } from '../api/dias-especiales';
import type { DiaEspecialGuardado } from '../api/get-horarios';
import { HorariosDiasEspeciales } from './horarios-dias-especiales';

const navidad: DiaEspecialGuardado = {
  id: 5,
  tiendaId: 3,
  fecha: '2025-12-25',
  recurrenteCadaAnio: true,
};
const inventario: DiaEspecialGuardado = {
  id: 6,
  tiendaId: 3,
  fecha: '2025-03-10',
  recurrenteCadaAnio: false,
};

function setup(dias: DiaEspecialGuardado[] = []) {
  const added: DiaEspecialBody[] = [];
  const deleted: number[] = [];
  const user = userEvent.setup();
  render(
    <HorariosDiasEspeciales
      tiendaId={3}
      dias={dias}
      onAdd={async (body) => {
        added.push(body);
      }}
      onDelete={async (id) => {
        deleted.push(id);
      }}
    />,
  );
  return { user, added, deleted };
}

describe('special days', () => {
  it('asks for a date before adding', async () => {
    const { user, added } = setup();
    await user.click(screen.getByRole('button', { name: 'Agregar día especial' }));
    expect(screen.getByRole('alert').textContent).toBe('Por favor selecciona una fecha');
    expect(added).toEqual([]);
  });

  it('adds the date with the yearly option and clears the form', async () => {
    const { user, added } = setup();
    const fecha = screen.getByLabelText('Fecha') as HTMLInputElement;
    await user.type(fecha, '2025-12-25');
    await user.click(screen.getByRole('checkbox', { name: 'Recurrente cada año' }));
    await user.click(screen.getByRole('button', { name: 'Agregar día especial' }));
    expect(added).toEqual([{ tiendaId: 3, fecha: '2025-12-25', recurrenteCadaAnio: true }]);
    expect(fecha.value).toBe('');
  });

  it('lists Fecha, Recurrente Sí/No and Eliminar, by date', async () => {
    const { user, deleted } = setup([navidad, inventario]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      '10 de marzo de 2025',
      '25 de diciembre de 2025',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['No', 'Sí']);
    await user.click(screen.getByRole('button', { name: 'Eliminar el 25 de diciembre de 2025' }));
    expect(deleted).toEqual([5]);
  });

  it('refuses a day already in the list, yearly or not', async () => {
    const { user, added } = setup([navidad]);
    await user.type(screen.getByLabelText('Fecha'), '2025-12-25');
    await user.click(screen.getByRole('button', { name: 'Agregar día especial' }));
    expect(screen.getByRole('alert').textContent).toBe('Ese día especial ya está registrado');
    expect(added).toEqual([]);
  });

  it('shows the server’s DIA_EXISTENTE beside the date (added meanwhile elsewhere)', async () => {
    const user = userEvent.setup();
    render(
      <HorariosDiasEspeciales
        tiendaId={3}
        dias={[]}
        onAdd={async () => {
          throw new ApiError(400, 'DIA_EXISTENTE', 'Ese día especial ya está registrado');
        }}
        onDelete={async () => undefined}
      />,
    );
    const fecha = screen.getByLabelText('Fecha');
    await user.type(fecha, '2026-01-06');
    await user.click(screen.getByRole('button', { name: 'Agregar día especial' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe('Ese día especial ya está registrado');
    expect(fecha.getAttribute('aria-invalid')).toBe('true');
    expect(fecha.getAttribute('aria-describedby')).toBe(alerta.id);
    expect((fecha as HTMLInputElement).value).toBe('2026-01-06');
  });

  it('says when there are none', () => {
    setup();
    expect(screen.getByText('No hay días especiales')).toBeTruthy();
  });
});
