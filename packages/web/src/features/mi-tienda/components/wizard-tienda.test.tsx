import {
  ajustesMessages,
  catalogoMessages,
  registroMessages,
  tiendaContactoMessages,
} from '@tianguis/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import type { MiTienda } from '../api/get-mi-tienda';
import { UBICACION_NO_DISPONIBLE, UBICACION_SIN_PERMISO } from './punto-en-mapa';
import { TIENDA_ACTUALIZADA, WizardTienda } from './wizard-tienda';
import { wizardValuesFromTienda, type TiendaUpdateBody } from './wizard-tienda-values';

/** A shop as the server answers it right after the owner registered. */
function nuevaTienda(overrides: Partial<MiTienda> = {}): MiTienda {
  // Not configured nor approved yet, no name or logo (the server's "N/A"); the fixture's 'no'
  // for minimum and delivery fee are the server's defaults until the owner answers.
  return tiendaDePrueba({
    nombre: 'N/A',
    imageUrl: 'N/A',
    configured: false,
    approved: false,
    ...overrides,
  });
}

function setup(
  tienda: MiTienda = nuevaTienda(),
  options: { saveError?: Error; uploadPath?: string } = {},
) {
  const saved: TiendaUpdateBody[] = [];
  const uploaded: string[] = [];
  const calls = { cancel: 0, close: 0 };
  const user = userEvent.setup({ applyAccept: false, delay: null });
  render(
    <WizardTienda
      tienda={tienda}
      onSave={async (input) => {
        if (options.saveError) throw options.saveError;
        saved.push(input);
      }}
      onUpload={async (file) => {
        uploaded.push(file.name);
        return options.uploadPath ?? `/images/${file.name}`;
      }}
      onCancel={() => calls.cancel++}
      onClose={() => calls.close++}
    />,
  );
  return { user, saved, uploaded, calls };
}

const siguiente = () => screen.getByRole('button', { name: 'Siguiente' });
const guardar = () => screen.getByRole('button', { name: 'Guardar' });
const PREVIEW = 'Vista previa de la imagen de la tienda';
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function goToStep3(
  user: ReturnType<typeof userEvent.setup>,
  monto: 'Si' | 'No',
  envio: 'Si' | 'No',
) {
  await user.click(screen.getByRole('radio', { name: monto }));
  await user.click(siguiente());
  await user.click(screen.getByRole('radio', { name: envio }));
  await user.click(siguiente());
}

function png(name = 'logo.png', type = 'image/png') {
  return new File(['png'], name, { type });
}

/** What a shop that never chose sends: the API's defaults (delivery only, cash only). */
const AJUSTES_POR_OMISION = {
  entrega: { recoger: false, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: null },
  // No address, phone nor map point: none (null removes what was stored).
  direccion: null,
  telefono: null,
  ubicacion: null,
};

/** The shop 'tacos lupe' with its logo; `overrides` changes what a test is about. */
const conImagen = (overrides: Partial<MiTienda> = {}) =>
  nuevaTienda({ nombre: 'tacos lupe', imageUrl: '/images/logo.png', ...overrides });

/** What Guardar sends for the shop 'tacos lupe' with its logo, both questions answered No; `over` changes what a test is about. */
const enviado = (over: Record<string, unknown> = {}) => ({
  nombre: 'tacos lupe',
  imageUrl: '/images/logo.png',
  radioMontoMinimo: 'no',
  montoMinimo: 0,
  radioCostoDeEnvio: 'no',
  costoDeEnvio: 0,
  ...AJUSTES_POR_OMISION,
  ...over,
});

// Typing runs keystroke by keystroke through the whole form: slow on a busy machine.
const SLOW = { timeout: 30_000 };

