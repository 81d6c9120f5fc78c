import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacyHashLinks } from './app';

function Donde() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="donde">{`${pathname}${search}${hash}`}</p>;
}

describe('LegacyHashLinks', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('an old /#/ link followed in the open app shows its path screen in the same entry', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <LegacyHashLinks />
        <Routes>
          <Route path="*" element={<Donde />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(screen.getByTestId('donde').textContent).toBe('/');
    const length = window.history.length;
    await act(async () => {
      // As the browser does for a fragment-only change: a new entry, then hashchange.
      window.location.hash = '/tienda/taqueria-lupe/tacos?q=1';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      await Promise.resolve();
    });
    expect(screen.getByTestId('donde').textContent).toBe('/tienda/taqueria-lupe/tacos?q=1');
    expect(window.location.pathname).toBe('/tienda/taqueria-lupe/tacos');
    expect(window.location.hash).toBe('');
    // The browser's one entry for the fragment, replaced by the path: Back returns to `/`.
    expect(window.history.length).toBe(length + 1);

    await act(async () => {
      window.location.hash = 'contenido';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      await Promise.resolve();
    });
    expect(window.location.pathname).toBe('/tienda/taqueria-lupe/tacos');
  });
});
