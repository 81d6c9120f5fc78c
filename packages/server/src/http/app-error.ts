import { personalMessages, type CodigoError } from '@tianguis/domain';

/**
 * Every error the API answers: its status and the Spanish text a person sees by default. Its
 * codes are exactly the domain's CODIGOS_ERROR (which the web's ApiError types `code` with): a
 * code missing here or not in that list fails the typecheck.
 */
export const errorCatalog = {
  VALIDACION: { status: 400, message: 'Los datos enviados no son válidos' },
  NO_AUTENTICADO: { status: 401, message: 'Inicia sesión para continuar' },
  PROHIBIDO: { status: 403, message: 'No tienes permiso para hacer esto' },
  NO_ENCONTRADO: { status: 404, message: 'No se encontró lo que buscas' },
  ESTADO_INVALIDO: { status: 409, message: 'El pedido ya no está en estado NUEVO' },
  DEMASIADO_GRANDE: { status: 413, message: 'La petición es demasiado grande' },
  // Answered by Node's HTTP layer, not by an AppError: a request head that did not arrive in
  // time (app.ts, answerClientError; docs/reliability.md).
  TIEMPO_AGOTADO: { status: 408, message: 'La petición tardó demasiado en llegar' },
  ARCHIVO_GRANDE: { status: 413, message: 'La imagen no debe pesar más de 5 MB' },
  ARCHIVO_NO_PERMITIDO: { status: 415, message: 'Solo se permiten imágenes JPG o PNG' },
  CUOTA_EXCEDIDA: {
    status: 413,
    message: 'Tu tienda alcanzó el límite de espacio para imágenes',
  },
  DEMASIADOS_INTENTOS: {
    status: 429,
    message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  },
  CORREO_EXISTENTE: { status: 404, message: 'El correo ya existe' },
  USUARIO_EXISTENTE: { status: 409, message: 'El usuario ya existe' },
  // 500 on purpose: the first edition's client tells this case apart by that status (docs/api.md).
  CELULAR_EXISTENTE: { status: 500, message: 'El celular ya fue registrado' },
  USUARIO_INCORRECTO_PASSWORD_INCORRECTO: {
    status: 400,
    message: 'El usuario o la contrasena es incorrecta',
  },
  SECRETO_INVALIDO: {
    status: 400,
    message: 'El enlace para recuperar la contraseña no es válido o ya expiró',
  },
  CODIGO_INVALIDO: { status: 400, message: 'El código no es válido o ya expiró' },
  CATEGORIA_EXISTENTE: { status: 400, message: 'Esa categoria ya existe' },
  PRODUCTO_EXISTENTE: {
    status: 400,
    message:
      'El producto ya existe, no puede haber 2 productos en la misma categoria con el mismo nombre',
  },
  MONTO_MINIMO: {
    status: 400,
    message:
      'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)',
  },
  PRODUCTO_NO_DISPONIBLE: {
    status: 400,
    message: 'Un producto de tu canasta ya no está disponible',
  },
  TIENDA_CERRADA: { status: 400, message: 'Horario de atención no disponible en este momento' },
  TIENDA_PAUSADA: { status: 400, message: 'La tienda pausó los pedidos por un momento' },
  PRODUCTO_AGOTADO: { status: 409, message: 'Un producto de tu canasta está agotado por hoy' },
  OPCIONES_INVALIDAS: { status: 400, message: 'Las opciones elegidas no son válidas' },
  ENTREGA_NO_DISPONIBLE: {
    status: 400,
    message: 'La tienda no ofrece esa forma de entrega',
  },
  FUERA_DE_ZONA: {
    status: 400,
    message: 'No hacemos envíos a esa dirección',
  },
  // An order for later whose time is not an available slot (off, past, too soon, not one of
  // the shop's slots, full): the message says which (docs/api.md, "Orders for later").
  HORARIO_NO_DISPONIBLE: {
    status: 409,
    message: 'Ese horario no está disponible; elige otro',
  },
  // Staff (docs/api.md, "Staff and the kitchen"): an invited email that already has an account,
  // and an invitation link that is unknown, used or expired.
  CORREO_EN_USO: { status: 409, message: personalMessages.correoEnUso },
  INVITACION_INVALIDA: { status: 400, message: personalMessages.invitacionInvalida },
  METODO_NO_DISPONIBLE: { status: 400, message: 'La tienda no acepta esa forma de pago' },
  PRECIO_CAMBIO: {
    status: 409,
    message: 'El total de tu pedido cambió; revísalo y confirma de nuevo',
  },
  DEMASIADOS_PEDIDOS: {
    status: 429,
    message: 'Ya tienes 3 pedidos sin atender en esta tienda. Espera a que los acepten.',
  },
  IDEMPOTENCIA_CONFLICTO: {
    status: 409,
    message: 'Esa clave de idempotencia ya se usó con otro pedido',
  },
  DIA_EXISTENTE: { status: 400, message: 'Ese día especial ya está registrado' },
  // Production without an SMS provider (SMS_URL), or the provider failed: use the email reset.
  SMS_NO_DISPONIBLE: {
    status: 503,
    message: 'No podemos enviar SMS en este momento. Recupera tu contraseña con tu correo.',
  },
  // Production without VAPID keys: the server sends no Web Push (docs/alerts.md).
  PUSH_NO_DISPONIBLE: {
    status: 503,
    message: 'Las notificaciones no están disponibles en este servidor por ahora.',
  },
  SERVICIO_NO_DISPONIBLE: {
    status: 503,
    message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  },
  // The server's disk refused a file (full, or read-only / no permission): the site's
  // administrator has to act, so these say so instead of "try again".
  SIN_ESPACIO: {
    status: 507,
    message: 'No hay espacio en el servidor para guardar esto. Avisa al administrador del sitio.',
  },
  ALMACENAMIENTO_NO_DISPONIBLE: {
    status: 503,
    message: 'El almacenamiento del sitio no está disponible. Avisa al administrador del sitio.',
  },
  ERROR_INTERNO: {
    status: 500,
    message: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  },
} as const satisfies Record<CodigoError, { status: number; message: string }>;

export type ErrorCode = CodigoError;

export interface FieldError {
  field: string;
  message: string;
}

/** Thrown by services; the one error handler turns it into `{code, message}` and its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Fields added to the error body beside code and message (PRECIO_CAMBIO's montoTotal). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message ?? errorCatalog[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalog[code].status;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

/**
 * 503 SERVICIO_NO_DISPONIBLE with Retry-After: the database or a store is away, and a retry in
 * `retryAfterSeconds` may work. A `cause` (the store's or the database's error) is what the
 * error handler logs, in one line.
 */
export function serviceUnavailable(
  retryAfterSeconds: number,
  options: { message?: string; cause?: unknown } = {},
): AppError {
  const error = new AppError('SERVICIO_NO_DISPONIBLE', options.message, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
  if ('cause' in options) error.cause = options.cause;
  return error;
}