describe('WizardTienda steps', SLOW, () => {
  it('keeps Siguiente disabled until each step has a choice, and has no Atras on step 1', async () => {
    const { user } = setup();
    expect(screen.getByText('Paso 1 de 3')).toBeTruthy();
    expect(
      screen.getByRole('group', { name: '¿Tu tienda tiene un monto mínimo de compra?' }),
    ).toBeTruthy();
    expect(siguiente()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Atras' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Si' }));
    expect(siguiente()).toHaveProperty('disabled', false);
    await user.click(siguiente());

    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    expect(screen.getByRole('group', { name: '¿Tu tienda cobra costo de envío?' })).toBeTruthy();
    expect(siguiente()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(siguiente());

    expect(screen.getByText('Paso 3 de 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    expect(guardar()).toBeTruthy();
  });

  it('goes back down to step 1 and keeps the answers given', async () => {
    const { user } = setup();
    await goToStep3(user, 'Si', 'No');
    await user.click(screen.getByRole('button', { name: 'Atras' }));
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Atras' }));
    expect(screen.getByText('Paso 1 de 3')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Si' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: 'Atras' })).toBeNull();
    // The focus moved to the new step's heading.
    expect(document.activeElement?.textContent).toBe('Monto mínimo de compra');
  });

  it('shows the amount fields only for the questions answered Si', async () => {
    const { user } = setup();
    await goToStep3(user, 'Si', 'No');
    expect(screen.getByLabelText('Monto mínimo de compra (pesos)')).toBeTruthy();
    expect(screen.queryByLabelText('Costo de envío (pesos)')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Atras' }));
    await user.click(screen.getByRole('radio', { name: 'Si' }));
    await user.click(siguiente());
    expect(screen.getByLabelText('Costo de envío (pesos)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Atras' }));
    await user.click(screen.getByRole('button', { name: 'Atras' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(siguiente());
    await user.click(siguiente());
    expect(screen.queryByLabelText('Monto mínimo de compra (pesos)')).toBeNull();
    expect(screen.getByLabelText('Costo de envío (pesos)')).toBeTruthy();
  });

  it('Cancelar leaves without saving', async () => {
    const { user, saved, calls } = setup();
    await goToStep3(user, 'No', 'No');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(calls.cancel).toBe(1);
    expect(saved).toEqual([]);
  });
});

describe('WizardTienda checks', SLOW, () => {
  it('reports one rule at a time in order: name, image, minimum, shipping', async () => {
    const { user, saved } = setup();
    await goToStep3(user, 'Si', 'Si');

    await user.click(guardar());
    expect(alerts()).toEqual([catalogoMessages.nombreTiendaMin]);

    await user.type(screen.getByLabelText('Nombre de la tienda'), 'Tacos Lupe');
    expect(alerts()).toEqual([catalogoMessages.imagenRequerida]);

    await user.upload(screen.getByLabelText('Imagen de la tienda'), png());
    await screen.findByRole('img', { name: PREVIEW });
    expect(alerts()).toEqual([catalogoMessages.montoMinimoRequerido]);

    await user.type(screen.getByLabelText('Monto mínimo de compra (pesos)'), '150.');
    expect(alerts()).toEqual([catalogoMessages.montoMinimoPunto]);
    await user.type(screen.getByLabelText('Monto mínimo de compra (pesos)'), '5');
    expect(alerts()).toEqual([catalogoMessages.costoDeEnvioRequerido]);

    await user.type(screen.getByLabelText('Costo de envío (pesos)'), '25.');
    expect(alerts()).toEqual([catalogoMessages.costoDeEnvioPunto]);
    await user.type(screen.getByLabelText('Costo de envío (pesos)'), '50');
    expect(alerts()).toEqual([]);

    expect(saved).toEqual([]);
    await user.click(guardar());
    expect(saved).toEqual([
      enviado({
        nombre: 'Tacos Lupe',
        radioMontoMinimo: 'si',
        montoMinimo: 150.5,
        radioCostoDeEnvio: 'si',
        costoDeEnvio: 25.5,
      }),
    ]);
  });

  it('tells a bad or too long name while typing, before Guardar', async () => {
    const { user } = setup();
    await goToStep3(user, 'No', 'No');
    const nombre = screen.getByLabelText('Nombre de la tienda');
    await user.type(nombre, 'Ta');
    expect(alerts()).toEqual([]);
    await user.clear(nombre);
    await user.type(nombre, '1 Tacos');
    expect(alerts()).toEqual([catalogoMessages.nombreTiendaFormato]);
    await user.clear(nombre);
    await user.type(nombre, 'Tacos & más');
    expect(alerts()).toEqual([catalogoMessages.nombreTiendaFormato]);
  });

  it("stops the name at the server's 40 characters and counts them near the limit", async () => {
    const { user } = setup();
    await goToStep3(user, 'No', 'No');
    const nombre = screen.getByLabelText<HTMLInputElement>('Nombre de la tienda');
    expect(nombre.maxLength).toBe(40);
    await user.type(nombre, 'T'.repeat(29));
    expect(screen.queryByText(/de 40 caracteres/)).toBeNull();
    await user.type(nombre, 'T'.repeat(16));
    expect(nombre.value).toBe('T'.repeat(40));
    expect(screen.getByText('40 de 40 caracteres')).toBeTruthy();
    expect(alerts()).toEqual([]);
  });

  it('refuses a file of another type before uploading it', async () => {
    const { user, uploaded } = setup();
    await goToStep3(user, 'No', 'No');
    const input = screen.getByLabelText<HTMLInputElement>('Imagen de la tienda');
    await user.upload(input, new File(['gif'], 'menu.gif', { type: 'image/gif' }));
    expect(alerts()).toEqual(['Archivo no permitido: menu.gif']);
    expect(uploaded).toEqual([]);
    expect(input.value).toBe('');
    expect(screen.queryByRole('img')).toBeNull();

    await user.upload(input, png('logo.jfif', 'image/jpeg'));
    const preview = await screen.findByRole('img', { name: PREVIEW });
    expect(uploaded).toEqual(['logo.jfif']);
    expect(alerts()).toEqual([]);
    expect(preview.getAttribute('src')).toBe('/images/logo.jfif');
  });

  it('lets the amount fields take only what the price input rules allow', async () => {
    const { user } = setup();
    await goToStep3(user, 'Si', 'Si');
    const monto = screen.getByLabelText<HTMLInputElement>('Monto mínimo de compra (pesos)');
    await user.type(monto, '12345');
    expect(monto.value).toBe('1234');
    await user.clear(monto);
    await user.type(monto, '1.234');
    expect(monto.value).toBe('1.23');
    await user.clear(monto);
    await user.type(monto, '05');
    expect(monto.value).toBe('0');
    await user.type(monto, '.5a');
    expect(monto.value).toBe('0.5');
    const envio = screen.getByLabelText<HTMLInputElement>('Costo de envío (pesos)');
    await user.type(envio, '-3');
    expect(envio.value).toBe('3');
  });

  it('sends 0 for a question answered No, whatever was typed before', async () => {
    const tienda = conImagen({
      radioMontoMinimo: 'si',
      montoMinimo: 120,
      radioCostoDeEnvio: 'no',
      configured: true,
    });
    const { user, saved } = setup(tienda);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(siguiente());
    await user.click(siguiente());
    await user.click(guardar());
    expect(saved).toEqual([enviado()]);
  });
});

describe('WizardTienda prefill and saving', SLOW, () => {
  it('opens on the current shop: its answers, name, amounts and image; 0 shows as empty', async () => {
    const tienda = conImagen({
      radioMontoMinimo: 'si',
      montoMinimo: 0,
      radioCostoDeEnvio: 'si',
      costoDeEnvio: 25.5,
      configured: true,
    });
    const { user } = setup(tienda);
    expect(screen.getByRole('radio', { name: 'Si' })).toHaveProperty('checked', true);
    expect(siguiente()).toHaveProperty('disabled', false);
    await user.click(siguiente());
    expect(screen.getByRole('radio', { name: 'Si' })).toHaveProperty('checked', true);
    await user.click(siguiente());
    expect(screen.getByLabelText('Nombre de la tienda')).toHaveProperty('value', 'tacos lupe');
    expect(screen.getByLabelText('Monto mínimo de compra (pesos)')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Costo de envío (pesos)')).toHaveProperty('value', '25.5');
    expect(screen.getByRole('img', { name: PREVIEW }).getAttribute('src')).toBe('/images/logo.png');
  });

  it('shows the success modal after saving, and Cerrar leaves', async () => {
    const tienda = conImagen();
    const { user, calls } = setup(tienda);
    await goToStep3(user, 'No', 'No');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(guardar());
    const dialog = await screen.findByRole('dialog', { name: TIENDA_ACTUALIZADA });
    expect(within(dialog).getByText(TIENDA_ACTUALIZADA)).toBeTruthy();
    expect(calls.close).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(calls.close).toBe(1);
  });

  it("shows the server's refusal and no modal", async () => {
    const tienda = conImagen();
    const { user } = setup(tienda, {
      saveError: new Error('No hay conexión con el servidor.'),
    });
    await goToStep3(user, 'No', 'No');
    await user.click(guardar());
    await screen.findByText('No hay conexión con el servidor.');
    expect(alerts()).toEqual(['No hay conexión con el servidor.']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('wizardValuesFromTienda', () => {
  it("shows 'N/A' as empty and reads the Si/No answers whatever their case", () => {
    expect(
      wizardValuesFromTienda(
        nuevaTienda({
          configured: true,
          radioMontoMinimo: 'SI',
          radioCostoDeEnvio: 'x',
          costoDeEnvio: 12.5,
        }),
      ),
    ).toEqual({
      nombre: '',
      imageUrl: '',
      direccion: '',
      telefono: '',
      ubicacion: null,
      radioMontoMinimo: 'si',
      montoMinimo: '',
      radioCostoDeEnvio: undefined,
      costoDeEnvio: '12.5',
      // Without settings in the answer: the API's defaults.
      recoger: false,
      domicilio: true,
      efectivo: true,
      terminal: false,
      transferencia: false,
      clabe: '',
      banco: '',
      titular: '',
    });
  });

  it("doesn't take a shop's defaults for answers before it was ever configured", () => {
    const values = wizardValuesFromTienda(nuevaTienda({ radioMontoMinimo: 'si' }));
    expect(values.radioMontoMinimo).toBeUndefined();
    expect(values.radioCostoDeEnvio).toBeUndefined();
  });
});

describe('WizardTienda delivery and payments', SLOW, () => {
  const configurada = () =>
    nuevaTienda({
      nombre: 'Tacos Lupe',
      imageUrl: '/images/logo.png',
      configured: true,
    });

  it('opens on the shop’s settings and sends them with Guardar', async () => {
    const { user, saved } = setup({
      ...configurada(),
      entrega: { recoger: true, domicilio: false },
      pagos: {
        efectivo: false,
        terminal: true,
        transferencia: { clabe: '002010077777777771', banco: 'Banamex', titular: 'Lupe Pérez' },
      },
    });
    await goToStep3(user, 'No', 'No');
    expect(screen.getByRole('checkbox', { name: 'Recoger en la tienda' })).toHaveProperty(
      'checked',
      true,
    );
    expect((screen.getByLabelText('CLABE (18 dígitos)') as HTMLInputElement).value).toBe(
      '002010077777777771',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Envío a domicilio' }));
    await user.click(guardar());
    expect(saved[0]).toMatchObject({
      nombre: 'Tacos Lupe',
      entrega: { recoger: true, domicilio: true },
      pagos: {
        efectivo: false,
        terminal: true,
        transferencia: { clabe: '002010077777777771', banco: 'Banamex', titular: 'Lupe Pérez' },
      },
    });
  });

  it('refuses a wrong CLABE with its message beside the field, and saves nothing', async () => {
    const { user, saved } = setup(configurada());
    await goToStep3(user, 'No', 'No');
    expect(screen.queryByLabelText('CLABE (18 dígitos)')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Transferencia' }));
    const clabe = screen.getByLabelText('CLABE (18 dígitos)');
    await user.type(clabe, '002010077777777772');
    await user.type(screen.getByLabelText('Banco'), 'Banamex');
    await user.type(screen.getByLabelText('Titular de la cuenta'), 'Lupe Pérez');
    await user.click(guardar());
    expect(alerts()).toEqual([ajustesMessages.clabeInvalida]);
    expect(alerts()[0]).toMatch(/último dígito/);
    // The message sits beside the CLABE field: the one its aria-describedby names.
    const describedBy = clabe.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(ajustesMessages.clabeInvalida);
    expect(clabe.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
    // Spaces and dashes as printed on a bank card are fine; the check digit decides.
    await user.clear(clabe);
    await user.type(clabe, '002 010 07777777777 1');
    expect(alerts()).toEqual([]);
    await user.click(guardar());
    expect(saved[0]?.pagos?.transferencia).toEqual({
      clabe: '002010077777777771',
      banco: 'Banamex',
      titular: 'Lupe Pérez',
    });
  });

  it('asks for at least one delivery and one payment method', async () => {
    const { user, saved } = setup(configurada());
    await goToStep3(user, 'No', 'No');
    await user.click(screen.getByRole('checkbox', { name: 'Envío a domicilio' }));
    await user.click(guardar());
    expect(alerts()).toEqual([ajustesMessages.entregaVacia]);
    await user.click(screen.getByRole('checkbox', { name: 'Recoger en la tienda' }));
    await user.click(screen.getByRole('checkbox', { name: 'Efectivo' }));
    expect(alerts()).toEqual([ajustesMessages.pagosVacios]);
    expect(saved).toEqual([]);
  });
});

describe('WizardTienda address and phone', SLOW, () => {
  it('opens on the stored ones and sends them, the phone as its 10 digits', async () => {
    const { user, saved } = setup(
      conImagen({
        direccion: 'Calle 5 #12, Centro',
        telefono: '5512345678',
      }),
    );
    await goToStep3(user, 'No', 'No');
    const direccion = screen.getByLabelText<HTMLInputElement>('Dirección de la tienda');
    const telefono = screen.getByLabelText<HTMLInputElement>('Teléfono de la tienda');
    expect(direccion.value).toBe('Calle 5 #12, Centro');
    expect(direccion.maxLength).toBe(200);
    expect(telefono.value).toBe('5512345678');
    expect(telefono.type).toBe('tel');
    expect(telefono.inputMode).toBe('tel');

    await user.clear(telefono);
    await user.type(telefono, '55 1234 9876');
    expect(screen.getByText('Se guardará como 5512349876')).toBeTruthy();
    await user.click(guardar());
    expect(saved[0]).toMatchObject({ direccion: 'Calle 5 #12, Centro', telefono: '5512349876' });
  });

  it('refuses a bad phone and a short address at the field, which takes the focus', async () => {
    const { user, saved } = setup(conImagen());
    await goToStep3(user, 'No', 'No');
    const direccion = screen.getByLabelText('Dirección de la tienda');
    const telefono = screen.getByLabelText('Teléfono de la tienda');
    await user.type(telefono, '55 1234');
    expect(screen.getByText(registroMessages.celularLongitud)).toBeTruthy();
    await user.type(direccion, 'Av 1');

    await user.click(guardar());
    expect(alerts()).toEqual([tiendaContactoMessages.direccion]);
    expect(document.activeElement).toBe(direccion);
    await user.clear(direccion);

    await user.click(guardar());
    expect(alerts()).toEqual([registroMessages.celularLongitud]);
    expect(document.activeElement).toBe(telefono);
    expect(saved).toEqual([]);

    // Blank is none.
    await user.clear(telefono);
    await user.click(guardar());
    expect(saved[0]).toMatchObject({ direccion: null, telefono: null });
  });

  it('moves the focus to the first field in error on a refused Guardar', async () => {
    const { user } = setup();
    await goToStep3(user, 'No', 'No');
    await user.click(guardar());
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre de la tienda'));
  });

  it('holds Atras, Cancelar and Guardar in the bar toasts stay above', async () => {
    const { user } = setup();
    await goToStep3(user, 'No', 'No');
    const barra = guardar().closest('[data-barra-acciones]');
    expect(barra).not.toBeNull();
    expect(within(barra as HTMLElement).getByRole('button', { name: 'Atras' })).toBeTruthy();
    expect(within(barra as HTMLElement).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});

describe('WizardTienda map point', SLOW, () => {
  const usar = () => screen.getByRole('button', { name: 'Usar mi ubicación actual' });
  const MAPS = 'https://www.google.com/maps/search/?api=1&query=';

  /**
   * The browser's geolocation API, stubbed: jsdom has none and there is no GPS here. Each call
   * is held until the test answers it, so "Buscando tu ubicación…" can be seen.
   */
  function stubGeolocation() {
    const pendientes: { ok: PositionCallback; fallo: PositionErrorCallback | null | undefined }[] =
      [];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fallo?: PositionErrorCallback | null) =>
          pendientes.push({ ok, fallo }),
      },
    });
    return {
      llamadas: () => pendientes.length,
      responder: (latitude: number, longitude: number) =>
        pendientes.shift()!.ok({ coords: { latitude, longitude } } as GeolocationPosition),
      fallar: (code: number) =>
        pendientes.shift()!.fallo?.({ code, message: '' } as GeolocationPositionError),
    };
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('takes the phone’s location, shows it with its map link, and sends it', async () => {
    const geo = stubGeolocation();
    const { user, saved } = setup(conImagen());
    await goToStep3(user, 'No', 'No');
    expect(screen.getByText('Punto en el mapa (opcional)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar punto' })).toBeNull();

    await user.click(usar());
    expect(geo.llamadas()).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('Buscando tu ubicación…');
    expect((usar() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => geo.responder(19.432603, -99.133204));

    expect(screen.queryByText('Buscando tu ubicación…')).toBeNull();
    expect(screen.getByText('19.43260, -99.13320')).toBeTruthy();
    const enlace = screen.getByRole<HTMLAnchorElement>('link', { name: 'Ver en el mapa' });
    expect(enlace.href).toBe(`${MAPS}19.4326,-99.1332`);
    expect(enlace.target).toBe('_blank');

    await user.click(guardar());
    expect(saved[0]).toMatchObject({ ubicacion: { lat: 19.4326, lng: -99.1332 } });
  });

  it('opens on the stored point; Quitar punto sends null', async () => {
    const { user, saved } = setup(conImagen({ ubicacion: { lat: 20.6597, lng: -103.3496 } }));
    await goToStep3(user, 'No', 'No');
    expect(screen.getByText('20.65970, -103.34960')).toBeTruthy();
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'Ver en el mapa' }).href).toBe(
      `${MAPS}20.6597,-103.3496`,
    );

    await user.click(screen.getByRole('button', { name: 'Quitar punto' }));
    expect(screen.queryByText('20.65970, -103.34960')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver en el mapa' })).toBeNull();
    await user.click(guardar());
    expect(saved[0]).toMatchObject({ ubicacion: null });
  });

  it.each([
    [1, UBICACION_SIN_PERMISO],
    [2, UBICACION_NO_DISPONIBLE],
    [3, UBICACION_NO_DISPONIBLE],
  ])(
    'says why there is no point (error code %i) and keeps the one there was',
    async (code, msg) => {
      const geo = stubGeolocation();
      const { user, saved } = setup(conImagen({ ubicacion: { lat: 19.5, lng: -99.25 } }));
      await goToStep3(user, 'No', 'No');
      await user.click(usar());
      await act(async () => geo.fallar(code));
      expect(alerts()).toEqual([msg]);
      expect(screen.queryByText('Buscando tu ubicación…')).toBeNull();
      expect(screen.getByText('19.50000, -99.25000')).toBeTruthy();
      await user.click(guardar());
      expect(saved[0]).toMatchObject({ ubicacion: { lat: 19.5, lng: -99.25 } });
    },
  );

  it('says it cannot without the browser’s location service', async () => {
    const { user } = setup(conImagen());
    await goToStep3(user, 'No', 'No');
    await user.click(usar());
    expect(alerts()).toEqual([UBICACION_NO_DISPONIBLE]);
  });
});
