import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { resolveAccess, type Area } from './guards';
import { homeAfterSignIn } from './home';
import { useSession } from '../../lib/session-store';

/**
 * The roles-per-screen table (docs/web-screens.md, "Screens and who may open them") at the door
 * of a screen: let in, send to /, send back one page, or send a staff member to their own home.
 */
export function Guard({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSession();
  const access = resolveAccess(area, session?.tipoUsuario, session?.actor);
  const navigate = useNavigate();
  useEffect(() => {
    if (access !== 'atras') return;
    // Opened directly (nothing to go back to): home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [access, navigate]);
  if (access === 'inicio') return <Navigate to="/" replace />;
  if (access === 'su-inicio') {
    const home = session ? homeAfterSignIn(session.tipoUsuario, session.actor) : '/';
    return <Navigate to={home} replace />;
  }
  if (access === 'atras') return null;
  return children;
}
