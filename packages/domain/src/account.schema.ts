import { z } from 'zod';
import { checkField, checkValue, reportFirstBrokenRule, type Check, type Rule } from './reglas.js';

import { cleanCelular, normalizeCelular } from './phone.js';
import { NO_USUARIO } from './roles.js';

// Accounts: registration, sign-in and password recovery (docs/api.md, "Accounts and sessions"
// and "Texts and forms"). The first edition's texts are kept verbatim, including their missing
// accents ('contrasena', 'numero', 'simbolos'), because users and tests see them.

const DATOS_INVALIDOS = 'Datos inválidos';

export const registroMessages = {
  datosInvalidos: DATOS_INVALIDOS,
  tipoUsuarioInvalido: 'El tipo de usuario debe ser consumidor o tienda',
  // Submit rules, in the order the form checks them (docs/api.md, "Texts and forms").
  emailYPasswordMin: 'El email y la contraseña deben tener al menos 8 caracteres',
  emailMin: 'El email debe tener al menos 8 caracteres',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordMax: 'La contraseña debe tener máximo 30 caracteres',
  emailSinArroba: 'El email debe contener @',
  emailMax: 'El email no debe sobrepasar los 30 caracteres.',
  emailFormato: 'El email no es válido: escribe una sola dirección, como ana@correo.com',
  confirmacionLongitud: 'La confirmación de la contraseña debe tener entre 8 y 30 caracteres',
  contrasenasDiferentes: 'Las contraseñas deben ser iguales',
  passwordComplejidad: 'La contraseña no cumple con el patrón de complejidad',
  usuarioMin: 'El usuario debe contener al menos 3 caracteres',
  usuarioMax: 'El usuario debe tener máximo 25 caracteres',
  usuarioFormato:
    'El usuario debe iniciar con letra y solo contener letras y números y los simbolos . _ -',
  celularSoloNumeros: 'El numero de celular solo debe contener números',
  celularMax: 'El celular solo debe tener 10 caracteres como máximo',
  celularLongitud: 'El celular debe contener 10 números',
  nombreCompletoMin: 'El nombre completo debe tener al menos 2 caracteres',
  direccionEntregaMin: 'La dirección de entrega debe tener al menos 5 caracteres',
  nombreCompletoMax: 'El nombre completo debe tener máximo 50 caracteres',
  direccionEntregaMax: 'La dirección de entrega debe tener máximo 100 caracteres',
  // While-typing hints that have no submit-time twin above.
  usuarioHintMin: 'El usuario debe contener al menos 4 caracteres',
  passwordHintMax: 'El password debe tener 20 caracteres como máximo',
  confirmacionHintMax: 'La confirmacion del password debe tener 20 caracteres como máximo',
  emailFaltaArrobaYCom: 'Falta @ y .com.',
  emailFaltaArroba: 'Falta @.',
  emailFaltaCom: 'Falta .com.',
  emailHintMin: 'El email debe tener al menos 6 caracteres.',
} as const;

export const signInMessages = {
  datosInvalidos: DATOS_INVALIDOS,
  emailYPasswordMin: 'El email y la contrasena debe tener al menos 8 caracteres',
  emailMin: 'El email debe tener al menos 8 caracteres',
  passwordMin: 'La contrasena debe tener al menos 8 caracteres',
  emailSinArroba: 'El correo debe contener @',
  emailMax: 'El email no debe sobrepasar los 254 caracteres',
  passwordMax: 'La contraseña no debe sobrepasar los 128 caracteres',
} as const;

export const recoveryMessages = {
  datosInvalidos: DATOS_INVALIDOS,
  emailVacio: 'Por favor, ingresa un correo electrónico.',
  emailSinArroba: 'El correo debe contener @',
  emailMax: 'El correo no debe sobrepasar los 254 caracteres',
  emailFormato: 'El correo no es válido: escribe una sola dirección, como ana@correo.com',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  contrasenasDiferentes: 'Las contraseñas no coinciden',
} as const;

export const passwordChecklist = {
  titulo: 'El password debe tener al menos:',
  mayuscula: '1 letra mayúscula [A-Z]',
  minuscula: '1 letra minúscula [a-z]',
  numero: '1 número [0-9]',
} as const;

