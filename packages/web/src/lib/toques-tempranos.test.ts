import { afterEach, describe, expect, it, vi } from 'vitest';

// The taps are kept on the page (a global the classic first script and the app share): each
// test loads the module anew and clears it.
async function load() {
  vi.resetModules();
  return import('./toques-tempranos');
}

function elemento(tag: string, id: string, texto: string): HTMLElement {
  const el = document.createElement(tag);
  el.id = id;
  el.textContent = texto;
  return el;
}

/** The app's root holding `hijos`, and a button outside it. */
function page(...hijos: HTMLElement[]): void {
  const root = document.createElement('div');
  root.id = 'root';
  root.append(...hijos);
  document.body.replaceChildren(root, elemento('button', 'fuera', 'Fuera'));
}

/** A page with the app's 'Agregar Torta' button; `taps` records, per click, whether it was cancelled. */
function pageConAgregar() {
  page(elemento('button', 'agregar', 'Agregar Torta'));
  const agregar = document.getElementById('agregar') as HTMLButtonElement;
  const taps = vi.fn();
  agregar.addEventListener('click', (event) => taps(event.defaultPrevented));
  return { agregar, taps };
}

afterEach(async () => {
  // The page's own: a listener left from one test would keep the next test's taps.
  (await load()).stopKeepingToques();
  Reflect.deleteProperty(window, '__tianguisToques');
  document.body.replaceChildren();
  delete document.documentElement.dataset.app;
});

describe('taps before the app has the page', () => {
  it('a second copy of the module (the app beside the classic first script) makes the taps the first kept', async () => {
    const primera = await load();
    const { agregar, taps } = pageConAgregar();
    primera.keepToquesTempranos();
    agregar.click();
    const segunda = await load();
    expect(segunda).not.toBe(primera);
    segunda.keepToquesTempranos(); // boot.ts: already keeping, no second listener
    agregar.click();
    expect(taps).toHaveBeenCalledTimes(2);
    segunda.stopKeepingToques();
    segunda.replayToquesTempranos();
    expect(taps.mock.calls.map(([anulado]) => anulado)).toEqual([true, true, false, false]);
  });

  it('keeps a tap on a server-rendered button, marks it, and makes it again once the app has rendered', async () => {
    const m = await load();
    const { agregar, taps } = pageConAgregar();

    m.keepToquesTempranos();
    expect(document.documentElement.dataset.app).toBe('cargando');
    agregar.click();
    // Seen by the page, not acted on: nothing of the button's own happens yet.
    expect(taps).toHaveBeenCalledWith(true);
    expect(agregar.hasAttribute(m.TOQUE_PENDIENTE)).toBe(true);

    m.stopKeepingToques();
    expect(document.documentElement.dataset.app).toBe('lista');
    expect(taps).toHaveBeenCalledTimes(1);
    m.replayToquesTempranos();
    expect(taps).toHaveBeenCalledTimes(2);
    expect(taps).toHaveBeenLastCalledWith(false);
    expect(agregar.hasAttribute(m.TOQUE_PENDIENTE)).toBe(false);
    // Once only, even if the app's effect runs twice (React's strict mode in development).
    m.replayToquesTempranos();
    expect(taps).toHaveBeenCalledTimes(2);
  });

  it('keeps two taps on the same button as two, in the order made, and no more than the cap', async () => {
    const m = await load();
    page(elemento('button', 'a', 'A'), elemento('button', 'b', 'B'));
    const orden: string[] = [];
    for (const id of ['a', 'b']) {
      document.getElementById(id)?.addEventListener('click', (e) => {
        if (!e.defaultPrevented) orden.push(id);
      });
    }
    m.keepToquesTempranos();
    document.getElementById('b')?.click();
    document.getElementById('a')?.click();
    document.getElementById('b')?.click();
    for (let i = 0; i < m.MAX_TOQUES_TEMPRANOS; i++) document.getElementById('a')?.click();
    m.stopKeepingToques();
    m.replayToquesTempranos();
    expect(orden.slice(0, 3)).toEqual(['b', 'a', 'b']);
    expect(orden).toHaveLength(m.MAX_TOQUES_TEMPRANOS);
  });

  it('keeps nothing outside the app, on a disabled button or on what is not a button', async () => {
    const m = await load();
    const apagado = elemento('button', 'off', '') as HTMLButtonElement;
    apagado.disabled = true;
    const icono = elemento('span', 'icono', 'No');
    apagado.append(icono);
    const enlace = elemento('a', 'enlace', 'Ver') as HTMLAnchorElement;
    enlace.href = '#x';
    page(apagado, enlace, elemento('p', 'texto', 'Hola'));
    m.keepToquesTempranos();
    const fuera = document.getElementById('fuera') as HTMLButtonElement;
    let enlaceAnulado: boolean | undefined;
    enlace.addEventListener('click', (e) => {
      enlaceAnulado = e.defaultPrevented;
      e.preventDefault(); // jsdom does not navigate; a real link works without the app.
    });
    fuera.click();
    // A disabled button gets no click; one on what it holds still reaches the page.
    icono.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    enlace.click();
    document.getElementById('texto')?.click();
    expect(enlaceAnulado).toBe(false);
    expect(document.querySelectorAll(`[${m.TOQUE_PENDIENTE}]`)).toHaveLength(0);
    const fueraTaps = vi.fn();
    fuera.addEventListener('click', fueraTaps);
    m.stopKeepingToques();
    m.replayToquesTempranos();
    expect(fueraTaps).not.toHaveBeenCalled();
  });

  it('stops keeping taps once the app has the page, and skips a button the app took away', async () => {
    const m = await load();
    page(elemento('button', 'viejo', 'Agregar'), elemento('button', 'nuevo', 'Agregar'));
    const viejo = document.getElementById('viejo') as HTMLButtonElement;
    const nuevo = document.getElementById('nuevo') as HTMLButtonElement;
    const viejoTaps = vi.fn();
    viejo.addEventListener('click', viejoTaps);
    m.keepToquesTempranos();
    viejo.click();
    m.stopKeepingToques();
    viejo.remove();
    nuevo.click();
    expect(nuevo.hasAttribute(m.TOQUE_PENDIENTE)).toBe(false);
    m.replayToquesTempranos();
    expect(viejoTaps).toHaveBeenCalledTimes(1); // its own tap, kept; never made again detached
  });
});
