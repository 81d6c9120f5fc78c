import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/field';
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

type Field = keyof NuevaContrasenaValues;

/** The step opened from the emailed link (?secret=...): choose the new password. */
export function NuevaContrasenaForm(props: {
  secret: string;
  update: (input: { newPassword: string; secret: string }) => Promise<void>;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState<NuevaContrasenaValues>({ password: '', confirmacion: '' });
  const [fieldError, setFieldError] = useState<{ field: Field; message: string }>();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    setFormError(undefined);
    const problem = checkNuevaContrasena(values);
    setFieldError(problem);
    if (problem) {
      focusField(event.currentTarget, problem.field);
      return;
    }
    setBusy(true);
    try {
      await props.update({ newPassword: values.password, secret: props.secret });
    } catch (failure) {
      setFormError(errorMessage(failure, recuperacionMessages.falloSolicitud));
      setBusy(false);
      return;
    }
    setDone(recuperacionMessages.contrasenaActualizada);
    props.onDone(recuperacionMessages.contrasenaActualizada);
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-stone-700">Elige tu contraseña nueva.</p>
      <StatusMessage message={done} />
      <FormError message={formError} />
      <NuevaContrasenaFields
        values={values}
        error={fieldError}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          if (fieldError?.field === field) setFieldError(undefined);
        }}
      />
      <SubmitButton className="w-full" busy={busy} busyLabel="Guardando…">
        Guardar contraseña
      </SubmitButton>
    </form>
  );
}
