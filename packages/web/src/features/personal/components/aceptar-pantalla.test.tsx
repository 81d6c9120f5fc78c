import { personalMessages, registroMessages } from '@tianguis/domain';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import {
  clearSession,
  getActiveSession,
  SIGN_IN_KEY,
  storeToken,
} from '../../../lib/session-store';
import { json, redDePrueba, type Llamada } from '#test/personal/fixtures';
import { tokenDePersonal } from '#test/session';
import { AceptarPantalla } from './aceptar-pantalla';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  clearQueryCache();
});

function Donde() {
  const { pathname } = useLocation();
  return <p data-testid="donde">{pathname}</p>;
}

function abrir(url: string, responder: (llamada: Llamada) => Response = () => json(500, {})) {
  const red = redDePrueba(responder);
  vi.stubGlobal('fetch', red.fetch);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/personal/aceptar" element={<AceptarPantalla />} />
        <Route path="*" element={<Donde />} />
      </Routes>
    </MemoryRouter>,
  );
  return red;
}

async function llenar(valores: { nombre: string; password: string; confirmacion: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nombre completo'), valores.nombre);
  await user.type(screen.getByLabelText('Contraseña'), valores.password);
  await user.type(screen.getByLabelText('Confirma tu contraseña'), valores.confirmacion);
  await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
}

describe('/personal/aceptar', () => {
  it('says the invitation is not valid when the link has no token', () => {
    abrir('/personal/aceptar');
    const alerta = screen.getByRole('alert');
    expect(alerta.textContent).toContain('Invitación no válida');
    expect(alerta.textContent).toContain(personalMessages.invitacionInvalida);
    expect(screen.queryByRole('button', { name: 'Crear mi cuenta' })).toBeNull();
  });

  it('says so when the server no longer knows the invitation (used or expired)', async () => {
    const red = abrir('/personal/aceptar?token=viejo', () =>
      json(400, { code: 'INVITACION_INVALIDA', message: personalMessages.invitacionInvalida }),
    );
    await llenar({ nombre: 'Ana López', password: 'Secreta123', confirmacion: 'Secreta123' });
    expect((await screen.findByRole('alert')).textContent).toContain('Invitación no válida');
    expect(red.llamadas).toHaveLength(1);
    expect(getActiveSession()).toBeUndefined();
  });

  it('checks the password rules and the repeat before calling', async () => {
    const red = abrir('/personal/aceptar?token=abc');
    // The checklist of registration is there while typing.
    expect(screen.getByText('El password debe tener al menos:')).toBeTruthy();
    await llenar({ nombre: 'Ana López', password: 'secreta123', confirmacion: 'secreta123' });
    expect(screen.getByText(registroMessages.passwordComplejidad)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Contraseña'));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByText(registroMessages.contrasenasDiferentes)).toBeTruthy();
    expect(red.llamadas).toHaveLength(0);
  });

  it('keeps the new session as a sign-in does and takes the kitchen to its display', async () => {
    const token = tokenDePersonal({ role: 'PERSONAL', rol: 'COCINA', groupsid: 3 });
    const red = abrir('/personal/aceptar?token=abc123', () => json(200, { token }));
    await llenar({ nombre: '  Ana López ', password: 'Secreta123', confirmacion: 'Secreta123' });
    expect((await screen.findByTestId('donde')).textContent).toBe('/cocina');
    expect(red.llamadas).toEqual([
      {
        method: 'POST',
        path: '/api/personal/aceptar',
        body: { token: 'abc123', password: 'Secreta123', nombreCompleto: 'Ana López' },
      },
    ]);
    expect(getActiveSession()).toMatchObject({
      tipoUsuario: 'PERSONAL',
      actor: 'COCINA',
      tiendaId: 3,
    });
    expect(JSON.parse(localStorage.getItem(SIGN_IN_KEY) ?? '{}')).toEqual({ isLogin: true, token });
  });

  it('takes a cashier to the orders board', async () => {
    const token = tokenDePersonal({ role: 'PERSONAL', rol: 'CAJERO' });
    abrir('/personal/aceptar?token=abc123', () => json(200, { token }));
    await llenar({ nombre: 'Beto Ruiz', password: 'Secreta123', confirmacion: 'Secreta123' });
    expect((await screen.findByTestId('donde')).textContent).toBe('/pedidos');
  });

  it('asks a signed-in person to sign out first, then shows the form', async () => {
    storeToken(tokenDePersonal({ role: 'USUARIO', actort: 'N/A', certserialnumber: 8 }));
    const red = abrir('/personal/aceptar?token=abc123', () => json(200, {}));
    expect(screen.getByRole('heading', { name: 'Primero cierra tu sesión' })).toBeTruthy();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Cerrar sesión y continuar' }));
    expect(await screen.findByLabelText('Contraseña')).toBeTruthy();
    expect(getActiveSession()).toBeUndefined();
    // The old token is revoked on the server, as /signout does.
    expect(red.llamadas.map((l) => l.path)).toEqual(['/api/login/logout']);
  });
});
