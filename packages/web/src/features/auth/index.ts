/**
 * The public entry of signing in, registering and recovering a password (the session itself is lib/session-store.ts): what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { updateContrasena } from './api/update-contrasena';
export { authenticate } from './api/authenticate';
export { changeContrasena } from './api/change-contrasena';
export { sendEmailDeRecuperacion } from './api/email-de-recuperacion';
export { logout } from './api/logout';
export { registerUser } from './api/register-user';
export { restorePassword } from './api/restore-password';
export { CrearContrasenaFields, NombreCompletoField } from './components/crear-contrasena-fields';
export { errorMessage } from './components/error-message';
export { focusField } from './components/focus-field';
export { NuevaContrasenaForm } from './components/nueva-contrasena-form';
export { RecuperacionMetodo, type Metodo } from './components/recuperacion-metodo';
export { RecuperarCelularForm } from './components/recuperar-celular-form';
export { RecuperarEmailForm } from './components/recuperar-email-form';
export { RegistroCompletado } from './components/registro-completado';
export { RegistroWizard } from './components/registro-wizard';
export { SignInForm } from './components/sign-in-form';
export { useCamposDeForm } from './components/use-campos-de-form';
export { StatusMessage } from './components/status-message';
export type { TipoUsuario } from './components/tipo-usuario-step';
export { Guard } from './guard';
export { canOpen, type Area } from './guards';
export { homeAfterSignIn } from './home';
