import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegistroCompletado } from './registro-completado';

describe('RegistroCompletado', () => {
  it("is a dialog named 'Registro completado' with focus on 'Cerrar', which closes it", async () => {
    const onClose = vi.fn();
    render(<RegistroCompletado tipousuario="si" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Registro completado' })).toBeTruthy();
    const cerrar = screen.getByRole('button', { name: 'Cerrar' });
    expect(document.activeElement).toBe(cerrar);
    await userEvent.setup().click(cerrar);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells a shop it will be public after approval', () => {
    render(<RegistroCompletado tipousuario="no" onClose={() => undefined} />);
    expect(screen.getByText(/cuando un administrador la apruebe/)).toBeTruthy();
  });
});
