import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CompartirTienda } from './compartir-tienda';

// jsdom has neither a share sheet nor a clipboard: each test gives the browser the one it
// describes (as a phone or a desktop browser has it) and takes it away after.

const NOMBRE = 'Taquería "La Lupe"';
const ENLACE = `${window.location.origin}/tienda/taqueria-lupe`;
const TEXTO = `Mira el menú de ${NOMBRE} y haz tu pedido en línea`;

function withNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

function renderBoton() {
  render(<CompartirTienda nombre={NOMBRE} usuario="taqueria-lupe" />);
  return screen.getByRole('button', { name: 'Compartir' });
}

describe('CompartirTienda', () => {
  it("opens the phone's share sheet with the shop's name, a line and its path address", async () => {
    const shared: ShareData[] = [];
    withNavigator('share', (data: ShareData) => {
      shared.push(data);
      return Promise.resolve();
    });
    await userEvent.click(renderBoton());
    expect(shared).toEqual([{ title: NOMBRE, text: TEXTO, url: ENLACE }]);
    expect(screen.queryByRole('button', { name: 'Copiar enlace' })).toBeNull();
  });

  it('does nothing more when the person closes the share sheet', async () => {
    withNavigator('share', () => Promise.reject(new DOMException('cancelado', 'AbortError')));
    await userEvent.click(renderBoton());
    expect(screen.queryByRole('button', { name: 'Copiar enlace' })).toBeNull();
  });

  it('falls back to the menu when the share sheet fails', async () => {
    withNavigator('share', () => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await userEvent.click(renderBoton());
    expect(await screen.findByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
  });

  it('without a share sheet: copies the link with a confirmation, and offers WhatsApp', async () => {
    const copied: string[] = [];
    withNavigator('clipboard', {
      writeText: (text: string) => {
        copied.push(text);
        return Promise.resolve();
      },
    });
    const boton = renderBoton();
    await userEvent.click(boton);
    expect(boton.getAttribute('aria-expanded')).toBe('true');
    const whatsapp = await screen.findByRole('link', { name: 'Enviar por WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${TEXTO}: ${ENLACE}`)}`,
    );
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    // The first choice has the focus, for a keyboard.
    const copiar = screen.getByRole('button', { name: 'Copiar enlace' });
    expect(document.activeElement).toBe(copiar);
    await userEvent.click(copiar);
    expect(copied).toEqual([ENLACE]);
    expect(screen.getByRole('status').textContent).toBe('Enlace copiado');
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    withNavigator('clipboard', { writeText: () => Promise.reject(new Error('denied')) });
    await userEvent.click(renderBoton());
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar enlace' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('No pudimos copiarlo');
    expect(status.textContent).toContain(ENLACE);
  });

  it('closes on Escape with the focus back on "Compartir", and on a click outside', async () => {
    const boton = renderBoton();
    await userEvent.click(boton);
    await screen.findByRole('button', { name: 'Copiar enlace' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Copiar enlace' })).toBeNull();
    expect(document.activeElement).toBe(boton);

    await userEvent.click(boton);
    await screen.findByRole('button', { name: 'Copiar enlace' });
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('button', { name: 'Copiar enlace' })).toBeNull();

    // "Compartir" again closes it too.
    await userEvent.click(boton);
    await screen.findByRole('button', { name: 'Copiar enlace' });
    await userEvent.click(boton);
    expect(screen.queryByRole('button', { name: 'Copiar enlace' })).toBeNull();
  });
});
