import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { resolveAccess, type Area } from './guards';
import { useSession } from './session-store';

/**
 * The roles-per-screen table (docs/web-screens.md, "Screens and who may open them") at the door
 * of a screen: let in, send to /, or send back one page.
 */
export function Guard({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSession();
  const access = resolveAccess(area, session?.tipoUsuario);
  const navigate = useNavigate();
  useEffect(() => {
    if (access !== 'atras') return;
    // Opened directly (nothing to go back to): home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [access, navigate]);
  if (access === 'inicio') return <Navigate to="/" replace />;
  if (access === 'atras') return null;
  return children;
}
