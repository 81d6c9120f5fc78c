import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/ui/status';
import { logout } from '../../features/auth';
import { clearSession, getToken } from '../../lib/session-store';
import { clearQueryCache } from '../../lib/query';

/**
 * /signout: the server revokes the token (best effort: signing out here must work offline too),
 * then the session, the stored shop and every cached answer go, and the person lands on /.
 */
export default function SignOut() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = getToken();
    if (token) logout(token).catch(() => undefined);
    clearSession();
    clearQueryCache();
    navigate('/', { replace: true });
  }, [navigate]);
  return <Loading label="Cerrando sesión…" />;
}
