import type { PersonalVista } from '@tianguis/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { json, miembro, redDePrueba, type Llamada } from '#test/personal/fixtures';
import { PersonalPantalla } from './personal-pantalla';

afterEach(() => {
  // Unmounted first: a cleared entry still on screen is fetched again.
  cleanup();
  vi.unstubAllGlobals();
  clearQueryCache();
});

function abrir(responder: (llamada: Llamada) => Response | Promise<Response>) {
  const red = redDePrueba(responder);
  vi.stubGlobal('fetch', red.fetch);
  render(
    <MemoryRouter initialEntries={['/personal']}>
      <PersonalPantalla />
    </MemoryRouter>,
  );
  return red;
}

const hace = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('/personal: the staff list', () => {
  it('shows a skeleton while loading, then each member with role, state and last access', async () => {
    let soltar: (r: Response) => void = () => undefined;
    // Before the screen reads its clock, so 12 minutes are 12 minutes on it.
    const ultimoAcceso = hace(12 * 60_000 + 5_000);
    abrir(() => new Promise<Response>((resolve) => (soltar = resolve)));
    expect(screen.getByText('Cargando personal…').closest('[role="status"]')).toBeTruthy();
    soltar(
      json(200, [
        miembro({ ultimoAcceso }),
        miembro({
          personalId: 2,
          nombreCompleto: 'Beto Ruiz',
          email: 'beto@correo.com',
          rol: 'COCINA',
          estado: 'BAJA',
        }),
        miembro({
          personalId: 3,
          nombreCompleto: 'Carla Díaz',
          email: 'carla@correo.com',
          rol: 'ENCARGADO',
          estado: 'INVITADO',
        }),
      ]),
    );
    const lista = await screen.findByRole('list');
    const items = within(lista).getAllByRole('listitem');
    // The removed member goes last.
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Ana López',
      'Carla Díaz',
      'Beto Ruiz',
    ]);
    const [ana, carla, beto] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(ana.textContent).toContain('ana@correo.com');
    expect(ana.textContent).toContain('Rol: Cajero');
    expect(ana.textContent).toContain('Activo');
    expect(ana.textContent).toContain('Último acceso: hace 12 min');
    expect(carla.textContent).toContain('Invitación enviada');
    expect(carla.textContent).toContain('Rol: Encargado');
    expect(carla.textContent).toContain('Aún no ha entrado');
    expect(beto.textContent).toContain('Dado de baja');
    // Nothing left to do with a removed member.
    expect(within(beto).queryByRole('button')).toBeNull();
    expect(within(ana).getByRole('button', { name: 'Dar de baja a Ana López' })).toBeTruthy();
  });

  it('says there is nobody yet, with what each role does, and offers the form', async () => {
    abrir(() => json(200, []));
    expect(await screen.findByText('Aún no tienes personal')).toBeTruthy();
    expect(screen.getByText(/el encargado lleva pedidos, catálogo y ventas/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar invitación' })).toBeTruthy();
  });

  it('says why it failed and tries again', async () => {
    let intentos = 0;
    abrir(() => {
      intentos += 1;
      return intentos === 1
        ? json(503, { code: 'SERVICIO_NO_DISPONIBLE', message: 'Servicio no disponible' })
        : json(200, [miembro()]);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Servicio no disponible');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ana López')).toBeTruthy();
    expect(intentos).toBe(2);
  });
});

describe('/personal: a member’s role and removal', () => {
  function servidor(inicial: PersonalVista[]) {
    let lista = inicial;
    return (llamada: Llamada) => {
      if (llamada.method === 'GET') return json(200, lista);
      const body = llamada.body as { personalId: number; rol?: PersonalVista['rol'] };
      if (llamada.path === '/api/tienda/personal/rol') {
        lista = lista.map((m) => (m.personalId === body.personalId ? { ...m, rol: body.rol! } : m));
      } else if (llamada.path === '/api/tienda/personal/baja') {
        lista = lista.map((m) =>
          m.personalId === body.personalId ? { ...m, estado: 'BAJA' as const } : m,
        );
      }
      return json(
        200,
        lista.find((m) => m.personalId === body.personalId),
      );
    };
  }

  it('changes the role from a dialog of the three roles', async () => {
    const user = userEvent.setup();
    const red = abrir(servidor([miembro()]));
    await user.click(await screen.findByRole('button', { name: 'Cambiar rol de Ana López' }));
    const dialogo = screen.getByRole('dialog', { name: 'Rol de Ana López' });
    expect(
      (within(dialogo).getByRole('radio', { name: /Cajero/ }) as HTMLInputElement).checked,
    ).toBe(true);
    // Each role is read with what it may do.
    const cocina = within(dialogo).getByRole('radio', { name: /Cocina/ });
    expect(cocina.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialogo).getByText('Solo la pantalla de cocina: pedidos aceptados y "Listo"'),
    ).toBeTruthy();
    await user.click(cocina);
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() =>
      expect(red.llamadas).toContainEqual({
        method: 'POST',
        path: '/api/tienda/personal/rol',
        body: { personalId: 1, rol: 'COCINA' },
      }),
    );
    expect(await screen.findByText('Cocina', { selector: 'li p', exact: false })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before removing, and keeps a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let rechazar = true;
    const base = servidor([miembro()]);
    const red = abrir((llamada) => {
      if (llamada.path === '/api/tienda/personal/baja' && rechazar) {
        rechazar = false;
        return json(404, {
          code: 'NO_ENCONTRADO',
          message: 'Esa persona no está en el personal de tu tienda',
        });
      }
      return base(llamada);
    });
    await user.click(await screen.findByRole('button', { name: 'Dar de baja a Ana López' }));
    const dialogo = screen.getByRole('dialog', { name: '¿Dar de baja a Ana López?' });
    expect(within(dialogo).getByText('Ya no podrá entrar a tu tienda.')).toBeTruthy();
    await user.click(within(dialogo).getByRole('button', { name: 'Dar de baja' }));
    expect((await within(dialogo).findByRole('alert')).textContent).toBe(
      'Esa persona no está en el personal de tu tienda',
    );
    await user.click(within(dialogo).getByRole('button', { name: 'Dar de baja' }));
    expect(await screen.findByText('Dado de baja')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(red.llamadas.filter((l) => l.path === '/api/tienda/personal/baja')).toHaveLength(2);
  });

  it('closes the removal dialog with Cancelar and removes nobody', async () => {
    const user = userEvent.setup();
    const red = abrir(servidor([miembro()]));
    await user.click(await screen.findByRole('button', { name: 'Dar de baja a Ana López' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(red.llamadas.every((l) => l.method === 'GET')).toBe(true);
  });
});
