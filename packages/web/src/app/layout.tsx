import { Component, lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/status';
import { useSession } from '../lib/session-store';
import { hasCanastaLocal, subscribeCanastaLocal } from '../features/carrito';
import { ToastHost } from '../lib/toast';
import { replayToquesTempranos } from '../lib/toques-tempranos';
import { OtrasRutas } from './router';
import { BottomBar } from './shell/bottom-bar';
import { TopBar } from './shell/top-bar';

/** Most often a new version was published and this tab asks for a chunk that is gone. */
function ScreenFailed() {
  return (
    <div role="alert" className="mx-auto max-w-[600px] px-4 py-10 text-center">
      <h1 className="mb-2 text-2xl font-bold">Algo salió mal</h1>
      <p className="mb-6 text-stone-700">
        No pudimos mostrar esta página. Vuelve a cargarla para intentarlo de nuevo.
      </p>
      <Button onClick={() => window.location.reload()}>Volver a cargar</Button>
    </div>
  );
}

/** Shows `fallback` instead of its children once one of them fails. */
class ErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Taps made on the server's page before the app loaded (lib/toques-tempranos.ts), made again once
 * the screen beside it is hydrated: React hydrates the screen's Suspense boundary after the
 * frame around it, and runs this effect with the screen's own.
 */
function ReplayToquesTempranos() {
  useEffect(replayToquesTempranos, []);
  return null;
}

// The shop's people only: shoppers and the public shop pages download none of it (their JS
// budget), nor the permission table that says who gets the alerts.
const AlertasTienda = lazy(() => import('./shell/alertas-de-tienda'));

export function Layout() {
  const session = useSession();
  // The screens behind an account come in a chunk of their own (otras-rutas.tsx): asked for
  // once someone is signed in or has a basket (checkout is the next tap), not on a first visit.
  const hayCanasta = useSyncExternalStore(subscribeCanastaLocal, hasCanastaLocal, () => false);
  useEffect(() => {
    if (session || hayCanasta) void OtrasRutas.preload().catch(() => undefined);
  }, [session, hayCanasta]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('contenido')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Saltar al contenido
      </a>
      {/* The owner's alerts stay in sight under the top bar, pushing the screen down. */}
      <div className="sticky top-0 z-30">
        <TopBar />
        {/* If its file is gone after a new version, the screen goes on without it. */}
        {session?.actor !== undefined && (
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <AlertasTienda />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary fallback={<ScreenFailed />}>
          <Suspense fallback={<Loading />}>
            <Outlet />
            <ReplayToquesTempranos />
          </Suspense>
        </ErrorBoundary>
      </main>
      <BottomBar />
      <ToastHost />
    </div>
  );
}
