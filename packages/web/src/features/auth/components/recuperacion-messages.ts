/** The password-recovery texts of the accounts spec (sections 2 and 8), verbatim. */
export const recuperacionMessages = {
  correoEnviado: 'Se ha enviado un correo para recuperar tu contraseña.',
  contrasenaActualizada: 'Contrasena actualizada.',
  falloSolicitud: 'Hubo un problema al enviar la solicitud. Inténtalo más tarde.',
  codigoEnviado: 'Te enviamos un código a tu celular.',
} as const;
