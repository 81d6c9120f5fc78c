import { ChevronLeft, ChevronRight } from '../../components/ui/iconos-ligeros';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from '../../components/ui/button';
import { useSession } from '../../lib/session-store';
import {
  hasCanastaLocal,
  subscribeCanastaLocal,
  CartButton,
  CanastaVisitanteBoton,
} from '../../features/carrito';
import { ProductSearch } from '../../features/tienda-publica';

/** The shop a path belongs to, for the search box: /tienda/{usuario}/... */
export function tiendaOfPath(pathname: string): string | undefined {
  const match = /^\/tienda\/([^/]+)/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // A cut-off link (`%E0`): no search box; the screen itself shows the not-found page.
    return undefined;
  }
}

/** Top bar: back and forward, the product search on shop pages, the shopper's or visitor's cart. */
export function TopBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  // The back button becomes enabled about 100 ms after load (docs/web-screens.md, "Top and
  // bottom bars").
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 100);
    return () => clearTimeout(timer);
  }, []);
  // A visitor's basket link appears once they have added something (nothing to download before).
  const hayCanasta = useSyncExternalStore(subscribeCanastaLocal, hasCanastaLocal, () => false);
  const tienda = tiendaOfPath(pathname);
  const showSearch = session !== undefined && tienda !== undefined;
  return (
    <header className="no-print sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Navegación"
        className="mx-auto flex max-w-[1100px] items-center gap-1 px-2 py-1"
      >
        <IconButton label="Atrás" disabled={!ready} onClick={() => navigate(-1)}>
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <IconButton label="Adelante" disabled={!ready} onClick={() => navigate(1)}>
          <ChevronRight aria-hidden="true" />
        </IconButton>
        <div className="min-w-0 flex-1">
          {showSearch && (
            <Suspense fallback={null}>
              <ProductSearch usuario={tienda} />
            </Suspense>
          )}
        </div>
        {session?.tipoUsuario === 'USUARIO' && (
          <Suspense fallback={null}>
            <CartButton />
          </Suspense>
        )}
        {session === undefined && hayCanasta && (
          <Suspense fallback={null}>
            <CanastaVisitanteBoton />
          </Suspense>
        )}
      </nav>
    </header>
  );
}
