/**
 * Taps that reach a server-rendered page before the app has taken it over.
 *
 * A shop's page arrives as the server rendered it, buttons and all, and the app's code comes
 * after it; on a slow phone that can take seconds. A tap on "Agregar" in that time used to do
 * nothing and say nothing. This file has no imports: it is also the page's very first script,
 * a classic one in <head> that the browser runs before it paints anything (vite.config.ts,
 * `toquesAlPintar`). From then on it keeps the buttons tapped, marks each one as waiting, and
 * taps them again once React has taken the page over and hydrated the screen
 * (docs/web-screens.md, "A tap before the app has loaded").
 *
 * `<html data-app>` says where the page is: `cargando` while taps are kept here, `lista` once
 * React answers them itself.
 */

/** More taps than this before the app loads are not kept: a person tapping on and on. */
export const MAX_TOQUES_TEMPRANOS = 10;

/** The attribute that marks a kept tap's button until it is tapped again (index.css). */
export const TOQUE_PENDIENTE = 'data-toque-pendiente';

/**
 * The kept taps live on the page, not in this module: the classic first script (one copy of this
 * file) keeps them, the app's modules (another copy) make them again.
 */
interface Toques {
  pendientes: HTMLButtonElement[];
  guardar: (event: MouseEvent) => void;
}

const GLOBAL = '__tianguisToques';

function toques(): Toques | undefined {
  return (window as unknown as Record<string, Toques | undefined>)[GLOBAL];
}

function nuevosToques(): Toques {
  const pendientes: HTMLButtonElement[] = [];
  return {
    pendientes,
    guardar(event) {
      const target = event.target;
      const boton = target instanceof Element ? target.closest('button') : null;
      if (!boton || boton.disabled || !boton.closest('#root')) return;
      // Nothing of its own happens now (a button in a form would send it without the app): the
      // tap is made once, later.
      event.preventDefault();
      if (pendientes.length >= MAX_TOQUES_TEMPRANOS) return;
      pendientes.push(boton);
      boton.setAttribute(TOQUE_PENDIENTE, '');
    },
  };
}

/**
 * Starts keeping taps: the page's classic first script does, and boot.ts again where that script
 * is not in the page (development). One listener, however often it is called.
 */
export function keepToquesTempranos(): void {
  if (toques()) return;
  const nuevos = nuevosToques();
  (window as unknown as Record<string, Toques>)[GLOBAL] = nuevos;
  document.documentElement.dataset.app = 'cargando';
  document.addEventListener('click', nuevos.guardar, true);
}

/** Whether a tap is kept, waiting for the app. */
export function hasToquesTempranos(): boolean {
  return (toques()?.pendientes.length ?? 0) > 0;
}

/**
 * Stops keeping taps, the moment React takes the page over (main.tsx): from then on React answers
 * a tap itself, replaying those that come while it is still hydrating.
 */
export function stopKeepingToques(): void {
  const actuales = toques();
  if (actuales) document.removeEventListener('click', actuales.guardar, true);
  document.documentElement.dataset.app = 'lista';
}

/**
 * Taps the kept buttons again, once each, in the order tapped. The screen's frame calls it once
 * the screen is hydrated (layout.tsx): a button React has not taken over yet would ignore it.
 */
export function replayToquesTempranos(): void {
  for (const boton of toques()?.pendientes.splice(0) ?? []) {
    boton.removeAttribute(TOQUE_PENDIENTE);
    if (boton.isConnected && !boton.disabled) boton.click();
  }
}
