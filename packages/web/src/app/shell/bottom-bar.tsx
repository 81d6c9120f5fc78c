import { LogIn } from '../../components/ui/iconos-ligeros';
import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session-store';
import { BarLink } from './bar-link';

const BottomBarCuenta = lazy(() => import('./bottom-bar-cuenta'));

/**
 * Bottom bar: fixed to the viewport's bottom edge, centred, one set per role (docs/web-screens.md,
 * "Top and bottom bars").
 */
export function BottomBar() {
  const session = useSession();
  return (
    <nav
      aria-label="Menú principal"
      className="no-print fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <div className="mx-auto flex max-w-[600px] items-center justify-center gap-2 px-2 py-1">
        {session ? (
          <Suspense fallback={null}>
            <BottomBarCuenta session={session} />
          </Suspense>
        ) : (
          <BarLink to="/signin" label="iniciar sesion" icon={<LogIn aria-hidden="true" />} />
        )}
      </div>
    </nav>
  );
}