// The registration's limits that the form's fields stop at (maxLength) are exported with them.
const EMAIL_MIN = 8;
/** Registration email, at most (sign-in takes longer ones). */
export const EMAIL_MAX = 30;
const EMAIL_HINT_MIN = 6;
const PASSWORD_MIN = 8;
/** A new password, at most, by any path. */
export const PASSWORD_MAX = 30;
// The form stops at 20 while typing yet accepts 30 on submit; both are kept (docs/api.md).
const PASSWORD_HINT_MAX = 20;
const RESET_FORM_PASSWORD_MIN = 6;
const USUARIO_MIN = 3;
const USUARIO_HINT_MIN = 4;
export const USUARIO_MAX = 25;
const CELULAR_DIGITS = 10;
const NOMBRE_COMPLETO_MIN = 2;
/** A person's name, at most: the shopper's account and the customer of an order alike. */
export const NOMBRE_COMPLETO_MAX = 50;
const DIRECCION_ENTREGA_MIN = 5;
/** The account's delivery address, at most (an order's own address may be longer). */
export const DIRECCION_ENTREGA_MAX = 100;
// Sign-in and recovery have no length rule of their own; these caps only stop the server from
// hashing or looking up megabytes. 254 is the longest deliverable address (RFC 5321).
const SIGN_IN_EMAIL_MAX = 254;
const SIGN_IN_PASSWORD_MAX = 128;

// usuario becomes the shop's public address /tienda/{usuario}.
const USUARIO_PATTERN = /^[A-Za-z][A-Za-z0-9._-]*$/;
const ONLY_DIGITS = /^[0-9]*$/;

// One mailbox and nothing else (docs/reliability.md, "Limits"): a dot-atom local part, '@', and a domain of
// dot-separated labels. No spaces, CR/LF, commas, semicolons, angle brackets, quotes or
// parentheses, so an address can't carry a second recipient, a display name or a header.
const MAILBOX_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const MAILBOX_LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
const MAILBOX_PATTERN = new RegExp(
  `^${MAILBOX_ATOM}(?:\\.${MAILBOX_ATOM})*@(?:${MAILBOX_LABEL}\\.)+${MAILBOX_LABEL}$`,
  'u',
);

/** Whether `value` is exactly one plain email address (local@domain.tld), safe in a mail header. */
export function isMailbox(value: string): boolean {
  return value.length <= SIGN_IN_EMAIL_MAX && MAILBOX_PATTERN.test(value);
}

// ---- Checks shared by registration, password policy and phone ----

const requirePasswordMax: Check<string> = (password) =>
  password.length > PASSWORD_MAX ? registroMessages.passwordMax : undefined;

const requirePasswordMin: Check<string> = (password) =>
  password.length < PASSWORD_MIN ? registroMessages.passwordMin : undefined;

const requirePasswordComplexity: Check<string> = (password) => {
  const { mayuscula, minuscula, numero } = checkPasswordComplexity(password);
  return mayuscula && minuscula && numero ? undefined : registroMessages.passwordComplejidad;
};

const requireEmailArroba: Check<string> = (email) =>
  email.includes('@') ? undefined : registroMessages.emailSinArroba;

const requireEmailMax: Check<string> = (email) =>
  email.length > EMAIL_MAX ? registroMessages.emailMax : undefined;

const requireMailbox: Check<string> = (email) =>
  isMailbox(email) ? undefined : registroMessages.emailFormato;

const requireUsuarioMin: Check<string> = (usuario) =>
  usuario.length < USUARIO_MIN ? registroMessages.usuarioMin : undefined;

const requireUsuarioMax: Check<string> = (usuario) =>
  usuario.length > USUARIO_MAX ? registroMessages.usuarioMax : undefined;

const requireUsuarioFormato: Check<string> = (usuario) =>
  USUARIO_PATTERN.test(usuario) ? undefined : registroMessages.usuarioFormato;

const requireCelularSoloNumeros: Check<string> = (celular) =>
  ONLY_DIGITS.test(celular) ? undefined : registroMessages.celularSoloNumeros;

