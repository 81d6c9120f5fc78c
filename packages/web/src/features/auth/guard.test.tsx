import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenDePersonal } from '#test/session';
import { Guard } from './guard';
import type { Area } from './guards';
import { clearSession, storeToken } from '../../lib/session-store';

/** A token of user 5 of shop 3 with these claims (its role at least). */
const token = (claims: Record<string, unknown>) =>
  tokenDePersonal({ certserialnumber: 5, ...claims });

afterEach(() => {
  cleanup();
  clearSession();
});

function Donde() {
  return <p data-testid="donde">{useLocation().pathname}</p>;
}

/** Opens `path`, guarded by `area`, and answers where the person ended up. */
function abrir(path: string, area: Area): string | null {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path={path}
          element={
            <Guard area={area}>
              <p data-testid="donde">dentro</p>
            </Guard>
          }
        />
        <Route path="*" element={<Donde />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('donde').textContent;
}

describe('Guard (docs/web-screens.md, "Screens and who may open them")', () => {
  it.each([
    ['CAJERO', '/ventas', 'ventas', '/pedidos'],
    ['CAJERO', '/mitienda', 'catalogo', '/pedidos'],
    ['ENCARGADO', '/personal', 'ajustes', '/pedidos'],
    ['ENCARGADO', '/zonas-envio', 'ajustes', '/pedidos'],
    ['COCINA', '/pedidos', 'pedidos', '/cocina'],
    ['COCINA', '/pedidos/nuevo', 'atender', '/cocina'],
    ['COCINA', '/signin', 'solo-anonimo', '/cocina'],
  ] as const)('sends a %s from %s to their home', (rol, path, area, home) => {
    storeToken(token({ role: 'PERSONAL', rol }));
    expect(abrir(path, area)).toBe(home);
  });

  it.each([
    ['CAJERO', '/ventas/corte', 'corte'],
    ['CAJERO', '/pedidos', 'pedidos'],
    ['ENCARGADO', '/horarios', 'catalogo'],
    ['ENCARGADO', '/ventas', 'ventas'],
    ['COCINA', '/cocina', 'tienda'],
  ] as const)('lets a %s into %s', (rol, path, area) => {
    storeToken(token({ role: 'PERSONAL', rol }));
    expect(abrir(path, area)).toBe('dentro');
  });

  it('lets the owner into the staff screen and sends a shopper to /', () => {
    storeToken(token({ role: 'TIENDA' }));
    expect(abrir('/personal', 'ajustes')).toBe('dentro');
    cleanup();
    storeToken(token({ role: 'USUARIO', certserialnumber: 6 }));
    expect(abrir('/personal', 'ajustes')).toBe('/');
  });
});
