import { Component, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/status';
import { ToastHost } from '../lib/toast';
import { BottomBar } from './shell/bottom-bar';
import { TopBar } from './shell/top-bar';

class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    // Most often a new version was published and this tab asks for a chunk that is gone.
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
}

export function Layout() {
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
      <TopBar />
      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        <ScreenErrorBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <BottomBar />
      <ToastHost />
    </div>
  );
}
