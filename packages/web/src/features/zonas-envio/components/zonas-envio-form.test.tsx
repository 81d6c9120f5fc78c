import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MiTienda } from '../../mi-tienda/api/get-mi-tienda';
import { zonaAGuardar, zonaGuardada } from '#test/zonas-envio/fixtures';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { renderFormDeTienda, type GuardarDePrueba } from '#test/mi-tienda/form-de-tienda';
import type { ZonasUpdateBody } from '../logic/cuerpo-de-zonas';
import { PUNTO_SIN_PERMISO } from './punto-de-tienda';
import { ZONAS_GUARDADAS, ZonasEnvioForm } from './zonas-envio-form';

/**
 * The form over a shop; Guardar answers the shop as the server would (ids for new zones), or
 * rejects with `options.error` (the server's message).
 */
function setup(tienda: MiTienda = tiendaDePrueba({ zonas: [] }), options: GuardarDePrueba = {}) {
  let siguienteId = 50;
  return renderFormDeTienda<ZonasUpdateBody>(
    (onSave) => <ZonasEnvioForm tienda={tienda} onSave={onSave} />,
    (body) => ({
      ...tienda,
      ubicacion: body.ubicacion ?? null,
      zonas: body.zonas.map((z) => ({ ...z, id: z.id ?? siguienteId++ })),
    }),
    options,
  );
}

/** A zone's fieldset, named by its legend (with '(apagada)' when it is off). */
const zonaDe = (nombre: string) =>
  screen.getByRole('group', {
    name: (name) => name === nombre || name.replace(/\s*\(apagada\)$/, '') === nombre,
  });
const guardar = () => screen.getByRole('button', { name: 'Guardar zonas' });
const alerta = () => screen.queryAllByRole('alert').find((a) => a.tagName === 'P');

/** The zones' legends, in the order shown. */
function nombres(): string[] {
  return screen
    .getAllByRole('group')
    .filter((g) => g.hasAttribute('data-zona'))
    .map((g) => g.querySelector('legend')?.textContent ?? '');
}

