import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../lib/session';
import BottomBarCuenta, { enlacesDeMas } from './bottom-bar-cuenta';

afterEach(cleanup);

const labels = (session: Pick<Session, 'tipoUsuario' | 'actor'>) =>
  enlacesDeMas(session).map((e) => e.label);

describe("the bottom bar's 'Más' menu by what each person may do", () => {
  type Quien = Pick<Session, 'tipoUsuario' | 'actor'>;
  it.each<[string, Quien[], string[]]>([
    [
      'gives the owner every screen',
      [{ tipoUsuario: 'TIENDA', actor: 'DUENO' }],
      ['Nuevo pedido', 'Cocina', 'Ventas', 'Mi Tienda', 'Configuración', 'Preguntas Frecuentes'],
    ],
    [
      'gives a manager the catalogue, hours and sales, no settings',
      [{ tipoUsuario: 'PERSONAL', actor: 'ENCARGADO' }],
      [
        'Nuevo pedido',
        'Cocina',
        'Agotados de hoy',
        'Mi Tienda',
        'Horarios',
        'Ventas',
        'Corte de caja',
        'Impresora térmica',
        'Codigo QR',
      ],
    ],
    [
      'gives a cashier manual orders, sold-out products and the cash close, no catalogue or sales',
      [{ tipoUsuario: 'PERSONAL', actor: 'CAJERO' }],
      [
        'Nuevo pedido',
        'Cocina',
        'Agotados de hoy',
        'Corte de caja',
        'Impresora térmica',
        'Codigo QR',
      ],
    ],
    [
      'gives the kitchen nothing beyond its display',
      [{ tipoUsuario: 'PERSONAL', actor: 'COCINA' }, { tipoUsuario: 'PERSONAL' }],
      [],
    ],
  ])('%s', (_title, quienes, expected) => {
    for (const quien of quienes) expect(labels(quien)).toEqual(expected);
  });
});

function sesion(overrides: Partial<Session>): Session {
  return {
    userId: 5,
    usuario: 'N/A',
    tiendaId: 3,
    tipoUsuario: 'PERSONAL',
    celular: '',
    token: 't',
    exp: undefined,
    ...overrides,
  };
}

describe('BottomBarCuenta for staff', () => {
  it('shows the kitchen its display and Salir only', () => {
    render(
      <MemoryRouter>
        <BottomBarCuenta session={sesion({ actor: 'COCINA' })} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Cocina', 'Salir']);
    expect(screen.queryByRole('button', { name: 'Más opciones' })).toBeNull();
  });

  it('shows a cashier the board and a menu of what they may open', async () => {
    render(
      <MemoryRouter>
        <BottomBarCuenta session={sesion({ actor: 'CAJERO' })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Pedidos' }).getAttribute('href')).toBe('/pedidos');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Más opciones' }));
    expect(screen.getByRole('link', { name: 'Corte de caja' }).getAttribute('href')).toBe(
      '/ventas/corte',
    );
    expect(screen.queryByRole('link', { name: 'Ventas' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mi Tienda' })).toBeNull();
  });
});
