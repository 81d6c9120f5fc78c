import { personalMessages, registroMessages } from '@tianguis/domain';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { invitePersonal } from '../api/invite-personal';
import { json, miembro, redDePrueba, type Llamada } from '#test/personal/fixtures';
import { InvitarForm } from './invitar-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearQueryCache();
});

function abrir(responder: (llamada: Llamada) => Response) {
  const red = redDePrueba(responder);
  vi.stubGlobal('fetch', red.fetch);
  render(<InvitarForm invite={invitePersonal} />);
  return red;
}

async function llenar(valores: { email?: string; nombre?: string; rol?: RegExp }) {
  const user = userEvent.setup();
  if (valores.email) await user.type(screen.getByLabelText('Correo electrónico'), valores.email);
  if (valores.nombre) await user.type(screen.getByLabelText('Nombre completo'), valores.nombre);
  if (valores.rol) await user.click(screen.getByRole('radio', { name: valores.rol }));
  await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
}

describe('InvitarForm', () => {
  it('checks the domain’s rules first, at the field, without calling the server', async () => {
    const red = abrir(() => json(201, miembro()));
    await llenar({ email: 'ana' });
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(registroMessages.emailFormato)).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(red.llamadas).toHaveLength(0);
  });

  it('asks for a role when none is chosen and moves focus to the roles', async () => {
    const red = abrir(() => json(201, miembro()));
    await llenar({ email: 'ana@correo.com', nombre: 'Ana López' });
    expect(screen.getByText(personalMessages.rolInvalido)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Encargado/ }));
    expect(red.llamadas).toHaveLength(0);
  });

  it('shows an email already in use at the email field', async () => {
    abrir(() => json(409, { code: 'CORREO_EN_USO', message: personalMessages.correoEnUso }));
    await llenar({ email: 'ana@correo.com', nombre: 'Ana López', rol: /Cajero/ });
    const email = screen.getByLabelText('Correo electrónico');
    await vi.waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(personalMessages.correoEnUso);
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(email);
    // What was typed stays, to be corrected.
    expect((screen.getByLabelText('Nombre completo') as HTMLInputElement).value).toBe('Ana López');
  });

  it('shows the 20-member limit for the whole form', async () => {
    abrir(() => json(400, { code: 'VALIDACION', message: personalMessages.maximo }));
    await llenar({ email: 'ana@correo.com', nombre: 'Ana López', rol: /Cocina/ });
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe(personalMessages.maximo);
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBeNull();
  });

  it('puts a field’s VALIDACION from the server at that field', async () => {
    abrir(() =>
      json(400, {
        code: 'VALIDACION',
        message: registroMessages.nombreCompletoMax,
        errors: [{ field: 'nombreCompleto', message: registroMessages.nombreCompletoMax }],
      }),
    );
    await llenar({ email: 'ana@correo.com', nombre: 'Ana López', rol: /Cocina/ });
    const nombre = screen.getByLabelText('Nombre completo');
    await vi.waitFor(() => expect(nombre.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(registroMessages.nombreCompletoMax);
  });

  it('sends the invitation, says where it went and empties the form', async () => {
    const red = abrir(() => json(201, miembro({ estado: 'INVITADO' })));
    await llenar({ email: ' Ana@Correo.com ', nombre: 'Ana López', rol: /Cajero/ });
    expect(
      (await screen.findByText('Invitación enviada a ana@correo.com')).closest('[role="status"]'),
    ).toBeTruthy();
    expect(red.llamadas).toEqual([
      {
        method: 'POST',
        path: '/api/tienda/personal',
        body: { email: 'ana@correo.com', nombreCompleto: 'Ana López', rol: 'CAJERO' },
      },
    ]);
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Nombre completo') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });
});
