import { celularSchema, cleanCelular, codigoSchema, firstIssueMessage } from '@tianguis/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessage } from './error-message';
import { focusField } from './focus-field';
import {
  checkNuevaContrasena,
  NuevaContrasenaFields,
  type NuevaContrasenaValues,
} from './nueva-contrasena-fields';
import { recuperacionMessages } from './recuperacion-messages';
import { StatusMessage } from './status-message';

type Field = 'celular' | 'codigo' | keyof NuevaContrasenaValues;

/**
 * Recovery by phone: the server texts a 6-digit code to a registered number (answering the same
 * for any number), and the code plus the new password change it (docs/api.md adds `codigo` to
 * the first edition's payload).
 */
export function RecuperarCelularForm(props: {
  sendCodigo: (celular: string) => Promise<{ mensaje?: string }>;
  change: (input: { celular: string; password: string; codigo: string }) => Promise<void>;
  onDone: (message: string) => void;
}) {
  const [step, setStep] = useState<'celular' | 'codigo'>('celular');
  const [celular, setCelular] = useState('');
  const [codigo, setCodigo] = useState('');
  const [passwords, setPasswords] = useState<NuevaContrasenaValues>({
    password: '',
    confirmacion: '',
  });
  const [fieldError, setFieldError] = useState<{ field: Field; message: string }>();
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codigoInput = useRef<HTMLInputElement>(null);

  // Reached by pressing 'Enviar código', which is gone now: the code is what comes next.
  useEffect(() => {
    if (step === 'codigo') codigoInput.current?.focus();
  }, [step]);

  function fail(form: HTMLFormElement | undefined, field: Field, message: string) {
    setFieldError({ field, message });
    focusField(form, field);
  }

  async function run(call: () => Promise<void>) {
    setFormError(undefined);
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      setStatus(undefined);
      setFormError(errorMessage(failure, recuperacionMessages.falloSolicitud));
    } finally {
      setBusy(false);
    }
  }

  async function pedirCodigo(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (busy) return;
    const parsed = celularSchema.safeParse(celular);
    if (!parsed.success) {
      fail(event?.currentTarget, 'celular', firstIssueMessage(parsed.error));
      return;
    }
    setFieldError(undefined);
    await run(async () => {
      const answer = await props.sendCodigo(parsed.data);
      setStatus(answer.mensaje || recuperacionMessages.codigoEnviado);
      setStep('codigo');
    });
  }

  async function cambiar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsedCodigo = codigoSchema.safeParse(codigo);
    if (!parsedCodigo.success) {
      fail(event.currentTarget, 'codigo', firstIssueMessage(parsedCodigo.error));
      return;
    }
    const problem = checkNuevaContrasena(passwords);
    if (problem) {
      fail(event.currentTarget, problem.field, problem.message);
      return;
    }
    setFieldError(undefined);
    await run(async () => {
      await props.change({
        celular: cleanCelular(celular),
        password: passwords.password,
        codigo: parsedCodigo.data,
      });
      setStatus(recuperacionMessages.contrasenaActualizada);
      props.onDone(recuperacionMessages.contrasenaActualizada);
    });
  }

  const errorOf = (field: Field) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <div>
      <StatusMessage message={status} />
      <FormError message={formError} />
      {step === 'celular' ? (
        <form noValidate onSubmit={pedirCodigo}>
          <p className="mb-4 text-stone-700">
            Escribe el celular con el que te registraste y te enviaremos un código de 6 dígitos.
          </p>
          <TextField
            name="celular"
            label="Celular (10 dígitos)"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={celular}
            error={errorOf('celular')}
            onChange={(event) => {
              setCelular(event.target.value);
              setFieldError(undefined);
            }}
          />
          <SubmitButton className="w-full" busy={busy} busyLabel="Enviando…">
            Enviar código
          </SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={cambiar}>
          <p className="mb-4 text-stone-700">
            Escribe el código que llegó al celular <strong>{cleanCelular(celular)}</strong> y tu
            contraseña nueva.
          </p>
          <TextField
            name="codigo"
            label="Código de 6 dígitos"
            inputMode="numeric"
            autoComplete="one-time-code"
            ref={codigoInput}
            maxLength={6}
            value={codigo}
            error={errorOf('codigo')}
            onChange={(event) => {
              setCodigo(event.target.value);
              if (fieldError?.field === 'codigo') setFieldError(undefined);
            }}
          />
          <NuevaContrasenaFields
            values={passwords}
            error={
              fieldError?.field === 'password' || fieldError?.field === 'confirmacion'
                ? { field: fieldError.field, message: fieldError.message }
                : undefined
            }
            onChange={(field, value) => {
              setPasswords((v) => ({ ...v, [field]: value }));
              if (fieldError?.field === field) setFieldError(undefined);
            }}
          />
          <SubmitButton className="w-full" busy={busy} busyLabel="Guardando…">
            Cambiar contraseña
          </SubmitButton>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Button variant="ghost" disabled={busy} onClick={() => void pedirCodigo()}>
              Reenviar código
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setStep('celular');
                setStatus(undefined);
                setFormError(undefined);
                setCodigo('');
              }}
            >
              Usar otro celular
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
