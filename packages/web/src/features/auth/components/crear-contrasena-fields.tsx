import {
  hintConfirmacion,
  hintNombreCompleto,
  hintPassword,
  NOMBRE_COMPLETO_MAX,
} from '@tianguis/domain';
import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

/** What a form hands each of a new account's fields: its name, value, error and change handler. */
export interface CampoDeCuenta {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A new account's password and its confirmation, with the hints that follow the typing and the
 * policy checklist between them (the registration and the invited person's form).
 */
export function CrearContrasenaFields(props: {
  password: CampoDeCuenta;
  confirmacion: CampoDeCuenta;
}) {
  return (
    <>
      <PasswordField
        {...props.password}
        label="Contraseña"
        autoComplete="new-password"
        hints={hintPassword(props.password.value)}
      />
      <PasswordChecklist password={props.password.value} />
      <PasswordField
        {...props.confirmacion}
        label="Confirma tu contraseña"
        toggleLabel="Mostrar confirmación de contraseña"
        autoComplete="new-password"
        hints={hintConfirmacion(props.confirmacion.value)}
      />
    </>
  );
}

/** A new account's full name, with the hints that follow the typing (the registration and the invited person's form). */
export function NombreCompletoField(props: CampoDeCuenta) {
  return (
    <TextField
      {...props}
      label="Nombre completo"
      autoComplete="name"
      maxLength={NOMBRE_COMPLETO_MAX}
      hints={hintNombreCompleto(props.value)}
    />
  );
}
