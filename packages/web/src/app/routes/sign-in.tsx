import type { SignIn as Credentials } from '@tianguis/domain';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { authenticate, SignInForm, homeAfterSignIn } from '../../features/auth';
import type { Session } from '../../lib/session';
import { storeToken } from '../../lib/session-store';

/** /signin: each role lands on its own home (docs/web-screens.md, "Signing in and out"). */
export default function SignIn() {
  const navigate = useNavigate();

  async function signIn(credentials: Credentials) {
    const { token } = await authenticate(credentials);
    let session: Session | undefined;
    // This screen's guard sends a signed-in visitor to / as soon as the session exists. Storing
    // the token inside flushSync lets that redirect happen now, so the navigation to the role's
    // home below comes after it and wins.
    flushSync(() => {
      session = storeToken(token);
    });
    // A token this app can't read: the form shows its generic sign-in failure.
    if (!session) throw new Error('token ilegible');
    navigate(homeAfterSignIn(session.tipoUsuario, session.actor), { replace: true });
  }

  return (
    <Page title="Iniciar sesión">
      <SignInForm signIn={signIn} />
    </Page>
  );
}
