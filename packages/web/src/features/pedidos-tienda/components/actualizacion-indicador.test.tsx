import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActualizacionIndicador, formatHace } from './actualizacion-indicador';
import { SonidoControl } from './sonido-control';

describe('auto-refresh indicator', () => {
  it('says live or how long ago, and refreshes on demand', async () => {
    const user = userEvent.setup();
    const onActualizar = vi.fn();
    const { rerender } = render(
      <ActualizacionIndicador
        conexion="en-vivo"
        updatedAt={10_000}
        now={15_400}
        actualizando={false}
        onRefresh={onActualizar}
      />,
    );
    expect(screen.getByText('En vivo')).toBeTruthy();
    expect(screen.getByText(/Actualizado hace 5 s/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Actualizar ahora' }));
    expect(onActualizar).toHaveBeenCalledTimes(1);
    rerender(
      <ActualizacionIndicador
        conexion="sin-conexion"
        updatedAt={10_000}
        now={130_000}
        actualizando
        onRefresh={onActualizar}
      />,
    );
    expect(screen.queryByText('En vivo')).toBeNull();
    expect(screen.getByText(/Actualizado hace 2 min · se revisa cada 30 s/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Actualizar ahora' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('formats elapsed time', () => {
    expect(formatHace(-5)).toBe('hace 0 s');
    expect(formatHace(59_999)).toBe('hace 59 s');
    expect(formatHace(60_000)).toBe('hace 1 min');
    expect(formatHace(2 * 3_600_000)).toBe('hace 2 h');
  });
});

describe('sound control', () => {
  it('shows ON or OFF as pressed and offers Probar', async () => {
    const user = userEvent.setup();
    const onCambiar = vi.fn();
    const onProbar = vi.fn();
    render(<SonidoControl activo onChange={onCambiar} onTest={onProbar} />);
    expect(screen.getByRole('button', { name: 'ON' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'OFF' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'OFF' }));
    expect(onCambiar).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Probar' }));
    expect(onProbar).toHaveBeenCalledTimes(1);
  });
});
