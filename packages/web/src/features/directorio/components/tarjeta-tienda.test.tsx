import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Home from '../../../app/routes/home';
import { clearQueryCache } from '../../../lib/query';
import type { TiendaDirectorio } from '../../tienda-publica/api/list-tiendas';
import { fakeFetch, TAQUERIA_ABIERTA } from '#test/tienda-publica/session';
import { TarjetaTienda } from './tarjeta-tienda';

afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Monday 12:00 in Mexico City: the taquería opens at 18:00. */
const LUNES_MEDIODIA = new Date('2025-09-01T18:00:00Z');

/** The taquería as the directory answers it: 18:00–02:00 Monday to Saturday, closed on Sunday. */
function taqueria(overrides: Partial<TiendaDirectorio> = {}): TiendaDirectorio {
  return {
    tiendaId: 7,
    usuario: 'taqueria-lupe',
    nombre: 'Taquería Lupe',
    imageUrl: 'N/A',
    categorias: ['Antojitos', 'Bebidas', 'Tacos', 'Tortas'],
    masCategorias: 2,
    timeZone: 'America/Mexico_City',
    semana: [
      '18:00-02:00',
      '18:00-02:00',
      '18:00-02:00',
      '18:00-02:00',
      '18:00-02:00',
      '18:00-02:00',
      '',
    ],
    diasEspeciales: [],
    pausadoHasta: null,
    ...overrides,
  };
}

function tarjeta(tienda: TiendaDirectorio, now: Date) {
  render(
    <MemoryRouter>
      <TarjetaTienda tienda={tienda} now={now} priority={false} />
    </MemoryRouter>,
  );
}

describe('TarjetaTienda (the home page’s shop card)', () => {
  it('is a link named by the shop, described by what it sells and its hours line; no URL path', () => {
    tarjeta(taqueria(), TAQUERIA_ABIERTA);
    const link = screen.getByRole('link', {
      name: 'Taquería Lupe',
      description: 'Antojitos · Bebidas · Tacos · Tortas y 2 más Abierto · cierra a las 2:00',
    });
    expect(link.getAttribute('href')).toBe('/tienda/taqueria-lupe');
    expect(link.textContent).not.toContain('/tienda/');
    const abierto = within(link).getByText('Abierto · cierra a las 2:00');
    expect(abierto.className).toContain('text-emerald-800');
    // A long unbroken name wraps inside the card instead of widening it.
    expect(within(link).getByText('Taquería Lupe').className).toContain('break-words');
  });

  it('says when a closed shop opens, in grey', () => {
    tarjeta(taqueria({ masCategorias: 0 }), LUNES_MEDIODIA);
    const link = screen.getByRole('link', {
      name: 'Taquería Lupe',
      description: 'Antojitos · Bebidas · Tacos · Tortas Cerrado · abre hoy a las 18:00',
    });
    expect(within(link).getByText('Cerrado · abre hoy a las 18:00').className).toContain(
      'text-stone-700',
    );
  });

  it('closes on a special day', () => {
    tarjeta(taqueria({ diasEspeciales: ['2025-09-01'] }), LUNES_MEDIODIA);
    screen.getByText('Cerrado · abre mañana a las 18:00');
  });

  it('is open all day without any hours, and paused while open says until when', () => {
    tarjeta(taqueria({ semana: [] }), LUNES_MEDIODIA);
    screen.getByText('Abierto');
    cleanup();
    // 21:30 in Mexico City.
    tarjeta(taqueria({ pausadoHasta: '2025-09-02T03:30:00.000Z' }), TAQUERIA_ABIERTA);
    screen.getByText('Pausado · hasta las 21:30');
    cleanup();
    // Closed by its hours, the pause doesn't matter: when it opens does.
    tarjeta(taqueria({ pausadoHasta: '2025-09-01T19:00:00.000Z' }), LUNES_MEDIODIA);
    screen.getByText('Cerrado · abre hoy a las 18:00');
  });
});

describe('/ (home)', () => {
  function openHome(answer: { status?: number; body: unknown }) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TAQUERIA_ABIERTA);
    const { fetch } = fakeFetch({ '/api/tienda/directorio': answer });
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Home />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('lists each shop as a card', async () => {
    const otra = taqueria({
      tiendaId: 8,
      usuario: 'cafe',
      nombre: 'Café Olé',
      categorias: ['Café'],
      masCategorias: 0,
      semana: [],
    });
    openHome({ body: [otra, taqueria()] });
    await screen.findByRole('link', { name: 'Café Olé', description: 'Café Abierto' });
    screen.getByRole('link', { name: 'Taquería Lupe' });
  });

  it('keeps its empty and error states', async () => {
    openHome({ body: [] });
    await screen.findByText('Aún no hay tiendas disponibles');
    cleanup();
    clearQueryCache();
    openHome({ status: 500, body: { code: 'ERROR', message: 'Algo salió mal' } });
    const alerta = await screen.findByRole('alert', {}, { timeout: 5000 });
    within(alerta).getByRole('button', { name: 'Reintentar' });
  });
});