const requireCelularMax: Check<string> = (celular) =>
  celular.length > CELULAR_DIGITS ? registroMessages.celularMax : undefined;

const requireCelularLongitud: Check<string> = (celular) =>
  celular.length < CELULAR_DIGITS ? registroMessages.celularLongitud : undefined;

const celularChecks: readonly Check<string>[] = [
  requireCelularSoloNumeros,
  requireCelularMax,
  requireCelularLongitud,
];

const passwordPolicyChecks: readonly Check<string>[] = [
  requirePasswordMax,
  requirePasswordMin,
  requirePasswordComplexity,
];

interface CredentialMessages {
  readonly emailYPasswordMin: string;
  readonly emailMin: string;
  readonly passwordMin: string;
}

/**
 * Registration rule 1 and the first sign-in rule: one combined message when both are short
 * (docs/web-screens.md, "Registration rules").
 */
function requireCredentialsMin(messages: CredentialMessages): Rule<Credentials> {
  return ({ email, password }) => {
    const isEmailShort = email.length < EMAIL_MIN;
    const isPasswordShort = password.length < PASSWORD_MIN;
    if (isEmailShort && isPasswordShort)
      return { message: messages.emailYPasswordMin, path: ['email'] };
    if (isEmailShort) return { message: messages.emailMin, path: ['email'] };
    if (isPasswordShort) return { message: messages.passwordMin, path: ['password'] };
    return undefined;
  };
}

function requireSamePasswords(message: string): Rule<PasswordPair> {
  return ({ password, confirmacion }) =>
    password === confirmacion ? undefined : { message, path: ['confirmacion'] };
}

interface Credentials {
  readonly email: string;
  readonly password: string;
}

interface PasswordPair {
  readonly password: string;
  readonly confirmacion: string;
}

// ---- Registration ----

/** The payload once trimmed and shaped by account type: what the rules and the server see. */
interface RegistroData extends Credentials {
  readonly usuario: string;
  readonly tipousuario: 'si' | 'no';
  readonly celular: string;
  readonly nombreCompleto: string;
  readonly direccionEntrega: string;
}

type RegistroFormData = RegistroData & PasswordPair;

function onlyForTienda(rule: Rule<RegistroData>): Rule<RegistroData> {
  return (data) => (data.tipousuario === 'no' ? rule(data) : undefined);
}

function onlyForShopper(rule: Rule<RegistroData>): Rule<RegistroData> {
  return (data) => (data.tipousuario === 'si' ? rule(data) : undefined);
}

const requireConfirmacionLength: Check<string> = (confirmacion) =>
  confirmacion.length < PASSWORD_MIN || confirmacion.length > PASSWORD_MAX
    ? registroMessages.confirmacionLongitud
    : undefined;

// The lengths, the password maximum and '@', then the email maximum and form (docs/api.md).
const registroRulesBeforeConfirmacion: readonly Rule<RegistroData>[] = [
  requireCredentialsMin(registroMessages),
  checkField('password', requirePasswordMax),
  // Rule 3 repeats rule 1's single variant (same text; rule 2 cannot fire for a short password),
  // so it never decides the outcome here; it stays so the list reads as the form's rules
  // (numbered in docs/web-screens.md, "Registration rules").
  checkField('password', requirePasswordMin),
  checkField('email', requireEmailArroba),
  checkField('email', requireEmailMax),
  checkField('email', requireMailbox),
];

// The confirmation's rules: it exists only in the form.
const confirmacionRules: readonly Rule<RegistroFormData>[] = [
  checkField('confirmacion', requireConfirmacionLength),
  requireSamePasswords(registroMessages.contrasenasDiferentes),
];

