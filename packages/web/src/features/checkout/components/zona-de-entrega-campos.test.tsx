import {
  mensajeFueraDeZona,
  type PedidoConSeguimiento,
  type PedidoInvitadoBody,
  type ProcesarCarritoBody,
} from '@tianguis/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { pedidoVista } from '#test/pedidos/fixtures';
import type { CheckoutEnvio } from '../api/place-pedido';
import { canastaCheckout } from '#test/checkout/fixtures';
import type { CanastaCheckout } from '../logic/checkout-values';
import type { ZonaDeTienda } from '../logic/zona-de-entrega';
import { CheckoutForm } from './checkout-form';

const CENTRO: ZonaDeTienda = {
  nombre: 'Centro',
  colonias: ['Álamos', 'Centro Histórico', 'Doctores'],
  codigosPostales: ['06000'],
  radioKm: null,
  costoDeEnvio: 20,
  montoMinimo: 100,
  activa: true,
};
const LEJOS: ZonaDeTienda = {
  nombre: 'Del Valle',
  colonias: ['Del Valle Centro', 'Narvarte'],
  codigosPostales: ['03100'],
  radioKm: 2,
  costoDeEnvio: 45,
  montoMinimo: 0,
  activa: true,
};
const APAGADA: ZonaDeTienda = {
  ...LEJOS,
  nombre: 'Apagada',
  colonias: ['Roma Norte'],
  activa: false,
};

function canasta(over: Partial<CanastaCheckout> = {}): CanastaCheckout {
  return canastaCheckout({
    // 4 × 30 = 120.00
    lineas: [{ productoId: 11, cantidad: 4, opciones: [], nota: null, precio: 30 }],
    costoDeEnvio: 15,
    entrega: { recoger: true, domicilio: true },
    zonas: [CENTRO, LEJOS, APAGADA],
    ubicacion: { lat: 19.4326, lng: -99.1332 },
    ...over,
  });
}

function fakeEnvio(invitado: (() => Promise<PedidoConSeguimiento>)[] = []) {
  const calls: PedidoInvitadoBody[] = [];
  const envio: CheckoutEnvio = {
    conCuenta: (_body: ProcesarCarritoBody) => Promise.resolve({ pedidoId: 1 }),
    invitado: (body: PedidoInvitadoBody) => {
      calls.push(body);
      return (
        invitado.shift()?.() ??
        Promise.resolve({ pedido: pedidoVista({ id: 56, invitado: true }), seguimiento: 's' })
      );
    },
  };
  return { envio, calls };
}

