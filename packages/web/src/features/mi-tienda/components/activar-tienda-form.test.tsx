import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivarTiendaForm, activarMessages, VOLVER_TRAS_GUARDAR_MS } from './activar-tienda-form';

afterEach(() => {
  vi.useRealTimers();
});

function setup(activa: boolean, onSave: (a: boolean) => Promise<unknown> = async () => {}) {
  const calls = { back: 0, saved: [] as boolean[] };
  const user = userEvent.setup({ delay: null });
  render(
    <ActivarTiendaForm
      activa={activa}
      onSave={async (a) => {
        calls.saved.push(a);
        return onSave(a);
      }}
      onBack={() => calls.back++}
    />,
  );
  return { user, calls };
}

describe('ActivarTiendaForm', () => {
  it('shows the warning only while the switch is OFF', async () => {
    const { user } = setup(true);
    const sw = screen.getByRole('switch', { name: 'Tienda activa' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText(activarMessages.advertencia)).toBeNull();
    await user.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Tienda Desactivada')).toBeTruthy();
    expect(
      screen.getByText(
        'Si deshabilitas la tienda, nadie podra comprar o ver los articulos publicados',
      ),
    ).toBeTruthy();
  });

  it('saves the new state and goes back 1 s later', async () => {
    // Testing Library's own waits use timers, so this test drives the clicks directly.
    vi.useFakeTimers();
    const { calls } = setup(false);
    fireEvent.click(screen.getByRole('switch', { name: 'Tienda activa' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })));
    expect(calls.saved).toEqual([true]);
    await act(async () => vi.advanceTimersByTime(VOLVER_TRAS_GUARDAR_MS - 10));
    expect(calls.back).toBe(0);
    await act(async () => vi.advanceTimersByTime(10));
    expect(calls.back).toBe(1);
  });

  it('stays with the refusal when saving fails, and Cancelar goes back unsaved', async () => {
    const { user, calls } = setup(true, async () => {
      throw new Error('No hay conexión con el servidor.');
    });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No hay conexión con el servidor.');
    expect(calls.back).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(calls.back).toBe(1);
  });
});