// The remaining rules, each followed by its field's limits and, for usuario, its shape.
const registroRulesAfterConfirmacion: readonly Rule<RegistroData>[] = [
  checkField('password', requirePasswordComplexity),
  onlyForTienda(checkField('usuario', requireUsuarioMin)),
  onlyForTienda(checkField('usuario', requireUsuarioMax)),
  onlyForTienda(checkField('usuario', requireUsuarioFormato)),
  ...celularChecks.map((check) => checkField<RegistroData, 'celular'>('celular', check)),
  onlyForShopper(
    checkField('nombreCompleto', (nombre) =>
      nombre.length < NOMBRE_COMPLETO_MIN ? registroMessages.nombreCompletoMin : undefined,
    ),
  ),
  onlyForShopper(
    checkField('direccionEntrega', (direccion) =>
      direccion.length < DIRECCION_ENTREGA_MIN ? registroMessages.direccionEntregaMin : undefined,
    ),
  ),
  onlyForShopper(
    checkField('nombreCompleto', (nombre) =>
      nombre.length > NOMBRE_COMPLETO_MAX ? registroMessages.nombreCompletoMax : undefined,
    ),
  ),
  onlyForShopper(
    checkField('direccionEntrega', (direccion) =>
      direccion.length > DIRECCION_ENTREGA_MAX ? registroMessages.direccionEntregaMax : undefined,
    ),
  ),
];

const registroRules: readonly Rule<RegistroData>[] = [
  ...registroRulesBeforeConfirmacion,
  ...registroRulesAfterConfirmacion,
];

const registroFormRules: readonly Rule<RegistroFormData>[] = [
  ...registroRulesBeforeConfirmacion,
  ...confirmacionRules,
  ...registroRulesAfterConfirmacion,
];

const invalid = { error: DATOS_INVALIDOS };

const registroFields = {
  email: z.string(invalid).trim().toLowerCase(),
  // Passwords are taken as typed: a space may be part of one.
  password: z.string(invalid),
  // Stored lowercase because it is the shop's public address.
  usuario: z.string(invalid).trim().toLowerCase().optional(),
  tipousuario: z.enum(['si', 'no'], { error: registroMessages.tipoUsuarioInvalido }),
  // As typed: spaces, dashes, dots, parentheses and +52 go (docs/api.md, "Phones as typed").
  celular: z.string(invalid).transform(cleanCelular),
  nombreCompleto: z.string(invalid).trim().optional(),
  direccionEntrega: z.string(invalid).trim().optional(),
};

type RegistroFieldsOutput = z.output<z.ZodObject<typeof registroFields>>;

/** Only shops have a usuario; only shoppers have a name and a delivery address. */
function shapeByTipoUsuario<T extends RegistroFieldsOutput>(data: T) {
  const isShopper = data.tipousuario === 'si';
  return {
    ...data,
    usuario: isShopper ? NO_USUARIO : (data.usuario ?? ''),
    nombreCompleto: isShopper ? (data.nombreCompleto ?? '') : '',
    direccionEntrega: isShopper ? (data.direccionEntrega ?? '') : '',
  };
}

/** The body of POST /api/login/registerUser. */
export const registroSchema = z
  .object(registroFields, invalid)
  .transform(shapeByTipoUsuario)
  .superRefine(reportFirstBrokenRule(registroRules));

/** The registration form: the payload plus the password confirmation and its rules. */
export const registroFormSchema = z
  .object({ ...registroFields, confirmacion: z.string(invalid) }, invalid)
  .transform(shapeByTipoUsuario)
  .superRefine(reportFirstBrokenRule(registroFormRules));

export type RegistroInput = z.input<typeof registroSchema>;
export type Registro = z.output<typeof registroSchema>;
export type RegistroFormInput = z.input<typeof registroFormSchema>;
export type RegistroForm = z.output<typeof registroFormSchema>;

// ---- Registration hints, shown while typing (never block the submit) ----

export function checkPasswordComplexity(value: string): {
  mayuscula: boolean;
  minuscula: boolean;
  numero: boolean;
} {
  return {
    mayuscula: /[A-Z]/.test(value),
    minuscula: /[a-z]/.test(value),
    numero: /[0-9]/.test(value),
  };
}

function collectHints(value: string, checks: readonly Check<string>[]): string[] {
  if (value === '') return [];
  return checks.map((check) => check(value)).filter((hint) => hint !== undefined);
}

