import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { disconnectImpresora } from '../impresora-store';
import type { NavegadorConImpresoras } from '../navegador';
import { reglaDeColumnas } from '../pagina-de-prueba';
import { IMPRESORA_KEY, savePreferencias, readPreferencias } from '../preferencias';
import { decodeEscPos, ultimoComando } from '#test/impresora/escpos';
import { bluetoothFalso, serieFalsa, usbFalso } from '#test/impresora/navegador-falso';
import { impresoraMessages } from '../transporte';
import { AjustesMenu } from '../../mi-tienda/components/ajustes-menu';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { ImpresoraAjustes } from './impresora-ajustes';

afterEach(async () => {
  await act(() => disconnectImpresora());
});

function renderAjustes(navegador: NavegadorConImpresoras) {
  const user = userEvent.setup();
  const view = render(
    <ImpresoraAjustes
      nombreTienda="Taquería Doña Lupe"
      timeZone="America/Mexico_City"
      navegador={navegador}
    />,
  );
  return { user, ...view };
}

describe('Impresora térmica', () => {
  it('says plainly that a browser without the APIs cannot connect, and points to Imprimir', () => {
    renderAjustes({});
    expect(screen.getByRole('status').textContent).toBe(impresoraMessages.sinSoporte);
    expect(impresoraMessages.sinSoporte).toBe(
      'Este navegador no puede conectarse a impresoras. Usa Chrome o Edge en Android, Windows, Mac o Linux, o imprime con el botón Imprimir.',
    );
    expect(screen.queryByRole('button', { name: /Conectar impresora/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText(/sigue disponible para todos/)).toBeTruthy();
  });

  it('offers only the connections this browser has', () => {
    const { unmount } = renderAjustes({ serial: serieFalsa().serial });
    const grupo = screen.getByRole('group', { name: 'Tipo de conexión' });
    expect(
      within(grupo)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Cable serie']);
    expect(screen.getByRole('combobox', { name: 'Velocidad (baudios)' })).toBeTruthy();
    unmount();
    renderAjustes({ usb: usbFalso().usb, bluetooth: bluetoothFalso().bluetooth });
    const otro = screen.getByRole('group', { name: 'Tipo de conexión' });
    expect(
      within(otro)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['USB', 'Bluetooth']);
    expect(screen.queryByRole('combobox', { name: 'Velocidad (baudios)' })).toBeNull();
  });

  it('connects a USB printer and prints the test page at the width chosen', async () => {
    const falso = usbFalso();
    const { user } = renderAjustes({ usb: falso.usb });
    expect(
      (screen.getByRole('button', { name: 'Imprimir página de prueba' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Conectar impresora' }));
    await screen.findByText('EPSON TM-T20III');
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Conectada: EPSON TM-T20III');
    await user.click(screen.getByRole('radio', { name: '80 mm' }));
    expect(readPreferencias()).toMatchObject({ ancho: 80, tipo: 'usb' });
    await user.click(screen.getByRole('button', { name: 'Imprimir página de prueba' }));
    // Printed to the end: the cut.
    await waitFor(() =>
      expect(ultimoComando(decodeEscPos(falso.recibido()))).toBe('comando:corte'),
    );

    const doc = decodeEscPos(falso.recibido());
    expect(doc.comandos[0]).toEqual({ tipo: 'inicializar' });
    expect(doc.comandos).toContainEqual({ tipo: 'paginaDeCodigos', n: 16 });
    const textos = doc.lineas.map((l) => l.texto.trim());
    expect(textos).toContain('Taquería Doña Lupe');
    expect(textos).toContain(reglaDeColumnas(48));
    expect(textos).toContain('Acentos: áéíóú ñ Ñ ¿¡');
    expect(doc.lineas.every((l) => l.texto.length <= 48)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows why a connection or a print failed', async () => {
    const falso = usbFalso();
    falso.sinEleccion = true;
    const { user } = renderAjustes({ usb: falso.usb });
    await user.click(screen.getByRole('button', { name: 'Conectar impresora' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudo conectar: no elegiste ninguna impresora.',
    );
    falso.sinEleccion = false;
    await user.click(screen.getByRole('button', { name: 'Conectar impresora' }));
    await screen.findByText('EPSON TM-T20III');
    expect(screen.queryByRole('alert')).toBeNull();
    falso.fallo = 'rechazar';
    await user.click(screen.getByRole('button', { name: 'Imprimir página de prueba' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La impresora no respondió');
  });

  it('keeps “Imprimir al aceptar” on this device, and finds the printer used last', async () => {
    const falso = usbFalso();
    falso.permitidos = [falso.device];
    const { user, unmount } = renderAjustes({ usb: falso.usb });
    const interruptor = screen.getByRole('switch', { name: 'Imprimir al aceptar' });
    expect((interruptor as HTMLInputElement).checked).toBe(false);
    await user.click(interruptor);
    expect(JSON.parse(localStorage.getItem(IMPRESORA_KEY) ?? '{}')).toMatchObject({
      imprimirAlAceptar: true,
    });
    await user.click(screen.getByRole('button', { name: 'Conectar impresora' }));
    await screen.findByText('EPSON TM-T20III');
    unmount();
    // A new visit (the tab closed, so the printer was let go): the switch as left, and the
    // printer opened again without the chooser.
    await act(() => disconnectImpresora());
    savePreferencias({ tipo: 'usb' });
    falso.filtrosPedidos.length = 0;
    renderAjustes({ usb: falso.usb });
    expect(
      (screen.getByRole('switch', { name: 'Imprimir al aceptar' }) as HTMLInputElement).checked,
    ).toBe(true);
    await screen.findByText('EPSON TM-T20III');
    expect(falso.filtrosPedidos).toEqual([]);
  });

  it('lets the printer go on “Desconectar”', async () => {
    const falso = usbFalso();
    const { user } = renderAjustes({ usb: falso.usb });
    await user.click(screen.getByRole('button', { name: 'Conectar impresora' }));
    await screen.findByText('EPSON TM-T20III');
    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('No hay una impresora conectada.');
    expect(falso.device.opened).toBe(false);
    expect(readPreferencias().tipo).toBeNull();
    expect(screen.getByRole('button', { name: 'Conectar impresora' })).toBeTruthy();
  });
});

describe('the settings menu', () => {
  it('opens Impresora térmica', () => {
    render(
      <MemoryRouter>
        <AjustesMenu tienda={tiendaDePrueba()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Impresora térmica' }).getAttribute('href')).toBe(
      '/impresora',
    );
  });
});
