import { FILTROS_INICIALES, type FiltrosPedidos } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { PedidosLista } from './pedidos-lista';
import { makePedido } from './test-pedidos';

const TZ = 'America/Mexico_City';
// Wednesday 2025-03-12, 10:00 in Mexico City.
const NOW = new Date('2025-03-12T16:00:00Z');

const PEDIDOS: PedidoTienda[] = [
  makePedido({
    id: 1,
    nombreCompleto: 'Beto Ruiz',
    celular: '3311112222',
    fecha: '2025-03-01T18:00:00Z',
  }),
  makePedido({ id: 2, nombreCompleto: 'Ana López', fecha: '2025-03-12T05:30:00Z' }),
  makePedido({ id: 3, nombreCompleto: 'Carla Núñez', celular: '8187654321', montoTotal: 150 }),
  makePedido({ id: 4, status: 'COMPLETADO', nombreCompleto: 'Dora' }),
];

function Harness(props: { pedidos?: PedidoTienda[]; inicial?: FiltrosPedidos }) {
  const [filtros, setFiltros] = useState(props.inicial ?? FILTROS_INICIALES);
  return (
    <MemoryRouter>
      <PedidosLista
        pedidos={props.pedidos ?? PEDIDOS}
        filtros={filtros}
        onFiltrosChange={setFiltros}
        now={NOW}
        timeZone={TZ}
      />
    </MemoryRouter>
  );
}

const rows = () => screen.queryAllByRole('link');
const mostrando = () => screen.getByRole('status').textContent;

