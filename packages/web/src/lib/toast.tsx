import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Toasts (bottom-right, 4 s: docs/web-screens.md, "Toasts and timings") through sonner, which
 * is loaded only when the first toast is shown, so a visitor who never sees one never downloads
 * it. One at a time: a new toast sends the one on screen away and takes its place (four taps on
 * 'Agregar' show one 'Producto agregado', not four stacked).
 */
type Kind = 'success' | 'error' | 'info';
interface Pending {
  kind: Kind;
  message: string;
  duration?: number;
}

let mounted: (() => void) | undefined;
let requestMount: (() => void) | undefined;
const mountedPromise = new Promise<void>((resolve) => (mounted = resolve));

function show(kind: Kind, message: string, options: { duration?: number } = {}) {
  const item: Pending = { kind, message, duration: options.duration };
  requestMount?.();
  void Promise.all([loadSonner(), mountedPromise]).then(([{ toast }]) => {
    toast.dismiss();
    toast[item.kind](item.message, item.duration ? { duration: item.duration } : undefined);
  });
}

export const notify = {
  success: (message: string, options?: { duration?: number }) => show('success', message, options),
  error: (message: string, options?: { duration?: number }) => show('error', message, options),
  info: (message: string, options?: { duration?: number }) => show('info', message, options),
};

// Sonner's rules come as a stylesheet file: the CSP allows no inline <style> (vite.config.ts).
const loadSonner = () =>
  Promise.all([import('sonner'), import('sonner/dist/styles.css')]).then(([m]) => m);

const SonnerToaster = lazy(() =>
  loadSonner().then((m) => ({
    default: function Toaster() {
      useEffect(() => {
        // Sonner's Toaster subscribes in an effect; toasts sent before that would be lost.
        const timer = setTimeout(() => mounted?.(), 0);
        return () => clearTimeout(timer);
      }, []);
      return (
        <m.Toaster
          position="bottom-right"
          duration={4000}
          visibleToasts={1}
          richColors
          closeButton
          toastOptions={{ closeButton: true, closeButtonAriaLabel: 'Cerrar aviso' }}
          containerAriaLabel="Notificaciones"
          // On a phone, above the fixed bottom bar instead of over its buttons, and above a
          // screen's floating button too (index.css).
          mobileOffset={{ bottom: 'var(--avisos-abajo)' }}
          // On a wide screen too, above a form's action bar when there is one.
          offset={{ bottom: 'var(--avisos-abajo-ancho)' }}
        />
      );
    },
  })),
);

/** Mounted once in the shell; renders nothing until the first toast is asked for. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestMount = () => setWanted(true);
    return () => {
      requestMount = undefined;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
