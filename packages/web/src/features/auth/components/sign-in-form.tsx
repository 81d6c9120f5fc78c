import { firstIssueMessage, signInSchema, type SignIn } from '@tianguis/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/status';
import { notify } from '../../../lib/toast';
import { errorMessage } from './error-message';
import { focusField } from './focus-field';
import { PasswordField } from './password-field';
import { useCamposDeForm } from './use-campos-de-form';

const FALLO_INICIO = 'No pudimos iniciar sesión. Inténtalo de nuevo.';

/**
 * Sign-in: the domain's sign-in rules before calling, a loading animation in place of the form
 * while `signIn` runs, and the server's text (wrong credentials, too many attempts) on refusal.
 * `signIn` resolves once the person is signed in; the screen moves on from there.
 */
export function SignInForm(props: { signIn: (credentials: SignIn) => Promise<void> }) {
  const { values, problema, setProblema, fieldProps } = useCamposDeForm({
    email: '',
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The loading animation replaced the form, so focus went with it: put it back after a refusal.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    focusField(form.current, 'password');
    refocus.current = false;
  }, [busy]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path[0];
      const field = path === 'email' || path === 'password' ? path : undefined;
      setProblema({ campo: field, message: firstIssueMessage(parsed.error) });
      if (field) focusField(event.currentTarget, field);
      return;
    }
    setProblema(undefined);
    setBusy(true);
    try {
      await props.signIn(parsed.data);
    } catch (error) {
      const message = errorMessage(error, FALLO_INICIO);
      notify.error(message);
      setProblema({ campo: undefined, message });
      refocus.current = true;
      setBusy(false);
    }
  }

  if (busy) return <Loading label="Iniciando sesión…" />;

  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      {problema && !problema.campo && <FormError message={problema.message} />}
      <TextField
        {...fieldProps('email')}
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
      />
      <PasswordField
        {...fieldProps('password')}
        label="Contraseña"
        autoComplete="current-password"
      />
      <Button type="submit" className="w-full">
        Continuar
      </Button>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <Link to="/register" className="font-medium text-marca-700 underline">
          Crear Cuenta
        </Link>
        <Link to="/recuperar-contrasena" className="font-medium text-marca-700 underline">
          Recuperar contraseña
        </Link>
      </div>
    </form>
  );
}
