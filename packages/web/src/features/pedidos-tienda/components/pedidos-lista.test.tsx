import { FILTROS_INICIALES } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { Tablero, type TableroProps } from '#test/pedidos-tienda/tablero';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { ENTREGA_RECOGER, pagoEnEfectivo } from '#test/pedidos/fixtures';

// The board's clock (NOW) is Wednesday 2025-03-12, 10:00 in Mexico City.
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

/** The board with these orders unless a test gives its own. */
const Harness = (props: Partial<TableroProps>) => <Tablero pedidos={PEDIDOS} {...props} />;

const rows = () => screen.queryAllByRole('article');
const enlace = (row: HTMLElement) => within(row).getByRole('link').getAttribute('href');
const hrefs = () => rows().map(enlace);
const abrirFiltros = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Buscar y filtrar' }));
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
    expect(hrefs()).toEqual([
      '/pedidosdetalle?id=3',
      '/pedidosdetalle?id=2',
      '/pedidosdetalle?id=1',
    ]);
    const first = rows()[0] as HTMLElement;
    expect(first.textContent).toContain('Usuario: Carla Núñez');
    expect(first.textContent).toContain('#3');
    expect(within(first).getByRole('list', { name: 'Productos' }).textContent).toBe(
      '2× Taco al pastor1× Agua de horchata',
    );
    expect(first.textContent).toContain('A domicilio · Av. Juárez 10, Centro');
    expect(first.textContent).toContain('Efectivo · $ 150.00');
    expect(within(first).getByRole('button', { name: 'Aceptar · 15 min' })).toBeTruthy();
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
    await abrirFiltros(user);
    const limpiar = screen.getByRole('button', { name: 'Limpiar filtros' }) as HTMLButtonElement;
    expect(limpiar.disabled).toBe(true);
    const search = screen.getByLabelText('Buscar por usuario');
    await user.type(search, 'nunez');
    expect(hrefs()).toEqual(['/pedidosdetalle?id=3']);
    expect(mostrando()).toBe('Mostrando 1 de 3 pedidos');
    await user.clear(search);
    await user.type(search, '33 1111');
    expect(hrefs()).toEqual(['/pedidosdetalle?id=1']);
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
    await abrirFiltros(user);
    await user.click(screen.getByRole('radio', { name: 'Hoy' }));
    // Order 2 is 05:30 UTC on the 12th: still the 11th in Mexico City.
    expect(hrefs()).toEqual(['/pedidosdetalle?id=3']);
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
    expect(enlace(first)).toBe('/pedidosdetalle?id=5');
    expect(within(first).getByText('Aceptado')).toBeTruthy();
    expect(within(first).getByText('Invitado')).toBeTruthy();
    expect(within(first).getByText('Listo aprox. a las 10:30')).toBeTruthy();
  });

  it('shows what to cook on the card: options and notes in one line, the order note, age and payment', () => {
    render(
      <Harness
        pedidos={[
          makePedido({
            id: 7,
            nombreCompleto: 'Lalo',
            fecha: '2025-03-12T15:48:00Z',
            nota: 'Tocar el timbre',
            entrega: ENTREGA_RECOGER,
            pago: pagoEnEfectivo(500, 385),
            pedidoDetalles: [
              {
                nombreProducto: 'Pastor',
                imagenProducto: 'N/A',
                cantidad: 2,
                precio: 25,
                opciones: [{ id: 2, grupo: 'Tortilla', nombre: 'harina', precioExtra: 0 }],
                nota: 'sin cebolla',
              },
            ],
          }),
          makePedido({ id: 8, status: 'ACEPTADO', nombreCompleto: 'Mia' }),
        ]}
      />,
    );
    const [aceptado, nuevo] = rows() as [HTMLElement, HTMLElement];
    expect(within(nuevo).getByRole('listitem').textContent).toBe(
      '2× Pastor · harina · sin cebolla',
    );
    expect(nuevo.textContent).toContain('Nota: Tocar el timbre');
    expect(nuevo.textContent).toContain('hace 12 min');
    expect(nuevo.textContent).toContain('Recoger en tienda');
    expect(nuevo.textContent).toContain('Efectivo · Paga con $ 500.00 · llevar cambio $ 385.00');
    const aceptar = within(nuevo).getByRole('group', { name: 'Aceptar el pedido 7' });
    expect(
      within(aceptar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      'Aceptar · 15 min',
      'Aceptar · 10 min',
      'Aceptar · 20 min',
      'Aceptar · 30 min',
      'Aceptar · 45 min',
      'Aceptar con otro tiempo',
    ]);
    // An accepted order is not offered again.
    expect(within(aceptado).queryByRole('group', { name: /Aceptar/ })).toBeNull();
  });

  it('folds the filters away until asked, and keeps them open while one is in use', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const boton = screen.getByRole('button', { name: 'Buscar y filtrar' });
    expect(boton.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Buscar por usuario')).toBeNull();
    await user.click(boton);
    expect(boton.getAttribute('aria-expanded')).toBe('true');
    await user.type(screen.getByLabelText('Buscar por usuario'), 'ana');
    // While a filter is on, the fold cannot hide it.
    expect((boton as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect((boton as HTMLButtonElement).disabled).toBe(false);
    await user.click(boton);
    expect(screen.queryByLabelText('Buscar por usuario')).toBeNull();
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
    const activo = rows().find((r) => enlace(r) === '/pedidosdetalle?id=11')!;
    expect(within(activo).getByText('Sin aceptar a tiempo')).toBeTruthy();
    const otro = rows().find((r) => enlace(r) === '/pedidosdetalle?id=12')!;
    expect(within(otro).queryByText('Sin aceptar a tiempo')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sin atender (3)' }));
    expect(hrefs()).toEqual([
      '/pedidosdetalle?id=15',
      '/pedidosdetalle?id=13',
      '/pedidosdetalle?id=11',
    ]);
    expect(mostrando()).toBe('Mostrando 3 de 3 pedidos');
    const cancelado = rows()[1] as HTMLElement;
    expect(within(cancelado).getByText('Cancelado')).toBeTruthy();
    expect(within(cancelado).queryByText('Sin aceptar a tiempo')).toBeNull();
    // Search still narrows the tab.
    await abrirFiltros(user);
    await user.type(screen.getByLabelText('Buscar por usuario'), 'hugo');
    expect(hrefs()).toEqual(['/pedidosdetalle?id=13']);
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
    expect(hrefs()).toEqual(['/pedidosdetalle?id=21']);
  });
});
