import type { InvitarPersonal, PersonalVista } from '@tianguis/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormError, TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { notify } from '../../../lib/toast';
import { StatusMessage } from '../../auth';
import {
  INVITAR_VACIO,
  problemaDelServidor,
  checkInvitacion,
  type CampoInvitacion,
  type InvitarValues,
  type Problema,
} from '../logic/invitar-form';
import { RolOpciones } from './rol-opciones';

/**
 * The owner invites someone: email, full name and role (docs/api.md, "Staff and the kitchen").
 * The domain's rules first, then the server's refusal at its field (an email already in use at
 * the email) or for the whole form; on success a toast and a polite status say where the
 * invitation went, and the form is empty again for the next one.
 */
export function InvitarForm(props: { invite: (input: InvitarPersonal) => Promise<PersonalVista> }) {
  const [values, setValues] = useState<InvitarValues>(INVITAR_VACIO);
  const [problema, setProblema] = useState<Problema>();
  const [enviado, setEnviado] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const rolGroup = useRef<HTMLFieldSetElement>(null);
  const tituloId = useId();

  function enfocar(campo: CampoInvitacion) {
    if (campo === 'rol') {
      const radios = rolGroup.current?.querySelectorAll<HTMLInputElement>('input[type=radio]');
      const elegido = [...(radios ?? [])].find((r) => r.checked) ?? radios?.[0];
      elegido?.focus();
      return;
    }
    const element = form.current?.elements.namedItem(campo);
    if (element instanceof HTMLElement) element.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setEnviado(undefined);
    const revisado = checkInvitacion(values);
    if (!revisado.ok) {
      setProblema(revisado.problema);
      if (revisado.problema.campo) enfocar(revisado.problema.campo);
      return;
    }
    setProblema(undefined);
    setBusy(true);
    try {
      await props.invite(revisado.data);
    } catch (error) {
      const p = problemaDelServidor(error);
      setProblema(p);
      setBusy(false);
      if (p.campo) enfocar(p.campo);
      return;
    }
    const texto = `Invitación enviada a ${revisado.data.email}`;
    notify.success(texto);
    setEnviado(texto);
    setValues(INVITAR_VACIO);
    setBusy(false);
  }

  const cambiar = <K extends keyof InvitarValues>(campo: K, value: InvitarValues[K]) => {
    if (problema?.campo === campo) setProblema(undefined);
    setEnviado(undefined);
    setValues((v) => ({ ...v, [campo]: value }));
  };
  const errorDe = (campo: CampoInvitacion) =>
    problema?.campo === campo ? problema.message : undefined;

  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-labelledby={tituloId}>
      <h2 id={tituloId} className="mb-1 text-xl font-bold">
        Invitar a alguien
      </h2>
      <p className="mb-4 text-stone-700">
        Le enviamos un correo con un enlace para crear su contraseña (vale 72 horas).
      </p>
      <StatusMessage message={enviado} />
      {problema && !problema.campo && <FormError message={problema.message} />}
      <TextField
        name="email"
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        error={errorDe('email')}
        onChange={(event) => cambiar('email', event.target.value)}
      />
      <TextField
        name="nombreCompleto"
        label="Nombre completo"
        autoComplete="off"
        value={values.nombreCompleto}
        error={errorDe('nombreCompleto')}
        onChange={(event) => cambiar('nombreCompleto', event.target.value)}
      />
      <RolOpciones
        ref={rolGroup}
        legend="Rol"
        name="rol"
        value={values.rol}
        error={errorDe('rol')}
        onChange={(rol) => cambiar('rol', rol)}
      />
      <SubmitButton className="w-full" busy={busy} busyLabel="Enviando invitación…">
        Enviar invitación
      </SubmitButton>
    </form>
  );
}
