import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, SIN_CONEXION } from '../../../lib/api-client';
import { NuevaContrasenaForm } from './nueva-contrasena-form';
import { RecuperarCelularForm } from './recuperar-celular-form';
import { RecuperarEmailForm } from './recuperar-email-form';

const setup = () => userEvent.setup({ delay: null });
const byLabel = (text: string | RegExp) => screen.getByLabelText(text, { selector: 'input' });

/** The phone form's second step: code 123456, the new password twice, and the button. */
async function cambiarContrasena(user: ReturnType<typeof setup>) {
  await user.type(byLabel('Código de 6 dígitos'), '123456');
  await user.type(byLabel('Contraseña nueva'), 'Nueva1234');
  await user.type(byLabel('Repite la contraseña nueva'), 'Nueva1234');
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('RecuperarEmailForm', () => {
  it('sends the address and says the email went out', async () => {
    const send = vi.fn(async () => undefined);
    const user = setup();
    render(<RecuperarEmailForm send={send} />);
    await user.type(byLabel('Correo electrónico'), 'Ana@Correo.com ');
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    expect(send).toHaveBeenCalledWith('ana@correo.com');
    expect((await screen.findByText(/^Se ha enviado/)).closest('[role=status]')?.textContent).toBe(
      'Se ha enviado un correo para recuperar tu contraseña.',
    );
  });

  it('without a server message shows the fallback', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(0, 'SIN_CONEXION', SIN_CONEXION);
    });
    const user = setup();
    render(<RecuperarEmailForm send={send} />);
    await user.type(byLabel('Correo electrónico'), 'ana@correo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar correo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hubo un problema al enviar la solicitud. Inténtalo más tarde.',
    );
  });
});

describe('NuevaContrasenaForm', { timeout: 20_000 }, () => {
  it('refuses different passwords, then sends the secret and says it was updated', async () => {
    const actualizar = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const user = setup();
    render(<NuevaContrasenaForm secret="s3cr3t" update={actualizar} onDone={onDone} />);
    await user.type(byLabel('Contraseña nueva'), 'Nueva1234');
    await user.type(byLabel('Repite la contraseña nueva'), 'Nueva1235');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByRole('alert').textContent).toBe('Las contraseñas no coinciden');
    expect(actualizar).not.toHaveBeenCalled();

    await user.clear(byLabel('Repite la contraseña nueva'));
    await user.type(byLabel('Repite la contraseña nueva'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(actualizar).toHaveBeenCalledWith({ newPassword: 'Nueva1234', secret: 's3cr3t' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Contrasena actualizada.'),
    );
    expect(onDone).toHaveBeenCalledWith('Contrasena actualizada.');
  });

  it("shows the server's refusal of a used link", async () => {
    const actualizar = vi.fn(async () => {
      throw new ApiError(400, 'SECRETO_INVALIDO', 'El enlace ya no es válido');
    });
    const user = setup();
    render(<NuevaContrasenaForm secret="viejo" update={actualizar} onDone={vi.fn()} />);
    await user.type(byLabel('Contraseña nueva'), 'Nueva1234');
    await user.type(byLabel('Repite la contraseña nueva'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El enlace ya no es válido');
  });
});

describe('RecuperarCelularForm', { timeout: 20_000 }, () => {
  it("shows the server's refusal (no SMS provider) and stays on the phone step", async () => {
    const sinSms = 'No podemos enviar SMS en este momento. Recupera tu contraseña con tu correo.';
    const enviarCodigo = vi.fn(async () => {
      throw new ApiError(503, 'SMS_NO_DISPONIBLE', sinSms);
    });
    const user = setup();
    render(<RecuperarCelularForm sendCodigo={enviarCodigo} change={vi.fn()} onDone={vi.fn()} />);
    await user.type(byLabel(/Celular/), '5500000000');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(enviarCodigo).toHaveBeenCalledWith('5500000000');
    expect((await screen.findByRole('alert')).textContent).toBe(sinSms);
    expect(screen.queryByLabelText('Código de 6 dígitos')).toBeNull();
  });

  it('asks for the code and new password, and sends celular, password and codigo', async () => {
    const enviarCodigo = vi.fn(async () => ({ mensaje: 'Te enviamos un código a tu celular.' }));
    const cambiar = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const user = setup();
    render(<RecuperarCelularForm sendCodigo={enviarCodigo} change={cambiar} onDone={onDone} />);
    await user.type(byLabel(/Celular/), '55123');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByRole('alert').textContent).toBe('El celular debe contener 10 números');
    expect(enviarCodigo).not.toHaveBeenCalled();

    await user.type(byLabel(/Celular/), '45678');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Te enviamos un código a tu celular.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(byLabel('Código de 6 dígitos')));

    await user.type(byLabel('Código de 6 dígitos'), '12a');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(screen.getByRole('alert').textContent).toBe('El código debe tener 6 dígitos');

    await user.clear(byLabel('Código de 6 dígitos'));
    await cambiarContrasena(user);
    expect(cambiar).toHaveBeenCalledWith({
      celular: '5512345678',
      password: 'Nueva1234',
      codigo: '123456',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Contrasena actualizada.'));
  });

  it('takes the phone as typed, with +52 1, spaces and dashes, and sends its 10 digits', async () => {
    const enviarCodigo = vi.fn(async () => ({ mensaje: 'Te enviamos un código a tu celular.' }));
    const cambiar = vi.fn(async () => undefined);
    const user = setup();
    render(<RecuperarCelularForm sendCodigo={enviarCodigo} change={cambiar} onDone={vi.fn()} />);
    expect(byLabel(/Celular/).getAttribute('inputmode')).toBe('tel');
    await user.type(byLabel(/Celular/), '+52 1 (55) 1234-5678');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(enviarCodigo).toHaveBeenCalledWith('5512345678');
    expect(await screen.findByText('Te enviamos un código a tu celular.')).toBeTruthy();
    expect(screen.getByText('5512345678')).toBeTruthy();

    await cambiarContrasena(user);
    expect(cambiar).toHaveBeenCalledWith({
      celular: '5512345678',
      password: 'Nueva1234',
      codigo: '123456',
    });
  });

  it('refuses another shape with the registration message, and sends nothing', async () => {
    const enviarCodigo = vi.fn();
    const user = setup();
    render(<RecuperarCelularForm sendCodigo={enviarCodigo} change={vi.fn()} onDone={vi.fn()} />);
    await user.type(byLabel(/Celular/), '+1 55 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'El numero de celular solo debe contener números',
    );
    expect(enviarCodigo).not.toHaveBeenCalled();
  });
});
