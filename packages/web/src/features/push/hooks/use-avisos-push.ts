import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getActiveSession } from '../../../lib/session-store';
import { getClavePublica } from '../api/get-clave-publica';
import { postDesuscribir } from '../api/post-desuscribir';
import { postSuscribir } from '../api/post-suscribir';
import { registerServiceWorker } from '../service-worker';

/**
 * - `sin-soporte`: this browser has no Web Push (or no service workers);
 * - `instalar-primero`: iPhone or iPad outside the installed app, where Safari offers push only
 *   to a web app opened from the home screen;
 * - `bloqueado`: the person (or the browser) refused notifications for the site;
 * - `no-disponible`: the server has push turned off (503 PUSH_NO_DISPONIBLE);
 * - `apagado` / `encendido`: this phone does not / does receive these alerts.
 */
export type EstadoAvisos =
  | 'cargando'
  | 'sin-soporte'
  | 'instalar-primero'
  | 'bloqueado'
  | 'no-disponible'
  | 'apagado'
  | 'encendido';

export const mensajesAvisos = {
  sinPermiso:
    'No se activaron los avisos porque no se dio el permiso. Toca el botón otra vez y elige «Permitir».',
  sinServiceWorker:
    'Este navegador no pudo preparar la app para recibir avisos. Vuelve a cargar la página e inténtalo de nuevo.',
  sinServicioPush:
    'Este navegador no pudo activar los avisos: su servicio de notificaciones no respondió. Inténtalo de nuevo en un momento o usa Chrome, Edge, Firefox o Safari al día.',
  desactivar: 'No se pudieron desactivar los avisos en este navegador. Inténtalo de nuevo.',
  inesperado: 'Algo salió mal al cambiar los avisos. Inténtalo de nuevo.',
} as const;

/** A step that failed, with the Spanish sentence to show. */
class AvisosError extends Error {}

/**
 * Whose alerts this phone's subscription carries. One browser has one push subscription for
 * the app, whatever screen asked for it, and the server keeps one owner per subscription (an
 * account, or a guest's order): turning alerts on for another order or account moves them
 * there, and the other screens show them off.
 */
const REGISTRO_KEY = 'tianguis.avisos';

interface Registro {
  endpoint: string;
  /** `cuenta:<userId>` or `seguimiento:<secret>`. */
  destino: string;
}

function leerRegistro(): Registro | undefined {
  try {
    const raw = localStorage.getItem(REGISTRO_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Registro>) : undefined;
    return typeof value?.endpoint === 'string' && typeof value.destino === 'string'
      ? { endpoint: value.endpoint, destino: value.destino }
      : undefined;
  } catch {
    return undefined;
  }
}

function recordar(registro: Registro): void {
  localStorage.setItem(REGISTRO_KEY, JSON.stringify(registro));
}

const SEGUIMIENTO = 'seguimiento:';

function hasSupport(): boolean {
  return (
    'serviceWorker' in navigator &&
    typeof window.PushManager === 'function' &&
    typeof window.Notification === 'function'
  );
}

function isIosOutsideTheApp(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) &&
    !window.matchMedia?.('(display-mode: standalone)').matches
  );
}

async function currentSubscription(): Promise<PushSubscription | undefined> {
  try {
    const registro = await navigator.serviceWorker.getRegistration();
    return (await registro?.pushManager.getSubscription()) ?? undefined;
  } catch {
    return undefined;
  }
}

async function readEstado(destino: string): Promise<EstadoAvisos> {
  if (!hasSupport()) return isIosOutsideTheApp() ? 'instalar-primero' : 'sin-soporte';
  if (Notification.permission === 'denied') return 'bloqueado';
  const subscription = await currentSubscription();
  const registro = leerRegistro();
  if (
    subscription &&
    Notification.permission === 'granted' &&
    registro?.endpoint === subscription.endpoint &&
    registro.destino === destino
  ) {
    return 'encendido';
  }
  try {
    await getClavePublica();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PUSH_NO_DISPONIBLE') return 'no-disponible';
    // Offline or a passing failure: the button tries again and says what went wrong then.
  }
  return 'apagado';
}