function renderForm(c: CanastaCheckout, envio: CheckoutEnvio) {
  render(
    <MemoryRouter>
      <CheckoutForm canasta={c} conSesion={false} envio={envio} navegar={false} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function llenarDatos(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana López');
  await user.type(screen.getByLabelText('Celular (10 dígitos)'), '5588776655');
  await user.click(screen.getByRole('radio', { name: 'Envío a domicilio' }));
  await user.type(screen.getByLabelText('Dirección de entrega'), 'Pino 12');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the delivery zone question at checkout', { timeout: 30_000 }, () => {
  it('finds a colonia typed without accents, shows its fee and minimum, and sends it', async () => {
    const { envio, calls } = fakeEnvio();
    const user = renderForm(canasta(), envio);
    await llenarDatos(user);

    const colonia = screen.getByRole('combobox', { name: 'Colonia' });
    await user.type(colonia, 'ALAMOS');
    const lista = screen.getByRole('listbox', { name: 'Colonias con envío' });
    expect(within(lista).getByRole('option', { name: 'Álamos' })).toBeTruthy();
    // The arrows move through the options and Enter picks one (the form is not sent).
    await user.keyboard('{ArrowDown}');
    expect(colonia.getAttribute('aria-activedescendant')).toBe(
      within(lista).getByRole('option', { name: 'Álamos' }).id,
    );
    await user.keyboard('{Enter}');
    expect((colonia as HTMLInputElement).value).toBe('Álamos');
    expect(calls).toHaveLength(0);

    expect(screen.getByText('Zona Centro: envío $ 20.00 · pedido mínimo $ 100.00')).toBeTruthy();
    const dl = screen.getByLabelText('Totales');
    expect(within(dl).getByText('Envío a Centro')).toBeTruthy();
    expect(within(dl).getByText('$ 20.00')).toBeTruthy();
    expect(within(dl).getByText('$ 140.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 140.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.entrega).toEqual({
      tipo: 'DOMICILIO',
      direccion: 'Pino 12',
      colonia: 'Álamos',
    });
    expect(calls[0]?.totalEsperado).toBe(140);
  });

  it("an address outside every zone is told at once and 'Mejor paso a recogerlo' switches to pickup", async () => {
    const { envio, calls } = fakeEnvio();
    const user = renderForm(canasta(), envio);
    await llenarDatos(user);

    // An inactive zone's colonia is outside too.
    await user.type(screen.getByRole('combobox', { name: 'Colonia' }), 'Roma Norte');
    const aviso = await screen.findByRole('alert');
    expect(aviso.textContent).toContain(mensajeFueraDeZona([CENTRO, LEJOS]));
    expect(screen.getByText('Según tu zona')).toBeTruthy();

    await user.click(within(aviso).getByRole('button', { name: 'Mejor paso a recogerlo' }));
    expect(
      (screen.getByRole('radio', { name: 'Recoger en la tienda' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Colonia' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 120.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.entrega).toEqual({ tipo: 'RECOGER' });
  });

  it('a postal code matches its zone; one not listed is outside; nothing said yet stops the order', async () => {
    const { envio, calls } = fakeEnvio();
    const user = renderForm(canasta(), envio);
    await llenarDatos(user);

    await user.click(screen.getByRole('button', { name: /Hacer pedido/ }));
    expect(calls).toHaveLength(0);
    expect(
      screen.getByText('Elige tu colonia de la lista o escribe tu código postal'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Colonia' }));

    const cp = screen.getByLabelText('O tu código postal');
    await user.type(cp, '03100');
    expect(screen.getByText('Zona Del Valle: envío $ 45.00')).toBeTruthy();
    await user.clear(cp);
    await user.type(cp, '99999');
    expect((await screen.findByRole('alert')).textContent).toContain('No hacemos envíos');
  });

  it("'Usar mi ubicación' measures from the shop's point; a refusal is said in Spanish", async () => {
    let responder: PositionCallback | undefined;
    let fallar: PositionErrorCallback | undefined;
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, error: PositionErrorCallback) => {
          responder = ok;
          fallar = error;
        },
      },
    });
    const { envio, calls } = fakeEnvio();
    const user = renderForm(canasta(), envio);
    await llenarDatos(user);

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(screen.getByText('Buscando tu ubicación…')).toBeTruthy();
    fallar?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    expect(await screen.findByText(/No nos diste permiso/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    // About 1.1 km north of the shop: inside Del Valle's 2 km.
    responder?.({ coords: { latitude: 19.4426, longitude: -99.1332 } } as GeolocationPosition);
    expect(await screen.findByText('Zona Del Valle: envío $ 45.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hacer pedido · $ 165.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.entrega).toMatchObject({ ubicacion: { lat: 19.4426, lng: -99.1332 } });
  });

  it("the server's FUERA_DE_ZONA is shown at the question", async () => {
    const mensaje = 'No hacemos envíos a esa dirección. Zonas de envío: Centro';
    const { envio } = fakeEnvio([
      () => Promise.reject(new ApiError(400, 'FUERA_DE_ZONA', mensaje)),
    ]);
    const user = renderForm(canasta(), envio);
    await llenarDatos(user);
    await user.type(screen.getByRole('combobox', { name: 'Colonia' }), 'Narvarte');
    await user.click(screen.getByRole('button', { name: /Hacer pedido/ }));
    expect(await screen.findByText(mensaje)).toBeTruthy();
  });

  it('a shop without active zones keeps its flat shipping and asks nothing more', async () => {
    const { envio } = fakeEnvio();
    const user = renderForm(canasta({ zonas: [APAGADA] }), envio);
    await llenarDatos(user);
    expect(screen.queryByRole('combobox', { name: 'Colonia' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hacer pedido · $ 135.00' })).toBeTruthy();
  });
});
