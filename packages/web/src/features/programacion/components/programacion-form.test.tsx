import { programacionMessages } from '@tianguis/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MiTienda } from '../../mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { renderFormDeTienda, type GuardarDePrueba } from '#test/mi-tienda/form-de-tienda';
import type { ProgramacionUpdateBody } from '../logic/programacion-form';
import { PROGRAMACION_GUARDADA, ProgramacionFormView } from './programacion-form';

/**
 * The form over a shop; Guardar answers the shop as the server would (what was sent, saved),
 * or rejects with `options.error` (the server's message), or waits for `options.pendiente`.
 */
function setup(tienda: MiTienda = tiendaDePrueba(), options: GuardarDePrueba = {}) {
  return renderFormDeTienda<ProgramacionUpdateBody>(
    (onSave) => <ProgramacionFormView tienda={tienda} onSave={onSave} />,
    (body) => ({
      ...tienda,
      programacion: body.programacion,
      pausaAutomatica: body.pausaAutomatica,
    }),
    options,
  );
}

const guardar = () => screen.getByRole('button', { name: 'Guardar' });
const campo = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorDe = (el: HTMLElement) => {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((e) => e?.getAttribute('role') === 'alert')?.textContent;
};

describe('ProgramacionFormView', () => {
  it('opens on the defaults of a shop that never saved them', () => {
    setup();
    const activa = screen.getByRole('switch', { name: /Aceptar pedidos programados/ });
    expect((activa as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Días por adelantado') as HTMLSelectElement).value).toBe('0');
    expect(
      within(screen.getByLabelText('Días por adelantado'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Solo hoy',
      'Hoy y mañana',
      'Hoy y 2 días más',
      'Hoy y 3 días más',
      'Hoy y 4 días más',
      'Hoy y 5 días más',
      'Hoy y 6 días más',
    ]);
    const intervalos = within(screen.getByRole('group', { name: 'Duración de cada horario' }));
    expect((intervalos.getByRole('radio', { name: '30 min' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(intervalos.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      '15 min',
      '30 min',
      '60 min',
    ]);
    expect((screen.getByRole('radio', { name: 'Sin límite' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByLabelText('Máximo de pedidos por horario')).toBeNull();
    expect(campo('Tiempo de preparación (minutos)').value).toBe('20');
    const pausa = screen.getByRole('switch', { name: /Pausar mi tienda/ }) as HTMLInputElement;
    expect(pausa.checked).toBe(false);
    // What the automatic pause does, read with its switch.
    const ayuda = document.getElementById(pausa.getAttribute('aria-describedby') ?? '');
    expect(ayuda?.textContent).toBe(
      'Si se juntan 3 pedidos sin aceptar por más de unos minutos, pausamos tu tienda 15 minutos y te avisamos con una notificación y un SMS.',
    );
    expect(campo('Pedidos sin aceptar para pausar').value).toBe('3');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('opens on what the shop saved', () => {
    setup(
      tiendaDePrueba({
        programacion: {
          activa: true,
          diasAdelante: 2,
          intervaloMin: 15,
          pedidosPorIntervalo: 4,
          preparacionMin: 35,
        },
        pausaAutomatica: { activa: true, pedidosSinAceptar: 6 },
      }),
    );
    expect(
      (screen.getByRole('switch', { name: /Aceptar pedidos programados/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((screen.getByLabelText('Días por adelantado') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('radio', { name: '15 min' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Con límite' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(campo('Máximo de pedidos por horario').value).toBe('4');
    expect(campo('Tiempo de preparación (minutos)').value).toBe('35');
    expect(
      (screen.getByRole('switch', { name: /Pausar mi tienda/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(campo('Pedidos sin aceptar para pausar').value).toBe('6');
    expect(screen.getByText(/Si se juntan 6 pedidos sin aceptar/)).toBeTruthy();
  });

  it('sends both settings with the shop as it is, and says they were saved', async () => {
    const tienda = tiendaDePrueba({
      nombre: 'Taquería Lupe',
      radioCostoDeEnvio: 'si',
      costoDeEnvio: 25,
      direccion: 'Calle Pino 12, Centro',
    });
    const { user, enviados } = setup(tienda);
    await user.click(screen.getByRole('switch', { name: /Aceptar pedidos programados/ }));
    await user.selectOptions(screen.getByLabelText('Días por adelantado'), 'Hoy y mañana');
    await user.click(screen.getByRole('radio', { name: '60 min' }));
    await user.click(screen.getByRole('radio', { name: 'Con límite' }));
    await user.type(campo('Máximo de pedidos por horario'), '2');
    await user.clear(campo('Tiempo de preparación (minutos)'));
    await user.type(campo('Tiempo de preparación (minutos)'), '25');
    await user.click(screen.getByRole('switch', { name: /Pausar mi tienda/ }));
    await user.clear(campo('Pedidos sin aceptar para pausar'));
    await user.type(campo('Pedidos sin aceptar para pausar'), '5');
    expect(screen.getByRole('status').textContent).toBe('Tienes cambios sin guardar');
    expect(screen.getByText(/Si se juntan 5 pedidos sin aceptar/)).toBeTruthy();

    await user.click(guardar());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Cambios guardados'));
    expect(await screen.findByText(PROGRAMACION_GUARDADA)).toBeTruthy();
    expect(enviados).toHaveLength(1);
    const body = enviados[0]!;
    expect(body.programacion).toEqual({
      activa: true,
      diasAdelante: 1,
      intervaloMin: 60,
      pedidosPorIntervalo: 2,
      preparacionMin: 25,
    });
    expect(body.pausaAutomatica).toEqual({ activa: true, pedidosSinAceptar: 5 });
    // The shop's other settings go as they are (updatetienda takes them each time); zones are
    // left out, so they are kept.
    expect(body).toMatchObject({
      nombre: 'Taquería Lupe',
      imageUrl: '/images/logo.jpg',
      radioCostoDeEnvio: 'si',
      costoDeEnvio: 25,
      direccion: 'Calle Pino 12, Centro',
    });
    expect(body).not.toHaveProperty('zonas');
  });

  it('"Sin límite" sends null and keeps the number typed for when the limit comes back', async () => {
    const { user, enviados } = setup(
      tiendaDePrueba({
        programacion: {
          activa: true,
          diasAdelante: 0,
          intervaloMin: 30,
          pedidosPorIntervalo: 8,
          preparacionMin: 20,
        },
      }),
    );
    await user.click(screen.getByRole('radio', { name: 'Sin límite' }));
    expect(screen.queryByLabelText('Máximo de pedidos por horario')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Con límite' }));
    expect(campo('Máximo de pedidos por horario').value).toBe('8');
    await user.click(screen.getByRole('radio', { name: 'Sin límite' }));
    await user.click(guardar());
    await waitFor(() => expect(enviados).toHaveLength(1));
    expect(enviados[0]!.programacion.pedidosPorIntervalo).toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Cambios guardados'));
    // The form now shows what was saved: no limit, the box empty when a limit is chosen again.
    await user.click(screen.getByRole('radio', { name: 'Con límite' }));
    expect(campo('Máximo de pedidos por horario').value).toBe('');
  });

  it('refuses what the domain refuses, at each field, read out, focused, nothing sent or lost', async () => {
    const { user, enviados } = setup();
    await user.click(screen.getByRole('radio', { name: 'Con límite' }));
    await user.type(campo('Máximo de pedidos por horario'), '0');
    await user.clear(campo('Tiempo de preparación (minutos)'));
    await user.type(campo('Tiempo de preparación (minutos)'), '4');
    await user.clear(campo('Pedidos sin aceptar para pausar'));
    await user.type(campo('Pedidos sin aceptar para pausar'), '2.5');
    await user.click(guardar());

    const maximo = campo('Máximo de pedidos por horario');
    const preparacion = campo('Tiempo de preparación (minutos)');
    const sinAceptar = campo('Pedidos sin aceptar para pausar');
    expect(errorDe(maximo)).toBe(programacionMessages.pedidosPorIntervalo);
    expect(errorDe(preparacion)).toBe(programacionMessages.preparacionMin);
    expect(errorDe(sinAceptar)).toBe(programacionMessages.pedidosSinAceptar);
    for (const el of [maximo, preparacion, sinAceptar]) {
      expect(el.getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      programacionMessages.pedidosPorIntervalo,
      programacionMessages.preparacionMin,
      programacionMessages.pedidosSinAceptar,
    ]);
    // The first field in error takes the focus; what was typed stays.
    expect(document.activeElement).toBe(maximo);
    expect([maximo.value, preparacion.value, sinAceptar.value]).toEqual(['0', '4', '2.5']);
    expect(enviados).toHaveLength(0);

    // Fixed as typed, each message goes.
    await user.clear(maximo);
    await user.type(maximo, '100');
    expect(errorDe(maximo)).toBeUndefined();
    await user.clear(preparacion);
    await user.type(preparacion, '181');
    expect(errorDe(preparacion)).toBe(programacionMessages.preparacionMin);
    await user.clear(preparacion);
    await user.type(preparacion, '180');
    await user.clear(sinAceptar);
    await user.type(sinAceptar, '20');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await user.click(guardar());
    await waitFor(() => expect(enviados).toHaveLength(1));
    expect(enviados[0]!.programacion).toMatchObject({
      pedidosPorIntervalo: 100,
      preparacionMin: 180,
    });
    expect(enviados[0]!.pausaAutomatica.pedidosSinAceptar).toBe(20);
  });

  it('an empty box is an error, never the default', async () => {
    const { user, enviados } = setup();
    await user.clear(campo('Tiempo de preparación (minutos)'));
    await user.click(guardar());
    expect(errorDe(campo('Tiempo de preparación (minutos)'))).toBe(
      programacionMessages.preparacionMin,
    );
    expect(document.activeElement).toBe(campo('Tiempo de preparación (minutos)'));
    expect(enviados).toHaveLength(0);
  });

  it("shows the server's refusal at its field when it names one, else at the top, focused", async () => {
    const { user, enviados } = setup(tiendaDePrueba(), {
      error: new Error(programacionMessages.preparacionMin),
    });
    await user.clear(campo('Tiempo de preparación (minutos)'));
    await user.type(campo('Tiempo de preparación (minutos)'), '45');
    await user.click(guardar());
    await waitFor(() =>
      expect(errorDe(campo('Tiempo de preparación (minutos)'))).toBe(
        programacionMessages.preparacionMin,
      ),
    );
    expect(document.activeElement).toBe(campo('Tiempo de preparación (minutos)'));
    expect(campo('Tiempo de preparación (minutos)').value).toBe('45');
    expect(enviados).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Tienes cambios sin guardar');
  });

  it('a refusal that names no field shows at the top, focused, with what was typed kept', async () => {
    const { user } = setup(tiendaDePrueba(), { error: new Error('Sin conexión con el servidor') });
    await user.click(screen.getByRole('switch', { name: /Aceptar pedidos programados/ }));
    await user.click(guardar());
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe('Sin conexión con el servidor');
    expect(document.activeElement).toBe(alerta);
    expect(
      (screen.getByRole('switch', { name: /Aceptar pedidos programados/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('says it is saving and takes no second Guardar meanwhile', async () => {
    let soltar: () => void = () => undefined;
    const pendiente = new Promise<void>((resolve) => (soltar = resolve));
    const { user, enviados } = setup(tiendaDePrueba(), { pendiente });
    await user.click(guardar());
    const boton = screen.getByRole('button', { name: 'Guardando…' }) as HTMLButtonElement;
    expect(boton.disabled).toBe(true);
    expect(boton.getAttribute('aria-busy')).toBe('true');
    soltar();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Cambios guardados'));
    expect(enviados).toHaveLength(1);
  });

  it('a shop not configured yet is sent to configure it first', () => {
    setup(tiendaDePrueba({ configured: false }));
    expect(screen.getByText(/Primero configura tu tienda/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Tienda' }).getAttribute('href')).toBe(
      '/configurar-tienda',
    );
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
