import { personalMessages } from '@tianguis/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/status';
import { clearQueryCache } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import { logout, homeAfterSignIn } from '../../auth';
import { clearSession, getToken, storeToken, useSession } from '../../../lib/session-store';
import { acceptInvitacion } from '../api/accept-invitacion';
import { AceptarForm } from './aceptar-form';

/** A missing, unknown, used or expired invitation: what happened and what to do. */
export function InvitacionInvalida() {
  return (
    <div role="alert" className="rounded-xl bg-amber-50 px-4 py-6 text-amber-950">
      <h2 className="mb-2 text-lg font-bold">Invitación no válida</h2>
      <p>{personalMessages.invitacionInvalida}.</p>
      <p className="mt-2">
        El dueño de la tienda puede enviarte otra desde su pantalla de Personal.
      </p>
      <p className="mt-4">
        ¿Ya creaste tu contraseña?{' '}
        <Link to="/signin" className="font-semibold text-marca-700 underline">
          Inicia sesión
        </Link>
      </p>
    </div>
  );
}

/**
 * Someone is signed in on this phone: the invitation makes a new account, so that session ends
 * first (the token revoked on the server, best effort, as /signout does).
 */
function SesionAbierta(props: { quien: string | undefined; onExit: () => void }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white px-4 py-6">
      <h2 className="mb-2 text-lg font-bold">Primero cierra tu sesión</h2>
      <p className="text-stone-700">
        En este teléfono hay una sesión abierta{props.quien ? ` (${props.quien})` : ''}. Para
        aceptar la invitación con una cuenta nueva, cierra esa sesión.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={props.onExit}>Cerrar sesión y continuar</Button>
        <Link to="/" className={buttonClass('secondary')}>
          Ahora no
        </Link>
      </div>
    </div>
  );
}

/**
 * /personal/aceptar?token=… (docs/api.md, "Staff and the kitchen"): the invited person chooses
 * their name and password; the answer's token is their session, kept as a sign-in's, and they
 * land on their home (the kitchen display or the orders board).
 */
export function AceptarPantalla() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [invalida, setInvalida] = useState(false);
  // Set before the new session is stored, so this screen does not flash 'close your session'.
  const [entrando, setEntrando] = useState(false);

  async function aceptar(input: { token: string; password: string; nombreCompleto: string }) {
    const respuesta = await acceptInvitacion(input);
    setEntrando(true);
    const nueva = storeToken(respuesta.token);
    if (!nueva) {
      setEntrando(false);
      throw new Error('token ilegible');
    }
    notify.success('Tu cuenta está lista');
    navigate(homeAfterSignIn(nueva.tipoUsuario, nueva.actor), { replace: true });
  }

  function salir() {
    const actual = getToken();
    if (actual) logout(actual).catch(() => undefined);
    clearSession();
    clearQueryCache();
  }

  if (entrando) return <Loading label="Entrando…" />;
  if (!token || invalida) return <InvitacionInvalida />;
  if (session) {
    const quien = session.usuario && session.usuario !== 'N/A' ? session.usuario : undefined;
    return <SesionAbierta quien={quien} onExit={salir} />;
  }
  return <AceptarForm token={token} accept={aceptar} onInvalida={() => setInvalida(true)} />;
}