export function hintUsuario(value: string): string[] {
  return collectHints(value.trim(), [
    requireUsuarioMax,
    requireUsuarioFormato,
    (usuario) => (usuario.length < USUARIO_HINT_MIN ? registroMessages.usuarioHintMin : undefined),
  ]);
}

/** A `+` or `+5` typed first is the start of +52, not a wrong character. */
const PREFIJO_A_MEDIAS = /^\+5?$/;

/**
 * Measured on the phone as the rules read it (spaces, dashes, dots, parentheses and +52 are
 * fine), while it is typed.
 */
export function hintCelular(value: string): string[] {
  const celular = cleanCelular(value);
  if (PREFIJO_A_MEDIAS.test(celular)) return [];
  return collectHints(value, [
    () => requireCelularSoloNumeros(celular),
    () => (ONLY_DIGITS.test(celular) ? requireCelularMax(celular) : undefined),
    () =>
      normalizeCelular(celular).length < CELULAR_DIGITS
        ? registroMessages.celularLongitud
        : undefined,
  ]);
}

export function hintPassword(value: string): string[] {
  return collectHints(value, [
    (password) =>
      password.length > PASSWORD_HINT_MAX ? registroMessages.passwordHintMax : undefined,
  ]);
}

export function hintConfirmacion(value: string): string[] {
  return collectHints(value, [
    (confirmacion) =>
      confirmacion.length > PASSWORD_HINT_MAX ? registroMessages.confirmacionHintMax : undefined,
  ]);
}

/** Shown on blur. It asks for '.com' although the submit rules accept any address with '@'. */
export function hintEmail(value: string): string[] {
  return collectHints(value.trim().toLowerCase(), [
    (email) => {
      const hasArroba = email.includes('@');
      const hasCom = email.includes('.com');
      if (!hasArroba && !hasCom) return registroMessages.emailFaltaArrobaYCom;
      if (!hasArroba) return registroMessages.emailFaltaArroba;
      if (!hasCom) return registroMessages.emailFaltaCom;
      return undefined;
    },
    requireEmailMax,
    (email) => (email.length < EMAIL_HINT_MIN ? registroMessages.emailHintMin : undefined),
  ]);
}

export function hintNombreCompleto(value: string): string[] {
  return collectHints(value.trim(), [
    (nombre) =>
      nombre.length < NOMBRE_COMPLETO_MIN ? registroMessages.nombreCompletoMin : undefined,
    (nombre) =>
      nombre.length > NOMBRE_COMPLETO_MAX ? registroMessages.nombreCompletoMax : undefined,
  ]);
}

export function hintDireccionEntrega(value: string): string[] {
  return collectHints(value.trim(), [
    (direccion) =>
      direccion.length < DIRECCION_ENTREGA_MIN ? registroMessages.direccionEntregaMin : undefined,
    (direccion) =>
      direccion.length > DIRECCION_ENTREGA_MAX ? registroMessages.direccionEntregaMax : undefined,
  ]);
}

// ---- Sign-in ----

/** The body of POST /api/login/authenticate and the sign-in form. */
export const signInSchema = z
  .object(
    {
      email: z.string(invalid).trim().toLowerCase(),
      password: z.string(invalid),
    },
    invalid,
  )
  .superRefine(
    reportFirstBrokenRule<Credentials>([
      requireCredentialsMin(signInMessages),
      checkField('email', (email) =>
        email.includes('@') ? undefined : signInMessages.emailSinArroba,
      ),
      checkField('email', (email) =>
        email.length > SIGN_IN_EMAIL_MAX ? signInMessages.emailMax : undefined,
      ),
      checkField('password', (password) =>
        password.length > SIGN_IN_PASSWORD_MAX ? signInMessages.passwordMax : undefined,
      ),
    ]),
  );

export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;

// ---- Password policy and recovery ----

/** Any new password, by any reset path, meets the registration policy (docs/api.md). */
export const passwordPolicySchema = z
  .string(invalid)
  .superRefine(reportFirstBrokenRule(passwordPolicyChecks.map((check) => checkValue(check))));

