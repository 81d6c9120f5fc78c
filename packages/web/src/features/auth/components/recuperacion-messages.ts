/** The password-recovery texts of the first edition, verbatim (docs/api.md, "Texts and forms"). */
export const recuperacionMessages = {
  correoEnviado: 'Se ha enviado un correo para recuperar tu contraseña.',
  contrasenaActualizada: 'Contrasena actualizada.',
  falloSolicitud: 'Hubo un problema al enviar la solicitud. Inténtalo más tarde.',
  codigoEnviado: 'Te enviamos un código a tu celular.',
} as const;
