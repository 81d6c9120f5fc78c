import { firstIssueMessage, recuperarEmailSchema } from '@tianguis/domain';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessage } from './error-message';
import { recuperacionMessages } from './recuperacion-messages';
import { StatusMessage } from './status-message';

/** The email step of /recuperar-contrasena: asks the server to mail a reset link. */
export function RecuperarEmailForm(props: { send: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSent(undefined);
    const parsed = recuperarEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      input.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await props.send(parsed.data.email);
      setSent(recuperacionMessages.correoEnviado);
    } catch (failure) {
      setError(errorMessage(failure, recuperacionMessages.falloSolicitud));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-stone-700">
        Escribe el correo con el que te registraste y te enviaremos un enlace para elegir una
        contraseña nueva.
      </p>
      <StatusMessage message={sent} />
      <TextField
        ref={input}
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <SubmitButton className="w-full" busy={busy} busyLabel="Enviando…">
        Enviar correo
      </SubmitButton>
    </form>
  );
}