/** The email step of /recuperar-contrasena and the query of emailderecuperacion. */
export const recuperarEmailSchema = z
  // A missing address reads as an empty one, so it gets the empty-address message.
  .object({ email: z.string(invalid).trim().toLowerCase().default('') }, invalid)
  .superRefine(
    reportFirstBrokenRule<{ email: string }>([
      checkField('email', (email) => (email === '' ? recoveryMessages.emailVacio : undefined)),
      checkField('email', (email) =>
        email.includes('@') ? undefined : recoveryMessages.emailSinArroba,
      ),
      checkField('email', (email) =>
        email.length > SIGN_IN_EMAIL_MAX ? recoveryMessages.emailMax : undefined,
      ),
      checkField('email', (email) =>
        isMailbox(email) ? undefined : recoveryMessages.emailFormato,
      ),
    ]),
  );

export type RecuperarEmailInput = z.input<typeof recuperarEmailSchema>;
export type RecuperarEmail = z.output<typeof recuperarEmailSchema>;

/**
 * The new-password step. The first edition's form asked for 6 characters, but the server
 * enforces the registration policy on every new password, so the form checks it too rather
 * than let the server refuse what the form accepted (docs/api.md, "Texts and forms").
 */
export const nuevaContrasenaFormSchema = z
  .object({ password: z.string(invalid), confirmacion: z.string(invalid) }, invalid)
  .superRefine(
    reportFirstBrokenRule<PasswordPair>([
      checkField('password', (password) =>
        password.length < RESET_FORM_PASSWORD_MIN ? recoveryMessages.passwordMin : undefined,
      ),
      requireSamePasswords(recoveryMessages.contrasenasDiferentes),
      ...passwordPolicyChecks.map((check) =>
        checkField<PasswordPair, 'password'>('password', check),
      ),
    ]),
  );

export type NuevaContrasenaFormInput = z.input<typeof nuevaContrasenaFormSchema>;
export type NuevaContrasenaForm = z.output<typeof nuevaContrasenaFormSchema>;

/** A reset code: six digits. */
export const codigoSchema = z
  .string(invalid)
  .trim()
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos');

/**
 * A phone a person types, anywhere one is typed: accepted with spaces, dashes, dots,
 * parentheses and a leading +52 or +52 1, read as its 10 digits; the registration's rules and
 * messages otherwise.
 */
export const celularSchema = z
  .string(invalid)
  .transform(cleanCelular)
  .superRefine(reportFirstBrokenRule(celularChecks.map((check) => checkValue(check))));

/** The message to show or answer for a failed parse: the first rule broken. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? DATOS_INVALIDOS;
}

// ---- Answers (docs/api.md, "Accounts and the token") ----

/** `registerUser`: the new account's id. */
export const registroRespuestaSchema = z.object({
  mensaje: z.literal('USUARIO CREADO'),
  id: z.number(),
});

/** `authenticate`: the session's JWT. */
export const tokenRespuestaSchema = z.object({ token: z.string() });

/** Answers that only confirm, with a sentence for the user. */
export const mensajeRespuestaSchema = z.object({ mensaje: z.string() });

/** One row of `listarlogin` (ADMIN): a registered account, newest first. */
export const usuarioRegistradoSchema = z.object({
  id: z.number(),
  tipoUsuario: z.string(),
  celular: z.string(),
  email: z.string(),
  datetime: z.string(),
});
export type UsuarioRegistrado = z.output<typeof usuarioRegistradoSchema>;

/** `GET /api/login/recuperacion`: which ways to recover a password this server offers. */
export const recuperacionMetodosSchema = z.object({ celular: z.boolean() });

// ---- Recovery requests ----

/** `POST /api/recuperarcontrasena/actualizarContrasena`: the emailed link's secret. */
export const actualizarContrasenaSchema = z.object({
  newPassword: passwordPolicySchema,
  secret: z.string().min(1).max(200),
});

/** `POST /api/restaurar/restaurarpassword`: where to send the 6-digit code. */
export const restaurarPasswordSchema = z.object({ celular: celularSchema });

/** `POST /api/restaurar/cambiarcontrasena`: the code sent to the phone and the new password. */
export const cambiarContrasenaSchema = z.object({
  celular: celularSchema,
  password: passwordPolicySchema,
  codigo: codigoSchema,
});
