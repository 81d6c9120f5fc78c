import type { SignIn } from '@tianguis/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SignInForm } from './sign-in-form';

function renderForm(signIn: (credentials: SignIn) => Promise<void> = vi.fn()) {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <SignInForm signIn={signIn} />
    </MemoryRouter>,
  );
  return user;
}

const email = () => screen.getByLabelText('Correo electrónico');
const password = () => screen.getByLabelText('Contraseña', { selector: 'input' });
const continuar = () => screen.getByRole('button', { name: 'Continuar' });

describe('SignInForm', { timeout: 20_000 }, () => {
  it("links to 'Crear Cuenta' and 'Recuperar contraseña'", () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Crear Cuenta' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Recuperar contraseña' }).getAttribute('href')).toBe(
      '/recuperar-contrasena',
    );
  });

  it('refuses short email and password together, then an email without @, without calling', async () => {
    const signIn = vi.fn();
    const user = renderForm(signIn);
    await user.click(continuar());
    expect(screen.getByRole('alert').textContent).toBe(
      'El email y la contrasena debe tener al menos 8 caracteres',
    );
    await user.type(email(), 'ana.correo.com');
    await user.type(password(), 'Secreta123');
    await user.click(continuar());
    expect(screen.getByRole('alert').textContent).toBe('El correo debe contener @');
    expect(document.activeElement).toBe(email());
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows and hides the password with a named toggle', async () => {
    const user = renderForm();
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password().getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password().getAttribute('type')).toBe('text');
  });

  it("replaces the form with a loading animation, then shows the server's refusal", async () => {
    let refuse: (error: Error) => void = () => undefined;
    const signIn = vi.fn(
      () =>
        new Promise<void>((_, reject) => {
          refuse = reject;
        }),
    );
    const user = renderForm(signIn);
    await user.type(email(), 'Ana@Correo.com');
    await user.type(password(), 'Secreta123');
    await user.click(continuar());
    expect(signIn).toHaveBeenCalledWith({ email: 'ana@correo.com', password: 'Secreta123' });
    expect(screen.getByRole('status').textContent).toBe('Iniciando sesión…');
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();

    refuse(
      new ApiError(
        400,
        'USUARIO_INCORRECTO_PASSWORD_INCORRECTO',
        'El usuario o la contrasena es incorrecta',
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El usuario o la contrasena es incorrecta',
    );
    expect((email() as HTMLInputElement).value).toBe('Ana@Correo.com');
    await waitFor(() => expect(document.activeElement).toBe(password()));
  });
});
