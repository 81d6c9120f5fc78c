import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { mensajesAvisos } from '../hooks/use-avisos-push';
import { AvisosPush } from './avisos-push';

// jsdom has no Notification, PushManager or service workers: these stand in for the browser's,
// with what each test makes the browser answer. The server is the test's fetch.

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
// 65 bytes, an uncompressed P-256 point's form, base64url.
const CLAVE = `BA${'A'.repeat(85)}`;

interface Navegador {
  permission: NotificationPermission;
  /** What the permission prompt answers. */
  prompt: NotificationPermission;
  subscription: FakeSubscription | null;
  /** Set: PushManager.subscribe rejects with it (no push service, as headless Chromium). */
  subscribeError?: Error;
}

class FakeSubscription {
  unsubscribed = false;
  readonly options = { applicationServerKey: keyBytes().buffer, userVisibleOnly: true };
  constructor(readonly endpoint: string) {}
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    navegador.subscription = null;
    return true;
  }
}

function keyBytes(): Uint8Array<ArrayBuffer> {
  const binary = atob(
    CLAVE.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((CLAVE.length + 3) % 4),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

let navegador: Navegador;
let servidor: { clave: () => Response; suscribir: () => Response };
const llamadas: { url: string; body: unknown }[] = [];

function installBrowser() {
  const pushManager = {
    getSubscription: async () => navegador.subscription,
    subscribe: async () => {
      if (navegador.subscribeError) throw navegador.subscribeError;
      navegador.subscription = new FakeSubscription(ENDPOINT);
      return navegador.subscription;
    },
  };
  const registration = { active: {}, installing: null, waiting: null, pushManager };
  // A getter: the permission changes as the test and the prompt answer.
  const FakeNotification = function Notification() {};
  Object.defineProperty(FakeNotification, 'permission', { get: () => navegador.permission });
  vi.stubGlobal(
    'Notification',
    Object.assign(FakeNotification, {
      requestPermission: async () => {
        navegador.permission = navegador.prompt;
        return navegador.prompt;
      },
    }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: async () => registration,
    },
  });
}

beforeEach(() => {
  navegador = { permission: 'default', prompt: 'granted', subscription: null };
  servidor = {
    clave: () => Response.json({ publicKey: CLAVE }),
    suscribir: () => new Response(null, { status: 201 }),
  };
  llamadas.length = 0;
  installBrowser();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    llamadas.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/push/clavepublica') return servidor.clave();
    if (url === '/api/push/suscribir') return servidor.suscribir();
    if (url === '/api/push/desuscribir') return Response.json({});
    return Response.json({ code: 'NO_ENCONTRADO', message: 'No existe' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  clearQueryCache();
});

const activar = () =>
  screen.findByRole<HTMLButtonElement>('button', { name: 'Activar avisos en este teléfono' });

describe('AvisosPush', () => {
  it('dice que el navegador no puede recibir avisos cuando no tiene Web Push', async () => {
    vi.stubGlobal('PushManager', undefined);
    render(<AvisosPush para="tienda" />);
    expect(await screen.findByText(/Este navegador no puede recibir avisos/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('en un iPhone fuera de la app instalada explica cómo instalarla', async () => {
    vi.stubGlobal('PushManager', undefined);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    );
    render(<AvisosPush para="pedido" seguimiento="a1B2c3D4e5F6g7H8i9J0kLmN" />);
    expect(await screen.findByText(/Agregar a inicio/)).toBeTruthy();
  });

  it('con los avisos bloqueados dice cómo permitirlos', async () => {
    navegador.permission = 'denied';
    render(<AvisosPush para="tienda" />);
    expect((await screen.findByText(/Los avisos están bloqueados/)).textContent).toMatch(
      /«Notificaciones» a «Permitir»/,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('dice que los avisos no están disponibles cuando el servidor los tiene apagados', async () => {
    servidor.clave = () =>
      Response.json(
        { code: 'PUSH_NO_DISPONIBLE', message: 'Los avisos no están disponibles' },
        { status: 503 },
      );
    render(<AvisosPush para="tienda" />);
    expect(await screen.findByText(/no están disponibles por ahora/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('activa los avisos: permiso, suscripción del navegador y POST suscribir', async () => {
    render(<AvisosPush para="tienda" />);
    expect(screen.getByRole('status').textContent).toMatch('Revisando los avisos');
    await userEvent.click(await activar());
    expect(await screen.findByText('Los avisos están activados en este teléfono.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar avisos' })).toBeTruthy();
    expect(llamadas.find((l) => l.url === '/api/push/suscribir')?.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('un invitado se suscribe con la clave de seguimiento de su pedido', async () => {
    render(<AvisosPush para="pedido" seguimiento="a1B2c3D4e5F6g7H8i9J0kLmN" />);
    expect(await screen.findByText(/cuando la tienda acepte tu pedido/)).toBeTruthy();
    await userEvent.click(await activar());
    await screen.findByText('Los avisos están activados en este teléfono.');
    expect(llamadas.find((l) => l.url === '/api/push/suscribir')?.body).toMatchObject({
      endpoint: ENDPOINT,
      seguimiento: 'a1B2c3D4e5F6g7H8i9J0kLmN',
    });
  });

  it('sin servicio de push en el navegador muestra un error claro y no se rompe', async () => {
    navegador.subscribeError = new DOMException(
      'Registration failed - push service not available',
      'AbortError',
    );
    render(<AvisosPush para="tienda" />);
    await userEvent.click(await activar());
    expect((await screen.findByRole('alert')).textContent).toBe(mensajesAvisos.sinServicioPush);
    // Still off, and the button is there to try again.
    expect((await activar()).disabled).toBe(false);
    expect(llamadas.some((l) => l.url === '/api/push/suscribir')).toBe(false);
  });

  it('si la persona cierra el permiso sin elegir, lo dice y deja intentarlo otra vez', async () => {
    navegador.prompt = 'default';
    render(<AvisosPush para="tienda" />);
    await userEvent.click(await activar());
    expect((await screen.findByRole('alert')).textContent).toBe(mensajesAvisos.sinPermiso);
    expect((await activar()).disabled).toBe(false);
  });

  it('si la persona bloquea el permiso, muestra cómo permitirlo', async () => {
    navegador.prompt = 'denied';
    render(<AvisosPush para="tienda" />);
    await userEvent.click(await activar());
    expect(await screen.findByText(/Los avisos están bloqueados/)).toBeTruthy();
  });

  it('muestra el mensaje del servidor cuando rechaza la suscripción', async () => {
    servidor.suscribir = () =>
      Response.json(
        { code: 'VALIDACION', message: 'La dirección de avisos no es de un servicio conocido' },
        { status: 400 },
      );
    render(<AvisosPush para="tienda" />);
    await userEvent.click(await activar());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La dirección de avisos no es de un servicio conocido',
    );
  });

  it('desactiva los avisos: POST desuscribir y baja la suscripción del navegador', async () => {
    render(<AvisosPush para="pedido" seguimiento="a1B2c3D4e5F6g7H8i9J0kLmN" />);
    await userEvent.click(await activar());
    const subscription = navegador.subscription;
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar avisos' }));
    expect(await activar()).toBeTruthy();
    expect(subscription?.unsubscribed).toBe(true);
    expect(llamadas.find((l) => l.url === '/api/push/desuscribir')?.body).toEqual({
      endpoint: ENDPOINT,
      seguimiento: 'a1B2c3D4e5F6g7H8i9J0kLmN',
    });
  });

  it('recuerda en este teléfono que los avisos de este pedido están activados', async () => {
    const seguimiento = 'a1B2c3D4e5F6g7H8i9J0kLmN';
    const { unmount } = render(<AvisosPush para="pedido" seguimiento={seguimiento} />);
    await userEvent.click(await activar());
    await screen.findByText('Los avisos están activados en este teléfono.');
    unmount();
    render(<AvisosPush para="pedido" seguimiento={seguimiento} />);
    expect(await screen.findByText('Los avisos están activados en este teléfono.')).toBeTruthy();
    unmount();
  });

  it('los avisos de otro pedido no cuentan como activados para este', async () => {
    const { unmount } = render(<AvisosPush para="pedido" seguimiento="a1B2c3D4e5F6g7H8i9J0kLmN" />);
    await userEvent.click(await activar());
    await screen.findByText('Los avisos están activados en este teléfono.');
    unmount();
    render(<AvisosPush para="pedido" seguimiento="zzzzzzzzzzzzzzzzzzzzzzzz" />);
    expect(await activar()).toBeTruthy();
  });
});
