import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import RecuperarContrasena from './recuperar-contrasena';

function renderAt(entry: string) {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="recuperar-contrasena" element={<RecuperarContrasena />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

describe('/recuperar-contrasena', () => {
  it('without a secret asks for the email, and an empty one gets its message', async () => {
    const user = renderAt('/recuperar-contrasena');
    expect(screen.queryByLabelText('Contraseña nueva', { selector: 'input' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    expect(screen.getByRole('alert').textContent).toBe('Por favor, ingresa un correo electrónico.');
  });

  it('with a secret asks for the new password twice instead', async () => {
    const user = renderAt('/recuperar-contrasena?secret=abc');
    expect(screen.queryByRole('button', { name: 'Enviar correo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recuperar con mi celular' })).toBeNull();
    await user.type(screen.getByLabelText('Contraseña nueva', { selector: 'input' }), 'Ab1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'La contraseña debe tener al menos 6 caracteres',
    );
  });

  it('offers the phone path instead of the email', async () => {
    const user = renderAt('/recuperar-contrasena');
    const celular = screen.getByRole('button', { name: 'Recuperar con mi celular' });
    expect(celular.getAttribute('aria-pressed')).toBe('false');
    await user.click(celular);
    expect(celular.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText(/Celular/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar correo' })).toBeNull();
  });
});
