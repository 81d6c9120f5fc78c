import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TIENDA_KEY } from '../../lib/session-store';
import SignOut from './sign-out';

describe('/signout', () => {
  it('removes the stored shop and lands on /', async () => {
    localStorage.setItem(TIENDA_KEY, JSON.stringify({ tiendaId: 3 }));
    render(
      <MemoryRouter initialEntries={['/signout']}>
        <Routes>
          <Route path="signout" element={<SignOut />} />
          <Route index element={<p>Inicio</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Inicio')).toBeTruthy();
    expect(localStorage.getItem(TIENDA_KEY)).toBeNull();
  });
});