describe('ZonasEnvioForm', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('says there are no zones yet and what delivery costs meanwhile', () => {
    setup(tiendaDePrueba({ zonas: [], radioCostoDeEnvio: 'si', costoDeEnvio: 25 }));
    expect(screen.getByText('Aún no tienes zonas de envío')).toBeTruthy();
    expect(
      screen.getByText(/Los envíos cuestan lo mismo en toda la ciudad \(\$ 25\.00\)/),
    ).toBeTruthy();
  });

  it('a shop not configured yet is sent to configure it first', () => {
    setup(tiendaDePrueba({ configured: false, zonas: [] }));
    expect(screen.getByText(/Primero configura tu tienda/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Tienda' }).getAttribute('href')).toBe(
      '/configurar-tienda',
    );
    expect(screen.queryByRole('button', { name: 'Guardar zonas' })).toBeNull();
  });

  it('defines two zones from a pasted list and saves them all at once, with ids after', async () => {
    const { user, enviados } = setup(
      tiendaDePrueba({ zonas: [], radioCostoDeEnvio: 'si', costoDeEnvio: 25 }),
    );
    await user.click(screen.getByRole('button', { name: 'Agregar zona' }));
    // The new zone's name takes the focus.
    expect(document.activeElement).toBe(
      within(zonaDe('Zona 1')).getByLabelText('Nombre de la zona'),
    );
    await user.keyboard('Centro');
    const centro = zonaDe('Centro');
    const colonias = within(centro).getByLabelText('Colonias');
    await user.click(colonias);
    await user.paste('Centro\n\nDoctores\n  centro \nObrera\n');
    expect(within(centro).getByText('Se guardarán 3 colonias')).toBeTruthy();
    await user.type(within(centro).getByLabelText('Costo de envío ($)'), '20');

    await user.click(screen.getByRole('button', { name: 'Agregar zona' }));
    await user.keyboard('Del Valle');
    const valle = zonaDe('Del Valle');
    await user.type(within(valle).getByLabelText('Códigos postales'), '03100');
    expect(within(valle).getByText('Se guardarán 1 código postal')).toBeTruthy();
    await user.type(within(valle).getByLabelText('Costo de envío ($)'), '35');
    await user.type(within(valle).getByLabelText('Monto mínimo ($)'), '150');
    expect(screen.getByText('Tienes cambios sin guardar')).toBeTruthy();

    await user.click(guardar());
    expect(enviados).toHaveLength(1);
    expect(enviados[0]).toMatchObject({
      nombre: 'taqueria lupe',
      costoDeEnvio: 25,
      ubicacion: null,
      zonas: [
        zonaAGuardar({ colonias: ['Centro', 'Doctores', 'Obrera'] }),
        {
          nombre: 'Del Valle',
          colonias: [],
          codigosPostales: ['03100'],
          costoDeEnvio: 35,
          montoMinimo: 150,
          activa: true,
        },
      ],
    });
    expect(enviados[0]?.zonas[0]).not.toHaveProperty('id');
    await screen.findByText(ZONAS_GUARDADAS, {}, { timeout: 5000 });
    expect(screen.queryByText('Tienes cambios sin guardar')).toBeNull();
    // The form now shows the saved zones, cleaned, and a second Guardar sends their ids back.
    expect((within(zonaDe('Centro')).getByLabelText('Colonias') as HTMLTextAreaElement).value).toBe(
      'Centro\nDoctores\nObrera',
    );
    await user.click(guardar());
    expect(enviados[1]?.zonas.map((z) => z.id)).toEqual([50, 51]);
  }, 20_000);

  it('moves zones with named buttons, the focus staying with the zone moved', async () => {
    const { user, enviados } = setup(
      tiendaDePrueba({
        zonas: [
          zonaGuardada({ id: 1, nombre: 'Centro' }),
          zonaGuardada({ id: 2, nombre: 'Roma', colonias: ['Roma Norte'] }),
          zonaGuardada({ id: 3, nombre: 'Narvarte', colonias: ['Narvarte'] }),
        ],
      }),
    );
    expect(nombres()).toEqual(['Centro', 'Roma', 'Narvarte']);
    expect(
      (screen.getByRole('button', { name: 'Subir Centro' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Subir Narvarte' }));
    expect(nombres()).toEqual(['Centro', 'Narvarte', 'Roma']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir Narvarte' }));
    expect(screen.getByText('Narvarte ahora es la zona 2 de 3')).toBeTruthy();
    // At the top, its up button is off: the focus goes to its down button.
    await user.keyboard('{Enter}');
    expect(nombres()).toEqual(['Narvarte', 'Centro', 'Roma']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar Narvarte' }));
    await user.click(screen.getByRole('button', { name: 'Bajar Centro' }));
    expect(nombres()).toEqual(['Narvarte', 'Roma', 'Centro']);
    await user.click(guardar());
    expect(enviados[0]?.zonas.map((z) => [z.id, z.nombre])).toEqual([
      [3, 'Narvarte'],
      [2, 'Roma'],
      [1, 'Centro'],
    ]);
  });

  it('switches a zone off and deletes another after a confirm', async () => {
    const { user, enviados } = setup(
      tiendaDePrueba({
        zonas: [
          zonaGuardada({ id: 1, nombre: 'Centro' }),
          zonaGuardada({ id: 2, nombre: 'Roma', colonias: ['Roma Norte'] }),
        ],
      }),
    );
    await user.click(within(zonaDe('Centro')).getByRole('switch', { name: /Zona activa/ }));
    expect(zonaDe('Centro').querySelector('legend')?.textContent).toBe('Centro (apagada)');

    await user.click(screen.getByRole('button', { name: 'Eliminar Roma' }));
    const dialogo = screen.getByRole('dialog', { name: '¿Eliminar la zona Roma?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(nombres()).toEqual(['Centro (apagada)', 'Roma']);
    expect(screen.getByRole('group', { name: 'Roma' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Eliminar Roma' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '¿Eliminar la zona Roma?' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(screen.queryByRole('group', { name: 'Roma' })).toBeNull();
    await user.click(guardar());
    expect(enviados[0]?.zonas).toEqual([zonaGuardada({ id: 1, activa: false })]);
  });

  it('refuses a radius without the shop point at the top, naming the zone, and sends nothing', async () => {
    const { user, enviados } = setup(tiendaDePrueba({ zonas: [zonaGuardada()], ubicacion: null }));
    expect(screen.getByText(/Tu tienda aún no tiene punto en el mapa/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agregar zona' }));
    await user.keyboard('Cerca');
    await user.type(within(zonaDe('Cerca')).getByLabelText(/Radio en km/), '3');
    await user.type(within(zonaDe('Cerca')).getByLabelText('Costo de envío ($)'), '15');
    const mensaje =
      'Zona «Cerca»: para enviar por distancia, primero marca el punto de tu tienda en el mapa';
    // Said beside the radius while it is typed...
    expect(within(zonaDe('Cerca')).getByText(mensaje)).toBeTruthy();
    await user.click(guardar());
    expect(enviados).toHaveLength(0);
    // ...and, refused, at the top of the form, read out and focused; the zone is marked.
    expect(alerta()?.textContent).toBe(mensaje);
    expect(document.activeElement).toBe(alerta());
    expect(zonaDe('Cerca').getAttribute('aria-invalid')).toBe('true');
    expect(zonaDe('Centro').getAttribute('aria-invalid')).toBeNull();

    // Typing the shop's point clears it; Guardar sends the point with the zones.
    await user.type(screen.getByLabelText('Latitud'), '19.4326');
    await user.type(screen.getByLabelText('Longitud'), '-99.1332');
    expect(alerta()).toBeUndefined();
    expect(screen.getByText('19.43260, -99.13320')).toBeTruthy();
    await user.click(guardar());
    expect(enviados[0]?.ubicacion).toEqual({ lat: 19.4326, lng: -99.1332 });
    expect(enviados[0]?.zonas[1]).toMatchObject({ nombre: 'Cerca', radioKm: 3, costoDeEnvio: 15 });
  });

  it('refuses a point out of range', async () => {
    const { user, enviados } = setup(tiendaDePrueba({ zonas: [zonaGuardada()] }));
    await user.type(screen.getByLabelText('Latitud'), '95');
    await user.type(screen.getByLabelText('Longitud'), '-99');
    await user.click(guardar());
    expect(enviados).toHaveLength(0);
    expect(alerta()?.textContent).toBe(
      'La latitud (lat) del punto en el mapa debe ser un número de -90 a 90',
    );
    expect(screen.getByLabelText('Latitud').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal at the top, marks the zone it names, and keeps what was typed", async () => {
    const mensaje = 'Zona «Roma»: puedes poner hasta 200 colonias';
    const { user, enviados } = setup(
      tiendaDePrueba({
        zonas: [zonaGuardada(), zonaGuardada({ id: 2, nombre: 'Roma', colonias: ['Roma Norte'] })],
      }),
      { error: new Error(mensaje) },
    );
    const colonias = within(zonaDe('Roma')).getByLabelText('Colonias') as HTMLTextAreaElement;
    await user.type(colonias, '{Enter}Roma Sur');
    await user.click(guardar());
    expect(enviados).toHaveLength(1);
    // The refusal arrives as a rejected promise: shown once React has handled it.
    await waitFor(() => expect(alerta()?.textContent).toBe(mensaje));
    await waitFor(() => expect(document.activeElement).toBe(alerta()));
    expect(zonaDe('Roma').getAttribute('aria-invalid')).toBe('true');
    expect(colonias.value).toBe('Roma Norte\nRoma Sur');
    expect(screen.getByText('Tienes cambios sin guardar')).toBeTruthy();
    // Editing again takes the server's message away.
    await user.type(colonias, 'x');
    expect(alerta()).toBeUndefined();
  });

  it("takes the shop's point from the phone's location, or says why it can't", async () => {
    const pendientes: { ok: PositionCallback; fallo?: PositionErrorCallback | null }[] = [];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fallo?: PositionErrorCallback | null) =>
          pendientes.push({ ok, fallo }),
      },
    });
    const { user } = setup(tiendaDePrueba({ zonas: [] }));
    const usar = screen.getByRole('button', { name: 'Usar mi ubicación' });
    await user.click(usar);
    expect(screen.getByText('Buscando tu ubicación…')).toBeTruthy();
    await act(async () =>
      pendientes.shift()!.fallo?.({ code: 1, message: '' } as GeolocationPositionError),
    );
    expect(screen.getByText(PUNTO_SIN_PERMISO)).toBeTruthy();
    await user.click(usar);
    await act(async () =>
      pendientes.shift()!.ok({
        coords: { latitude: 19.0433012, longitude: -98.1981049 },
      } as GeolocationPosition),
    );
    expect((screen.getByLabelText('Latitud') as HTMLInputElement).value).toBe('19.0433');
    expect((screen.getByLabelText('Longitud') as HTMLInputElement).value).toBe('-98.1981');
    expect(screen.queryByText(PUNTO_SIN_PERMISO)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Quitar punto' }));
    expect((screen.getByLabelText('Latitud') as HTMLInputElement).value).toBe('');
  });
});
