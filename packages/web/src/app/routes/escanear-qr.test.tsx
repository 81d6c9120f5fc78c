import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session-store';
import { signInAs } from '#test/session';
import EscanearQr from './escanear-qr';

afterEach(() => clearSession());

function Where() {
  return <p data-testid="donde">{useLocation().pathname}</p>;
}

function openScreen() {
  render(
    <MemoryRouter initialEntries={['/escanear-qr']}>
      <Routes>
        <Route path="escanear-qr" element={<EscanearQr />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/escanear-qr', () => {
  it('sends a visitor without a session to sign in', () => {
    openScreen();
    expect(screen.getByTestId('donde').textContent).toBe('/signin');
  });

  it('takes a shop owner to its own public page', () => {
    signInAs('TIENDA', 'taqueria-lupe');
    openScreen();
    expect(screen.getByTestId('donde').textContent).toBe('/tienda/taqueria-lupe');
  });

  it('shows a shopper the title and how scanning works', () => {
    signInAs('USUARIO');
    openScreen();
    screen.getByRole('heading', { name: 'Escanee el Codigo QR' });
    screen.getByText(/código QR de la tienda/);
  });
});
