import {
  DIRECCION_ENTREGA_MAX,
  NOMBRE_COMPLETO_MAX,
  USUARIO_MAX,
  type Registro,
} from '@tianguis/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { RegistroWizard } from './registro-wizard';

function renderWizard(submit: (payload: Registro) => Promise<unknown> = vi.fn()) {
  const onRegistered = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <RegistroWizard submit={submit} onRegistered={onRegistered} />
    </MemoryRouter>,
  );
  return { user, onRegistered };
}

async function chooseTipo(user: ReturnType<typeof userEvent.setup>, tipo: 'Consumidor' | 'Tienda') {
  await user.click(screen.getByRole('radio', { name: new RegExp(tipo) }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function fillConsumidor(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Partial<
    Record<'email' | 'password' | 'confirmacion' | 'celular' | 'nombre' | 'direccion', string>
  > = {},
) {
  const v = {
    email: 'ana@correo.com',
    password: 'Secreta123',
    confirmacion: 'Secreta123',
    celular: '5512345678',
    nombre: 'Ana López',
    direccion: 'Calle Luna 12, Centro',
    ...overrides,
  };
  if (v.email) await user.type(field(/Correo electrónico/), v.email);
  if (v.password) await user.type(field(/^Contraseña$/), v.password);
  if (v.confirmacion) await user.type(field(/Confirma tu contraseña/), v.confirmacion);
  if (v.celular) await user.type(field(/Celular/), v.celular);
  if (v.nombre) await user.type(field(/Nombre completo/), v.nombre);
  if (v.direccion) await user.type(field(/Dirección de entrega/), v.direccion);
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Registrarme' }));

describe('registration step 1', { timeout: 20_000 }, () => {
  it("asks 'Qué tipo de usuario eres?' and enables 'Siguiente' only after a choice", async () => {
    const { user } = renderWizard();
    expect(screen.getByRole('group', { name: 'Qué tipo de usuario eres?' })).toBeTruthy();
    const siguiente = screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement;
    expect(siguiente.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Tienda/ }));
    expect(siguiente.disabled).toBe(false);
  });

  it('can be answered with the keyboard alone', async () => {
    const { user } = renderWizard();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Consumidor/ }));
    await user.keyboard(' ');
    expect((screen.getByRole('radio', { name: /Consumidor/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Atras' })).toBeTruthy();
    expect(document.activeElement?.tagName).toBe('H2');
  });

  it("'Atras' goes back with the choice and what was typed kept", async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    await user.type(field(/Correo electrónico/), 'ana@correo.com');
    await user.click(screen.getByRole('button', { name: 'Atras' }));
    expect((screen.getByRole('radio', { name: /Consumidor/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect((field(/Correo electrónico/) as HTMLInputElement).value).toBe('ana@correo.com');
  });
});

describe('registration step 2: fields by account type', { timeout: 20_000 }, () => {
  it('a shopper gets name and delivery address, no usuario', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    expect(field(/Nombre completo/)).toBeTruthy();
    expect(field(/Dirección de entrega/)).toBeTruthy();
    expect(screen.queryByLabelText(/Usuario de tu tienda/)).toBeNull();
    expect(screen.queryByRole('link', { name: /planes y precios/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Aviso de privacidad/ }).getAttribute('href')).toBe(
      '/avisoprivacidad',
    );
  });

  it('a shop gets usuario with a live lowercase preview of its address and the plans link', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Tienda');
    expect(screen.queryByLabelText(/Nombre completo/)).toBeNull();
    expect(screen.queryByLabelText(/Dirección de entrega/)).toBeNull();
    await user.type(field(/Usuario de tu tienda/), 'Taqueria.Lupe');
    expect(screen.getByText(/^https?:\/\/[^/#]+\/tienda\/taqueria\.lupe$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /planes y precios/ }).getAttribute('href')).toBe(
      '/planes',
    );
  });
});

describe('registration step 2: limits', { timeout: 20_000 }, () => {
  it('name, address and usuario stop at the server’s limits, the domain’s constants', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    expect(field(/Nombre completo/).getAttribute('maxlength')).toBe(String(NOMBRE_COMPLETO_MAX));
    expect(field(/Dirección de entrega/).getAttribute('maxlength')).toBe(
      String(DIRECCION_ENTREGA_MAX),
    );
    // Cut short, an email or password would be another valid one: their limit is said on submit.
    expect(field(/Correo electrónico/).getAttribute('maxlength')).toBeNull();
    expect(field(/^Contraseña$/).getAttribute('maxlength')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Atras' }));
    await chooseTipo(user, 'Tienda');
    expect(field(/Usuario de tu tienda/).getAttribute('maxlength')).toBe(String(USUARIO_MAX));
  });
});

describe('registration hints while typing', { timeout: 20_000 }, () => {
  it('shows the celular hints of the domain as the person types', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Tienda');
    await user.type(field(/Celular/), '55 1');
    expect(screen.getByText('El celular debe contener 10 números')).toBeTruthy();
    await user.clear(field(/Celular/));
    await user.type(field(/Celular/), '55123456789');
    expect(screen.getByText('El celular solo debe tener 10 caracteres como máximo')).toBeTruthy();
    await user.clear(field(/Celular/));
    await user.type(field(/Celular/), '55 12a');
    expect(screen.getByText('El numero de celular solo debe contener números')).toBeTruthy();
  });

  it('a phone typed with spaces, dashes, dots, parentheses or +52 gets no hint', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Tienda');
    const celular = field(/Celular/);
    expect(celular.getAttribute('inputmode')).toBe('tel');
    for (const typed of ['+52 1 55 1234 5678', '(55) 1234-5678', '55.1234.5678']) {
      await user.clear(celular);
      await user.type(celular, typed);
      expect(celular.getAttribute('aria-describedby') || null).toBeNull();
      expect(screen.queryByText(/El (numero de )?celular (debe|solo)/)).toBeNull();
    }
  });

  it('shows the usuario and password hints of the domain as the person types', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Tienda');
    await user.type(field(/Usuario de tu tienda/), '1ab');
    expect(
      screen.getByText(
        'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
      ),
    ).toBeTruthy();
    expect(screen.getByText('El usuario debe contener al menos 4 caracteres')).toBeTruthy();

    await user.type(field(/^Contraseña$/), 'A'.repeat(21));
    expect(screen.getByText('El password debe tener 20 caracteres como máximo')).toBeTruthy();
    await user.type(field(/Confirma tu contraseña/), 'A'.repeat(21));
    expect(
      screen.getByText('La confirmacion del password debe tener 20 caracteres como máximo'),
    ).toBeTruthy();
  });

  it('checks the email when the field is left, not while typing', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    await user.type(field(/Correo electrónico/), 'ana');
    expect(screen.queryByText('Falta @ y .com.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Falta @ y .com.')).toBeTruthy();
    expect(screen.getByText('El email debe tener al menos 6 caracteres.')).toBeTruthy();
  });

  it('ticks the password checklist as each rule is met', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    expect(screen.getByText('El password debe tener al menos:')).toBeTruthy();
    const item = (text: string) => screen.getByText(text).closest('li')?.textContent ?? '';
    expect(item('1 letra mayúscula [A-Z]')).toMatch(/^Falta/);
    await user.type(field(/^Contraseña$/), 'a');
    expect(item('1 letra minúscula [a-z]')).toMatch(/^Cumplido/);
    expect(item('1 letra mayúscula [A-Z]')).toMatch(/^Falta/);
    await user.type(field(/^Contraseña$/), 'B7');
    expect(item('1 letra mayúscula [A-Z]')).toMatch(/^Cumplido/);
    expect(item('1 número [0-9]')).toMatch(/^Cumplido/);
  });
});

describe('registration on submit', { timeout: 20_000 }, () => {
  it('reports only the first rule broken, in order, and does not call the server', async () => {
    const send = vi.fn();
    const { user } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await user.type(field(/Correo electrónico/), 'a@b.co');
    await user.type(field(/^Contraseña$/), 'Ab1');
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'El email y la contraseña deben tener al menos 8 caracteres',
    );
    expect(document.activeElement).toBe(field(/Correo electrónico/));
    expect(send).not.toHaveBeenCalled();
  });

  it("mismatched confirmation gives 'Las contraseñas deben ser iguales'", async () => {
    const send = vi.fn();
    const { user } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user, { confirmacion: 'Secreta124' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Las contraseñas deben ser iguales');
    expect(field(/Confirma tu contraseña/).getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('checks complexity before the phone, then the shopper fields last', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user, {
      password: 'secreta123',
      confirmacion: 'secreta123',
      celular: '55',
      nombre: '',
    });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'La contraseña no cumple con el patrón de complejidad',
    );
    for (const name of [/^Contraseña$/, /Confirma tu contraseña/]) {
      await user.clear(field(name));
      await user.type(field(name), 'Secreta123');
    }
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('El celular debe contener 10 números');
    await user.type(field(/Celular/), '12345678');
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'El nombre completo debe tener al menos 2 caracteres',
    );
  });

  it('a shop with a short usuario gets the submit-time minimum of 3', async () => {
    const { user } = renderWizard();
    await chooseTipo(user, 'Tienda');
    await user.type(field(/Correo electrónico/), 'lupe@correo.com');
    await user.type(field(/^Contraseña$/), 'Secreta123');
    await user.type(field(/Confirma tu contraseña/), 'Secreta123');
    await user.type(field(/Usuario de tu tienda/), 'ab');
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'El usuario debe contener al menos 3 caracteres',
    );
  });

  it("sends a shopper's payload with usuario 'N/A' and tipousuario 'si', then says so", async () => {
    const send = vi.fn(async () => ({ mensaje: 'USUARIO CREADO', id: 1 }));
    const { user, onRegistered } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user, { email: ' Ana@Correo.com' });
    await submit(user);
    expect(send).toHaveBeenCalledWith({
      email: 'ana@correo.com',
      password: 'Secreta123',
      usuario: 'N/A',
      tipousuario: 'si',
      celular: '5512345678',
      nombreCompleto: 'Ana López',
      direccionEntrega: 'Calle Luna 12, Centro',
    });
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('si'));
  });

  it.each([
    '55 1234 5678',
    '+52 55 1234 5678',
    '+52 1 55 1234 5678',
    '(55) 1234-5678',
    '55.1234.5678',
  ])('a phone typed %j is sent as its 10 digits', async (typed) => {
    const send = vi.fn(async () => ({ mensaje: 'USUARIO CREADO', id: 1 }));
    const { user } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user, { celular: typed });
    await submit(user);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ celular: '5512345678' }));
  });

  it.each([
    ['55 1234 567', 'El celular debe contener 10 números'],
    ['52 55 1234 5678', 'El celular solo debe tener 10 caracteres como máximo'],
    ['55 1234 567a', 'El numero de celular solo debe contener números'],
  ])('a phone typed %j is refused with the registration message', async (typed, message) => {
    const send = vi.fn();
    const { user } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user, { celular: typed });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(field(/Celular/));
    expect(send).not.toHaveBeenCalled();
  });

  it("sends a shop's usuario lowercased with tipousuario 'no'", async () => {
    const send = vi.fn(async () => ({ mensaje: 'USUARIO CREADO', id: 2 }));
    const { user, onRegistered } = renderWizard(send);
    await chooseTipo(user, 'Tienda');
    await user.type(field(/Correo electrónico/), 'lupe@correo.com');
    await user.type(field(/^Contraseña$/), 'Secreta123');
    await user.type(field(/Confirma tu contraseña/), 'Secreta123');
    await user.type(field(/Usuario de tu tienda/), 'Taqueria-Lupe');
    await user.type(field(/Celular/), '5587654321');
    await submit(user);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ usuario: 'taqueria-lupe', tipousuario: 'no' }),
    );
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('no'));
  });

  it("shows the server's refusal on the field it is about", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(500, 'CELULAR_EXISTENTE', 'El celular ya fue registrado');
    });
    const { user, onRegistered } = renderWizard(send);
    await chooseTipo(user, 'Consumidor');
    await fillConsumidor(user);
    await submit(user);
    const celular = field(/Celular/);
    const celularBox = celular.closest('div.mb-4') as HTMLElement;
    expect((await within(celularBox).findByRole('alert')).textContent).toBe(
      'El celular ya fue registrado',
    );
    expect(document.activeElement).toBe(celular);
    expect(onRegistered).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: 'Registrarme' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
