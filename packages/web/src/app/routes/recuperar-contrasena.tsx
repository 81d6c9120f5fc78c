import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import {
  updateContrasena,
  changeContrasena,
  sendEmailDeRecuperacion,
  restorePassword,
  NuevaContrasenaForm,
  RecuperacionMetodo,
  type Metodo,
  RecuperarCelularForm,
  RecuperarEmailForm,
} from '../../features/auth';
import { notify } from '../../lib/toast';

/**
 * /recuperar-contrasena: the emailed link brings `?secret=...` and opens the new-password step;
 * without it, the person asks for a link by email or a code by phone (docs/web-screens.md,
 * "Signing in and out").
 */
export default function RecuperarContrasena() {
  const [params] = useSearchParams();
  const secret = params.get('secret');
  const navigate = useNavigate();
  const [metodo, setMetodo] = useState<Metodo>('correo');

  const onDone = (message: string) => {
    notify.success(message);
    navigate('/', { replace: true });
  };

  return (
    <Page title="Recuperar contraseña">
      {secret ? (
        <NuevaContrasenaForm secret={secret} update={updateContrasena} onDone={onDone} />
      ) : (
        <>
          <RecuperacionMetodo value={metodo} onChange={setMetodo} />
          {metodo === 'correo' ? (
            <RecuperarEmailForm send={sendEmailDeRecuperacion} />
          ) : (
            <RecuperarCelularForm
              sendCodigo={restorePassword}
              change={changeContrasena}
              onDone={onDone}
            />
          )}
        </>
      )}
    </Page>
  );
}