/** The app's service worker, active: a subscription needs one. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let registro: ServiceWorkerRegistration | undefined;
  try {
    registro = (await navigator.serviceWorker.getRegistration()) ?? (await registerServiceWorker());
  } catch {
    throw new AvisosError(mensajesAvisos.sinServiceWorker);
  }
  const pending = registro.installing ?? registro.waiting;
  if (!registro.active && pending) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (pending.state === 'activated' || pending.state === 'redundant') resolve();
      };
      pending.addEventListener('statechange', check);
      check();
    });
  }
  if (!registro.active) throw new AvisosError(mensajesAvisos.sinServiceWorker);
  return registro;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function subscribe(
  registro: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  const key = base64UrlToBytes(publicKey);
  let subscription = await registro.pushManager.getSubscription();
  // Made with another key (the server's keys changed): its messages would be refused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (subscription) return subscription;
  try {
    return await registro.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'NotAllowedError') {
      throw new AvisosError(mensajesAvisos.sinPermiso);
    }
    // No push service: a browser without one (headless, some privacy builds) or unreachable.
    throw new AvisosError(mensajesAvisos.sinServicioPush);
  }
}

function messageOf(error: unknown): string {
  return error instanceof AvisosError || error instanceof ApiError
    ? error.message
    : mensajesAvisos.inesperado;
}

/**
 * This phone's alerts: for the signed-in account (an owner's new orders, a shopper's orders)
 * or, with `seguimiento`, for a guest's order.
 */
export function useAvisosPush(options: { seguimiento?: string } = {}) {
  const { seguimiento } = options;
  const destino = seguimiento
    ? `${SEGUIMIENTO}${seguimiento}`
    : `cuenta:${getActiveSession()?.userId ?? ''}`;
  const [estado, setEstado] = useState<EstadoAvisos>('cargando');
  const [ocupado, setOcupado] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let vigente = true;
    void readEstado(destino).then((next) => {
      if (vigente) setEstado(next);
    });
    return () => {
      vigente = false;
    };
  }, [destino]);

  const activar = useCallback(async () => {
    setOcupado(true);
    setError(undefined);
    try {
      const permiso = await Notification.requestPermission();
      if (permiso === 'denied') {
        setEstado('bloqueado');
        return;
      }
      if (permiso !== 'granted') throw new AvisosError(mensajesAvisos.sinPermiso);
      const publicKey = await getClavePublica();
      const subscription = await subscribe(await readyRegistration(), publicKey);
      await postSuscribir(subscription.toJSON(), seguimiento);
      recordar({ endpoint: subscription.endpoint, destino });
      setEstado('encendido');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'PUSH_NO_DISPONIBLE') {
        setEstado('no-disponible');
      } else {
        setError(messageOf(failure));
      }
    } finally {
      setOcupado(false);
    }
  }, [destino, seguimiento]);

  const desactivar = useCallback(async () => {
    setOcupado(true);
    setError(undefined);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        // The server forgets it; if it can't be told now, the push service answers its next
        // message with 410 once the browser has dropped the subscription, and it forgets it then.
        const registro = leerRegistro();
        const seguimientoRegistrado = registro?.destino.startsWith(SEGUIMIENTO)
          ? registro.destino.slice(SEGUIMIENTO.length)
          : undefined;
        await postDesuscribir(subscription.endpoint, seguimientoRegistrado).catch(() => undefined);
        if (!(await subscription.unsubscribe())) throw new AvisosError(mensajesAvisos.desactivar);
      }
      localStorage.removeItem(REGISTRO_KEY);
      setEstado('apagado');
    } catch (failure) {
      setError(failure instanceof AvisosError ? failure.message : mensajesAvisos.desactivar);
    } finally {
      setOcupado(false);
    }
  }, []);

  return { estado, ocupado, error, activar, desactivar };
}
