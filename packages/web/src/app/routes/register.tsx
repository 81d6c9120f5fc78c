import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import {
  registerUser,
  RegistroCompletado,
  RegistroWizard,
  type TipoUsuario,
} from '../../features/auth';

/**
 * /register: account type, then the form, then the 'Registro completado' welcome
 * (docs/web-screens.md, "Signing in and out").
 */
export default function Register() {
  const navigate = useNavigate();
  const [registrado, setRegistrado] = useState<TipoUsuario>();
  if (registrado) {
    return (
      <RegistroCompletado
        tipousuario={registrado}
        onClose={() => navigate('/signin', { replace: true })}
      />
    );
  }
  return (
    <Page title="Crear Cuenta">
      <RegistroWizard submit={registerUser} onRegistered={setRegistrado} />
    </Page>
  );
}
