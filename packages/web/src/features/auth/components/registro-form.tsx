import {
  DIRECCION_ENTREGA_MAX,
  firstIssueMessage,
  hintCelular,
  hintDireccionEntrega,
  hintEmail,
  hintUsuario,
  registroFormSchema,
  USUARIO_MAX,
  type Registro,
} from '@tianguis/domain';
import { ArrowLeft } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { CrearContrasenaFields, NombreCompletoField } from './crear-contrasena-fields';
import { errorMessage } from './error-message';
import { focusField } from './focus-field';
import type { TipoUsuario } from './tipo-usuario-step';

export interface RegistroValues {
  email: string;
  password: string;
  confirmacion: string;
  celular: string;
  usuario: string;
  nombreCompleto: string;
  direccionEntrega: string;
}

export type RegistroField = keyof RegistroValues;

export const emptyRegistroValues: RegistroValues = {
  email: '',
  password: '',
  confirmacion: '',
  celular: '',
  usuario: '',
  nombreCompleto: '',
  direccionEntrega: '',
};

/** The refusals of registerUser that are about one field (docs/api.md, "Accounts and sessions"). */
const fieldOfCode: Record<string, RegistroField> = {
  CORREO_EXISTENTE: 'email',
  USUARIO_EXISTENTE: 'usuario',
  CELULAR_EXISTENTE: 'celular',
};

const FALLO_REGISTRO = 'No pudimos completar tu registro. Inténtalo de nuevo.';

interface Problem {
  field: RegistroField | undefined;
  message: string;
}

/** A page to read beside the form (the privacy notice, the plans), opened in another tab. */
function EnlaceEnOtraPestana(props: { to: string; children: string }) {
  return (
    <Link
      to={props.to}
      target="_blank"
      rel="noopener"
      className="font-medium text-marca-700 underline"
    >
      {props.children}
      <span className="sr-only"> (se abre en otra pestaña)</span>
    </Link>
  );
}

function isRegistroField(value: unknown): value is RegistroField {
  return typeof value === 'string' && value in emptyRegistroValues;
}

/**
 * Registration step 2. Hints follow the typing (the email's on leaving the field); on submit the
 * domain's form schema reports the first rule broken, in order (docs/api.md), the same rules the
 * server applies, so the server refuses only what the form can't know (taken email, user, phone).
 */
export function RegistroForm(props: {
  tipousuario: TipoUsuario;
  values: RegistroValues;
  onChange: (field: RegistroField, value: string) => void;
  onBack: () => void;
  submit: (payload: Registro) => Promise<unknown>;
  onRegistered: () => void;
}) {
  const { tipousuario, values } = props;
  const isTienda = tipousuario === 'no';
  const [emailHints, setEmailHints] = useState<string[]>([]);
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);

  const fieldProps = (field: RegistroField) => ({
    name: field,
    value: values[field],
    error: problem?.field === field ? problem.message : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (problem?.field === field) setProblem(undefined);
      props.onChange(field, event.target.value);
    },
  });

  function report(form: HTMLFormElement, next: Problem) {
    setProblem(next);
    if (next.field) focusField(form, next.field);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = registroFormSchema.safeParse({ ...values, tipousuario });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      report(form, {
        field: isRegistroField(field) ? field : undefined,
        message: firstIssueMessage(parsed.error),
      });
      return;
    }
    const { confirmacion: _confirmacion, ...payload } = parsed.data;
    setProblem(undefined);
    setBusy(true);
    try {
      await props.submit(payload);
    } catch (error) {
      setBusy(false);
      const message = errorMessage(error, FALLO_REGISTRO);
      notify.error(message);
      report(form, {
        field: error instanceof ApiError ? fieldOfCode[error.code] : undefined,
        message,
      });
      return;
    }
    props.onRegistered();
  }

  const usuarioPreview = values.usuario.trim().toLowerCase();

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <Button variant="ghost" className="mb-4 -ml-2" onClick={props.onBack}>
        <ArrowLeft aria-hidden="true" />
        Atras
      </Button>
      <h2 tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
        {isTienda ? 'Datos de tu tienda' : 'Tus datos'}
      </h2>

      {/* The email and passwords have no maxLength: a pasted one cut short would be another
          valid address or password, so the limit is said on submit (docs/web-screens.md). */}
      <TextField
        {...fieldProps('email')}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        hints={emailHints}
        onFocus={() => setEmailHints([])}
        onBlur={(event) => setEmailHints(hintEmail(event.target.value))}
      />
      <CrearContrasenaFields
        password={fieldProps('password')}
        confirmacion={fieldProps('confirmacion')}
      />

      {isTienda && (
        <div className="mb-4">
          <TextField
            {...fieldProps('usuario')}
            className="mb-1"
            label="Usuario de tu tienda"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USUARIO_MAX}
            hints={hintUsuario(values.usuario)}
          />
          <p className="text-sm break-all text-stone-700">
            Tu tienda estará en:{' '}
            <strong className="font-mono">
              {`${window.location.origin}/tienda/${usuarioPreview}`}
            </strong>
          </p>
        </div>
      )}

      <TextField
        {...fieldProps('celular')}
        label="Celular (10 dígitos)"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hints={hintCelular(values.celular)}
      />

      {!isTienda && (
        <>
          <NombreCompletoField {...fieldProps('nombreCompleto')} />
          <TextField
            {...fieldProps('direccionEntrega')}
            label="Dirección de entrega"
            autoComplete="street-address"
            maxLength={DIRECCION_ENTREGA_MAX}
            hints={hintDireccionEntrega(values.direccionEntrega)}
          />
        </>
      )}

      {problem && !problem.field && <FormError message={problem.message} />}

      <p className="mb-2 text-sm text-stone-700">
        Al registrarte aceptas nuestro{' '}
        <EnlaceEnOtraPestana to="/avisoprivacidad">Aviso de privacidad</EnlaceEnOtraPestana>.
      </p>
      {isTienda && (
        <p className="mb-2 text-sm text-stone-700">
          Conoce nuestros <EnlaceEnOtraPestana to="/planes">planes y precios</EnlaceEnOtraPestana>.
        </p>
      )}

      <SubmitButton className="mt-4 w-full" busy={busy} busyLabel="Registrando…">
        Registrarme
      </SubmitButton>
    </form>
  );
}
