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
  const campo = (field: keyof NuevaContrasenaValues) => ({
    name: field,
    autoComplete: 'new-password',
    value: values[field],
    error: error?.field === field ? error.message : undefined,
    onChange: (event: { target: { value: string } }) => props.onChange(field, event.target.value),
  });
  return (
    <>
      <PasswordField {...campo('password')} label="Contraseña nueva" />
      <PasswordChecklist password={values.password} />
      <PasswordField
        {...campo('confirmacion')}
        label="Repite la contraseña nueva"
        toggleLabel="Mostrar la contraseña repetida"
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
