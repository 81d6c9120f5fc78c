import { firstIssueMessage, nuevaContrasenaFormSchema } from '@tianguis/domain';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

export interface NuevaContrasenaValues {
  password: string;
  confirmacion: string;
}

/** New password and its repeat, with the policy checklist the server will apply. */
export function NuevaContrasenaFields(props: {
  values: NuevaContrasenaValues;
  error: { field: keyof NuevaContrasenaValues; message: string } | undefined;
  onChange: (field: keyof NuevaContrasenaValues, value: string) => void;
}) {
  const { values, error } = props;
  return (
    <>
      <PasswordField
        name="password"
        label="Contraseña nueva"
        autoComplete="new-password"
        value={values.password}
        error={error?.field === 'password' ? error.message : undefined}
        onChange={(event) => props.onChange('password', event.target.value)}
      />
      <PasswordChecklist password={values.password} />
      <PasswordField
        name="confirmacion"
        label="Repite la contraseña nueva"
        toggleLabel="Mostrar la contraseña repetida"
        autoComplete="new-password"
        value={values.confirmacion}
        error={error?.field === 'confirmacion' ? error.message : undefined}
        onChange={(event) => props.onChange('confirmacion', event.target.value)}
      />
    </>
  );
}

/** The first rule the pair breaks, in the domain's order, with the field it is about. */
export function checkNuevaContrasena(
  values: NuevaContrasenaValues,
): { field: keyof NuevaContrasenaValues; message: string } | undefined {
  const parsed = nuevaContrasenaFormSchema.safeParse(values);
  if (parsed.success) return undefined;
  const path = parsed.error.issues[0]?.path[0];
  return {
    field: path === 'confirmacion' ? 'confirmacion' : 'password',
    message: firstIssueMessage(parsed.error),
  };
}
