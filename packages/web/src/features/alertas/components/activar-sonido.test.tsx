import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../../app/layout';
import { clearSession, storeToken } from '../../../lib/session-store';
import { clearQueryCache, setQueryData } from '../../../lib/query';
import { miTiendaKey } from '../../mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { tokenWith } from '#test/session';
import { pedidosTiendaKey } from '../../pedidos-tienda/api/get-pedidos-tienda';
import { PistaSonido, SonidoControl } from '../../pedidos-tienda/components/sonido-control';
import { forgetAudio } from '../../pedidos-tienda/hooks/sonido';
import { useSonidoPedidos } from '../../pedidos-tienda/hooks/use-sonido-pedidos';
import {
  AHORA_NO_KEY,
  DESBLOQUEO_KEY,
  ESPERA_DESBLOQUEO_MS,
  forgetRespuestaSonido,
} from '../hooks/use-activar-sonido';
import AlertasTienda from './alertas-tienda';

/**
 * Web Audio under the browsers' autoplay rule: a context made without a tap starts suspended
 * and `resume()` only works inside a tap (or everywhere, once `permitido`).
 */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  static permitido = false;
  static enToque = false;
  state: 'suspended' | 'running';
  currentTime = 0;
  destination = {};
  beeps = 0;
  onstatechange: (() => void) | null = null;
  constructor() {
    this.state = FakeAudioContext.permitido || FakeAudioContext.enToque ? 'running' : 'suspended';
    FakeAudioContext.made.push(this);
  }
  resume() {
    if (this.state === 'suspended' && (FakeAudioContext.permitido || FakeAudioContext.enToque)) {
      this.state = 'running';
      queueMicrotask(() => this.onstatechange?.());
    }
    // A refused resume never settles (Chromium waits for a tap).
    return new Promise<void>(() => undefined);
  }
  createOscillator() {
    this.beeps += 1;
    return {
      type: '',
      frequency: { setValueAtTime: () => undefined },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
}

/** A tap or a key press is a gesture until the event has been handled. */
function marcarToque() {
  FakeAudioContext.enToque = true;
  setTimeout(() => (FakeAudioContext.enToque = false));
}

beforeEach(() => {
  FakeAudioContext.made = [];
  FakeAudioContext.permitido = false;
  FakeAudioContext.enToque = false;
  (window as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
  window.addEventListener('click', marcarToque, true);
});
afterEach(() => {
  window.removeEventListener('click', marcarToque, true);
  delete (window as { AudioContext?: unknown }).AudioContext;
  forgetAudio();
  forgetRespuestaSonido();
  sessionStorage.clear();
  clearQueryCache();
  clearSession();
  vi.useRealTimers();
});

/** The order board's sound switch, with its hint while the browser holds the sound back. */
function Tablero() {
  const sonido = useSonidoPedidos();
  return (
    <>
      <SonidoControl activo={sonido.activo} onChange={sonido.change} onTest={sonido.test} />
      <PistaSonido bloqueado={sonido.bloqueado} />
    </>
  );
}

/** An owner's screen: the alerts in the frame (no order waiting) and the board's sound switch. */
function abrirPantalla() {
  setQueryData(miTiendaKey, tiendaDePrueba());
  setQueryData(pedidosTiendaKey, []);
  return render(
    <>
      <AlertasTienda />
      <Tablero />
    </>,
  );
}

// The question comes after ESPERA_DESBLOQUEO_MS; on a busy machine the default 1 s is short.
const ESPERA = { timeout: 5000 };
const HINT = 'Toca cualquier parte de la página para que el navegador permita el sonido.';
const dialogo = () => screen.queryByRole('dialog', { name: 'Sonido de pedidos nuevos' });
const boton = () => screen.getByRole('button', { name: 'Toca para activar el sonido' });

/** A reload in the same tab: a new page, with its own audio and no answer yet on it. */
function recargar(view: ReturnType<typeof abrirPantalla>) {
  view.unmount();
  forgetAudio();
  forgetRespuestaSonido();
  clearQueryCache();
  return abrirPantalla();
}

describe('"Toca para activar el sonido"', () => {
  it('covers the screen while the browser holds the sound back, focused on its button', async () => {
    abrirPantalla();
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(document.documentElement.dataset.preguntaSonido).toBe('esperando');
    const dialog = await screen.findByRole('dialog', { name: 'Sonido de pedidos nuevos' }, ESPERA);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('no deja sonar los avisos hasta que toques la pantalla');
    expect(document.activeElement).toBe(boton());
    expect(document.documentElement.dataset.preguntaSonido).toBe('si');
  });

  it('one tap unlocks the sound, beeps once, and is remembered on the device', async () => {
    const user = userEvent.setup();
    const view = abrirPantalla();
    await screen.findByRole('dialog', {}, ESPERA);
    await user.click(boton());
    expect(dialogo()).toBeNull();
    const [ctx] = FakeAudioContext.made;
    expect(ctx?.state).toBe('running');
    // The short beep of the tap (two notes).
    expect(ctx?.beeps).toBe(2);
    await waitFor(() => expect(screen.queryByText(HINT)).toBeNull());
    expect(localStorage.getItem(DESBLOQUEO_KEY)).toBe('activado');
    expect(localStorage.getItem('tianguis.pedidos.sonido')).toBe('on');

    // A later visit where the browser allows sound at once: nothing to ask.
    FakeAudioContext.permitido = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const later = recargar(view);
    act(() => vi.advanceTimersByTime(ESPERA_DESBLOQUEO_MS + 10));
    expect(dialogo()).toBeNull();
    expect(screen.queryByText(HINT)).toBeNull();
    expect(document.documentElement.dataset.preguntaSonido).toBe('no');
    vi.useRealTimers();

    // A later visit where it holds the sound back again: asked again, saying so.
    FakeAudioContext.permitido = false;
    recargar(later);
    const again = await screen.findByRole('dialog', { name: 'Sonido de pedidos nuevos' }, ESPERA);
    expect(again.textContent).toContain('volvió a poner en pausa el sonido');
  });

  it('"Ahora no" closes it for the visit, reloads included', async () => {
    const user = userEvent.setup();
    let view = abrirPantalla();
    await screen.findByRole('dialog', {}, ESPERA);
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(dialogo()).toBeNull();
    expect(sessionStorage.getItem(AHORA_NO_KEY)).toBe('1');
    expect(localStorage.getItem(DESBLOQUEO_KEY)).toBeNull();
    // Like any tap on the page, it let the browser play sound (the switch turns it off).
    await waitFor(() => expect(screen.queryByText(HINT)).toBeNull());
    // A reload where the browser holds the sound back again: not asked in this visit.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    view = recargar(view);
    act(() => vi.advanceTimersByTime(ESPERA_DESBLOQUEO_MS + 10));
    vi.useRealTimers();
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(dialogo()).toBeNull();
    expect(document.documentElement.dataset.preguntaSonido).toBe('no');
    // Not a choice for the device: a new visit (a new tab, its own session) asks again.
    sessionStorage.clear();
    recargar(view);
    expect(await screen.findByRole('dialog', {}, ESPERA)).toBeTruthy();
  });

  it('Escape is "Ahora no"', async () => {
    const user = userEvent.setup();
    abrirPantalla();
    await screen.findByRole('dialog', {}, ESPERA);
    await user.keyboard('{Escape}');
    expect(dialogo()).toBeNull();
    expect(sessionStorage.getItem(AHORA_NO_KEY)).toBe('1');
    // Escape is no tap: the browser still holds the sound, and the board still says so.
    expect(screen.getByText(HINT)).toBeTruthy();
  });
});

describe('who is asked', () => {
  function signIn(role: 'TIENDA' | 'USUARIO') {
    const claims = {
      certserialnumber: 7,
      actort: 'rosa',
      groupsid: role === 'TIENDA' ? 3 : 0,
      role,
      gender: '5512345678',
      exp: 4_000_000_000,
    };
    storeToken(tokenWith(claims));
  }

  function abrirApp() {
    setQueryData(miTiendaKey, tiendaDePrueba());
    setQueryData(pedidosTiendaKey, []);
    vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: '*', element: <p>Pantalla</p> }] }],
      { initialEntries: ['/mitiendaproductos'] },
    );
    render(<RouterProvider router={router} />);
  }

  afterEach(() => vi.unstubAllGlobals());

  it('a shop owner, on any screen', async () => {
    signIn('TIENDA');
    abrirApp();
    expect(await screen.findByRole('dialog', {}, ESPERA)).toBeTruthy();
  });

  it('never a shopper', async () => {
    signIn('USUARIO');
    abrirApp();
    expect(await screen.findByText('Pantalla')).toBeTruthy();
    expect(dialogo()).toBeNull();
    // Nothing of the owner's alerts was even loaded: no audio was made.
    expect(FakeAudioContext.made).toHaveLength(0);
  });
});
