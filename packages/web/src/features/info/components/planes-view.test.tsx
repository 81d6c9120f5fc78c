import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanesView } from './planes-view';

function renderAt(iso: string) {
  return render(
    <MemoryRouter>
      <PlanesView now={new Date(iso)} />
    </MemoryRouter>,
  );
}

describe('PlanesView', () => {
  it('shows the price, the terms and a link to register', () => {
    renderAt('2026-11-22T12:00:00-06:00');
    expect(screen.getByText('399 MXN')).toBeTruthy();
    expect(screen.getByText('Una cuenta de tipo tienda')).toBeTruthy();
    expect(screen.getByText('Cancela cuando quieras')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Crear mi cuenta de tienda' }).getAttribute('href'),
    ).toBe('/register');
  });

  it('lists every benefit in a real table', () => {
    renderAt('2026-11-22T12:00:00-06:00');
    const table = screen.getByRole('table', { name: /^Beneficios del plan/ });
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows).toEqual([
      'Configuración de tienda',
      'Categorías',
      'Productos',
      'Código QR',
      'Horarios',
      'Pedidos',
      'Carrito de compras',
      'Pedidos de clientes',
    ]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('shows the first-month offer on 31 December 2025', () => {
    renderAt('2025-12-31T23:00:00-06:00');
    expect(screen.getByText('Primer mes: 0 MXN')).toBeTruthy();
    expect(screen.getByText('La oferta termina el 31 de diciembre de 2025')).toBeTruthy();
  });

  it('hides the offer once it has ended', () => {
    renderAt('2026-01-01T00:00:00-06:00');
    expect(screen.queryByText('Primer mes: 0 MXN')).toBeNull();
    expect(screen.queryByText(/La oferta termina/)).toBeNull();
  });
});
