import { useRef, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  CrearContrasenaFields,
  focusField,
  NombreCompletoField,
  useCamposDeForm,
} from '../../auth';
import {
  isInvitacionInvalida,
  problemaAlAceptar,
  checkAceptar,
  type AceptarValues,
} from '../logic/aceptar-form';

/**
 * The invited person's name and password (the registration's rules, checklist and hints), sent
 * with the invitation's token. `aceptar` resolves once they are signed in; an invitation the
 * server no longer knows calls `onInvalida`; any other refusal stays in the form.
 */
export function AceptarForm(props: {
  token: string;
  accept: (input: { token: string; password: string; nombreCompleto: string }) => Promise<void>;
  onInvalida: () => void;
}) {
  const { values, problema, setProblema, fieldProps } = useCamposDeForm<AceptarValues>({
    nombreCompleto: '',
    password: '',
    confirmacion: '',
  });
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const revisado = checkAceptar(values);
    setProblema(revisado);
    if (revisado) {
      if (revisado.campo) focusField(event.currentTarget, revisado.campo);
      return;
    }
    setBusy(true);
    try {
      await props.accept({
        token: props.token,
        password: values.password,
        nombreCompleto: values.nombreCompleto.trim(),
      });
    } catch (error) {
      setBusy(false);
      if (isInvitacionInvalida(error)) {
        props.onInvalida();
        return;
      }
      const p = problemaAlAceptar(error);
      setProblema(p);
      if (p.campo) focusField(form.current, p.campo);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-stone-700">
        Te invitaron al personal de una tienda en Tianguis. Escribe tu nombre y crea tu contraseña;
        después entrarás con tu correo y esta contraseña.
      </p>
      {problema && !problema.campo && <FormError message={problema.message} />}
      <NombreCompletoField {...fieldProps('nombreCompleto')} />
      <CrearContrasenaFields
        password={fieldProps('password')}
        confirmacion={fieldProps('confirmacion')}
      />
      <SubmitButton className="w-full" busy={busy} busyLabel="Creando tu cuenta…">
        Crear mi cuenta
      </SubmitButton>
    </form>
  );
}
