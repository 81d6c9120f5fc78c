import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CantidadStepper } from './cantidad-stepper';

describe('CantidadStepper', () => {
  it('names its buttons as quantity controls of the product, none starting with "Agregar"', async () => {
    const onCambiar = vi.fn();
    render(<CantidadStepper nombre="Gringa" cantidad={2} maximo={99} onChange={onCambiar} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad de Gringa' }));
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Gringa' }));
    expect(onCambiar.mock.calls).toEqual([[3], [1]]);
    for (const button of screen.getAllByRole('button')) {
      expect(button.getAttribute('aria-label')).not.toMatch(/^Agregar/);
    }
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
  });
});
