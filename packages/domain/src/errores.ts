/**
 * Every error code the API answers (`{code, message}` with its status). The server's catalogue
 * (packages/server/src/http/app-error.ts) gives each one its status and default Spanish text and
 * must list exactly these; the web's ApiError types `code` with them, so a code compared on
 * either side that the other does not know fails the typecheck.
 */
export const CODIGOS_ERROR = [
  'VALIDACION',
  'NO_AUTENTICADO',
  'PROHIBIDO',
  'NO_ENCONTRADO',
  'ESTADO_INVALIDO',
  'DEMASIADO_GRANDE',
  'TIEMPO_AGOTADO',
  'ARCHIVO_GRANDE',
  'ARCHIVO_NO_PERMITIDO',
  'CUOTA_EXCEDIDA',
  'DEMASIADOS_INTENTOS',
  'CORREO_EXISTENTE',
  'USUARIO_EXISTENTE',
  'CELULAR_EXISTENTE',
  'USUARIO_INCORRECTO_PASSWORD_INCORRECTO',
  'SECRETO_INVALIDO',
  'CODIGO_INVALIDO',
  'CATEGORIA_EXISTENTE',
  'PRODUCTO_EXISTENTE',
  'MONTO_MINIMO',
  'PRODUCTO_NO_DISPONIBLE',
  'TIENDA_CERRADA',
  'TIENDA_PAUSADA',
  'PRODUCTO_AGOTADO',
  'OPCIONES_INVALIDAS',
  'ENTREGA_NO_DISPONIBLE',
  'FUERA_DE_ZONA',
  'HORARIO_NO_DISPONIBLE',
  'CORREO_EN_USO',
  'INVITACION_INVALIDA',
  'METODO_NO_DISPONIBLE',
  'PRECIO_CAMBIO',
  'DEMASIADOS_PEDIDOS',
  'IDEMPOTENCIA_CONFLICTO',
  'DIA_EXISTENTE',
  'SMS_NO_DISPONIBLE',
  'PUSH_NO_DISPONIBLE',
  'SERVICIO_NO_DISPONIBLE',
  'SIN_ESPACIO',
  'ALMACENAMIENTO_NO_DISPONIBLE',
  'ERROR_INTERNO',
] as const;

export type CodigoError = (typeof CODIGOS_ERROR)[number];