describe('PedidosLista', () => {
  it('shows the active orders newest first, with the tab counts and the rows’ details', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'Activos (3)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    screen.getByRole('tab', { name: 'Completados (1)' });
    screen.getByRole('tab', { name: 'Cancelados (0)' });
    expect(mostrando()).toBe('Mostrando 3 de 3 pedidos');
    expect(rows().map((r) => r.getAttribute('href'))).toEqual([
      '/pedidosdetalle?id=3',
      '/pedidosdetalle?id=2',
      '/pedidosdetalle?id=1',
    ]);
    const first = rows()[0] as HTMLElement;
    expect(first.textContent).toContain('Usuario: Carla Núñez');
    expect(first.textContent).toContain('#3');
    expect(first.textContent).toContain('3 artículos');
    expect(first.textContent).toContain('$ 150.00');
    expect(within(first).getByText('Nuevo')).toBeTruthy();
    expect(first.querySelector('time')?.textContent).toBe('12/03/25 09:00');
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: /Activos/ }));
    await user.keyboard('{ArrowRight}');
    const completados = screen.getByRole('tab', { name: /Completados/ });
    expect(completados.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(completados);
    expect(rows()).toHaveLength(1);
    expect(mostrando()).toBe('Mostrando 1 de 1 pedidos');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('No hay pedidos cancelados')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Sin atender/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Activos/ }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Sin atender/ }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /Activos/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Sin atender/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);
  });

  it('searches by name or phone, says what it shows, and clears the filters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const limpiar = screen.getByRole('button', { name: 'Limpiar filtros' }) as HTMLButtonElement;
    expect(limpiar.disabled).toBe(true);
    const search = screen.getByLabelText('Buscar por usuario');
    await user.type(search, 'nunez');
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/pedidosdetalle?id=3']);
    expect(mostrando()).toBe('Mostrando 1 de 3 pedidos');
    await user.clear(search);
    await user.type(search, '33 1111');
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/pedidosdetalle?id=1']);
    await user.type(search, '9');
    expect(rows()).toHaveLength(0);
    expect(screen.getByText('No se encontraron pedidos con los filtros aplicados')).toBeTruthy();
    expect(mostrando()).toBe('Mostrando 0 de 3 pedidos');
    expect(limpiar.disabled).toBe(false);
    await user.click(limpiar);
    expect((search as HTMLInputElement).value).toBe('');
    expect(rows()).toHaveLength(3);
    expect(limpiar.disabled).toBe(true);
  });

  it('filters by date in the shop’s time zone', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Hoy' }));
    // Order 2 is 05:30 UTC on the 12th: still the 11th in Mexico City.
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/pedidosdetalle?id=3']);
    await user.click(screen.getByRole('radio', { name: 'Esta semana' }));
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Este mes' }));
    expect(rows()).toHaveLength(3);
    expect(mostrando()).toBe('Mostrando 3 de 3 pedidos');
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect((screen.getByRole('radio', { name: 'Todas' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists accepted orders under Activos with their badge and ready time, guests marked', () => {
    render(
      <Harness
        pedidos={[
          ...PEDIDOS,
          makePedido({
            id: 5,
            status: 'ACEPTADO',
            listoEstimado: '2025-03-12T16:30:00Z',
            invitado: true,
            nombreCompleto: 'Eva',
          }),
        ]}
      />,
    );
    screen.getByRole('tab', { name: 'Activos (4)' });
    const first = rows()[0] as HTMLElement;
    expect(first.getAttribute('href')).toBe('/pedidosdetalle?id=5');
    expect(within(first).getByText('Aceptado')).toBeTruthy();
    expect(within(first).getByText('Invitado')).toBeTruthy();
    expect(within(first).getByText('Listo aprox. a las 10:30')).toBeTruthy();
  });

  it('names each empty tab', async () => {
    const user = userEvent.setup();
    render(<Harness pedidos={[]} />);
    expect(screen.getByText('No hay pedidos activos')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Completados (0)' }));
    expect(screen.getByText('No hay pedidos completados')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Cancelados (0)' }));
    expect(screen.getByText('No hay pedidos cancelados')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sin atender (0)' }));
    expect(screen.getByText('No hay pedidos sin atender')).toBeTruthy();
  });

  it('Sin atender lists the orders that escalated or were cancelled unseen, each row saying so', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        pedidos={[
          makePedido({ id: 11, nombreCompleto: 'Fer', escalado: true }),
          makePedido({ id: 12, nombreCompleto: 'Gil', status: 'NUEVO' }),
          makePedido({ id: 13, nombreCompleto: 'Hugo', status: 'CANCELADO', vistoEn: null }),
          makePedido({
            id: 14,
            nombreCompleto: 'Iris',
            status: 'CANCELADO',
            vistoEn: '2025-03-12T15:05:00Z',
          }),
          makePedido({ id: 15, nombreCompleto: 'Juan', status: 'COMPLETADO', escalado: true }),
        ]}
      />,
    );
    // Under Activos the escalated order already says it waited too long, in words.
    const activo = rows().find((r) => r.getAttribute('href') === '/pedidosdetalle?id=11')!;
    expect(within(activo).getByText('Sin aceptar a tiempo')).toBeTruthy();
    const otro = rows().find((r) => r.getAttribute('href') === '/pedidosdetalle?id=12')!;
    expect(within(otro).queryByText('Sin aceptar a tiempo')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sin atender (3)' }));
    expect(rows().map((r) => r.getAttribute('href'))).toEqual([
      '/pedidosdetalle?id=15',
      '/pedidosdetalle?id=13',
      '/pedidosdetalle?id=11',
    ]);
    expect(mostrando()).toBe('Mostrando 3 de 3 pedidos');
    const cancelado = rows()[1] as HTMLElement;
    expect(within(cancelado).getByText('Cancelado')).toBeTruthy();
    expect(within(cancelado).queryByText('Sin aceptar a tiempo')).toBeNull();
    // Search still narrows the tab.
    await user.type(screen.getByLabelText('Buscar por usuario'), 'hugo');
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/pedidosdetalle?id=13']);
  });

  it('opens on Sin atender when the filters say so (a link from the address)', () => {
    render(
      <Harness
        inicial={{ ...FILTROS_INICIALES, tab: 'SIN_ATENDER' }}
        pedidos={[makePedido({ id: 21, escalado: true }), makePedido({ id: 22 })]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Sin atender (1)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/pedidosdetalle?id=21']);
  });
});
