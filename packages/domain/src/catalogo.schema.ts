import { z } from 'zod';

import { parsePesos } from './money.js';
import { checkField, isIdValido, reportFirstBrokenRule, type Check, type Rule } from './reglas.js';

// Shop settings, categories and products (docs/api.md, "Shops", "Catalogue (owner)", "Hours and
// special days" and "Texts and forms"). The first edition's texts are kept verbatim, including
// their missing accents ('maximo', 'numerico', 'categoria'), because users and tests see them.
// Texts it did not give (maxima, the price cap, the Si/No choice) are ours, in the same style.

const DATOS_INVALIDOS = 'Datos inválidos';

export const catalogoMessages = {
  datosInvalidos: DATOS_INVALIDOS,
  // Shop (updatetienda and the setup wizard).
  nombreTiendaMin:
    'El campo nombre debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  nombreTiendaMax: 'El nombre de la tienda debe tener maximo 35 caracteres',
  nombreTiendaFormato: 'Debe iniciar con letra y solo contener letras y numeros',
  imagenRequerida: 'Debe agregar una imagen',
  imagenInvalida: 'La imagen no es valida',
  opcionMontoMinimo: 'Indique si hay monto minimo de compra',
  opcionCostoDeEnvio: 'Indique si hay costo de envio',
  montoMinimoRequerido: 'El campo monto minimo de compra debe tener algun valor',
  costoDeEnvioRequerido: 'El campo costo de envio de compra debe tener algun valor',
  montoMinimoPunto: 'Para el campo monto minimo de compra, agregue decimales o elimine el punto.',
  costoDeEnvioPunto: 'Para el campo costo de envio, agregue decimales o elimine el punto.',
  valorNumerico: 'Ingrese un valor numerico',
  montoMinimoMax: 'El campo monto minimo de compra debe ser maximo 99999.99',
  costoDeEnvioMax: 'El campo costo de envio debe ser maximo 99999.99',
  // Category.
  tituloMin:
    'El campo titulo debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  tituloMax: 'El campo titulo debe tener maximo 50 caracteres',
  // Product.
  productoNombreMin:
    'El campo nombre debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  productoNombreMax: 'El campo nombre debe tener maximo 100 caracteres',
  descripcionMin:
    'El campo descripcion debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  descripcionMax: 'El campo descripcion debe tener maximo 500 caracteres',
  detalleMin:
    'El campo detalle debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
  detalleMax: 'El campo detalle debe tener maximo 1000 caracteres',
  precioRequerido: 'El campo precio debe tener algun valor',
  precioPunto: 'Para el campo precio, agregue decimales o elimine el punto.',
  precioMax: 'El campo precio debe ser maximo 99999.99',
  categoriaRequerida: 'Seleccione una categoria',
  // First-edition texts answered or shown around these forms (docs/api.md, "Texts and forms").
  tiendaSinConfigurar: 'Debe configurar la tienda antes de agregar una categoría',
  categoriaExistente: 'Esa categoria ya existe',
  productoExistente:
    'El producto ya existe, no puede haber 2 productos en la misma categoria con el mismo nombre',
  // Second edition: option groups (addproducto / updateproducto `grupos`).
  grupoAjeno: 'Un grupo u opción de la lista no pertenece a este producto',
} as const;

const NOMBRE_TIENDA_MIN = 3;
// Enforced at 40 although the message says 35: both are kept (docs/api.md, "Texts and forms").
// The wizard's name field stops at it (maxLength).
export const NOMBRE_TIENDA_MAX = 40;
const TEXTO_MIN = 3;
// The catalogue forms' fields stop at these (maxLength).
export const TITULO_CATEGORIA_MAX = 50;
export const PRODUCTO_NOMBRE_MAX = 100;
export const DESCRIPCION_MAX = 500;
export const DETALLE_MAX = 1000;
// Our cap: it fits a 32-bit integer column in centavos on PostgreSQL with room for totals, and
// the web price input (4 digits before the point) never reaches it.
const MONTO_MAX_CENTAVOS = 9_999_999;
// An image is a path the upload answered; this only stops megabytes being stored as one.
const IMAGE_URL_MAX = 2048;
// What is stored when a shop has no image yet (docs/api.md, "Texts and forms").
const SIN_IMAGEN = 'N/A';

// The public name may hold Spanish letters (accents, ü, ñ), digits and plain spaces.
const NOMBRE_TIENDA_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ][A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 ]*$/;

/** Runs checks in order and answers the first broken one, as the forms do (docs/api.md). */
function findFirstMessage<V>(value: V, checks: readonly Check<V>[]): string | undefined {
  for (const check of checks) {
    const message = check(value);
    if (message !== undefined) return message;
  }
  return undefined;
}

/**
 * Composed and decomposed accents (macOS keyboards send the latter) must count, compare and
 * match the name pattern alike.
 */
function normalizeText(value: string): string {
  return value.normalize('NFC').trim();
}

/** The public URL segment of a category: lowercase with every whitespace character removed. */
export function tituloSinEspacios(title: string): string {
  return title.normalize('NFC').toLowerCase().replace(/\s+/g, '');
}

// ---- Checks, exported one by one so the web wizard can show them per step ----

function requireMinLength(min: number, message: string): Check<string> {
  return (value) => (value.length < min ? message : undefined);
}

function requireMaxLength(max: number, message: string): Check<string> {
  return (value) => (value.length > max ? message : undefined);
}

/** Store-name rules on the trimmed name: at least 3, at most 40, starts with a letter. */
export function checkNombreTienda(nombre: string): string | undefined {
  return findFirstMessage(normalizeText(nombre), [
    requireMinLength(NOMBRE_TIENDA_MIN, catalogoMessages.nombreTiendaMin),
    requireMaxLength(NOMBRE_TIENDA_MAX, catalogoMessages.nombreTiendaMax),
    (value) =>
      NOMBRE_TIENDA_PATTERN.test(value) ? undefined : catalogoMessages.nombreTiendaFormato,
  ]);
}

/**
 * The shape of an image path the upload answers: `/images/` and one plain file name (no
 * scheme, host, `..`, slash, query or escape), so a stored value can only ever point at this
 * site's images folder (docs/reliability.md, "Limits"). Which names the server actually issued (a content
 * hash) and that the file exists is the server's check.
 */
const IMAGE_PATH_PATTERN = /^\/images\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(?:jpe?g|jfif|png|webp)$/;

/**
 * An image is required; 'N/A' is what an unset image is stored as, so it counts as none.
 * Anything else must be an `/images/<name>` path.
 */
export function checkImagen(imageUrl: string | null | undefined): string | undefined {
  const value = imageUrl?.trim() ?? '';
  if (value === '' || value === SIN_IMAGEN) return catalogoMessages.imagenRequerida;
  if (value.length > IMAGE_URL_MAX) return catalogoMessages.imagenInvalida;
  if (!IMAGE_PATH_PATTERN.test(value)) return catalogoMessages.imagenInvalida;
  return undefined;
}

type Monto = string | number | null | undefined;

interface MontoMessages {
  readonly requerido: string;
  readonly punto: string;
  readonly max: string;
}

/** Amount rules in order: present, no trailing dot, numeric; then our cap (docs/api.md). */
function checkMonto(value: Monto, messages: MontoMessages): string | undefined {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === undefined || text === null || text === '') return messages.requerido;
  if (typeof text === 'string' && text.endsWith('.')) return messages.punto;
  const centavos = parsePesos(text);
  if (centavos === undefined) return catalogoMessages.valorNumerico;
  if (centavos > MONTO_MAX_CENTAVOS) return messages.max;
  return undefined;
}

const montoMinimoMessages: MontoMessages = {
  requerido: catalogoMessages.montoMinimoRequerido,
  punto: catalogoMessages.montoMinimoPunto,
  max: catalogoMessages.montoMinimoMax,
};

const costoDeEnvioMessages: MontoMessages = {
  requerido: catalogoMessages.costoDeEnvioRequerido,
  punto: catalogoMessages.costoDeEnvioPunto,
  max: catalogoMessages.costoDeEnvioMax,
};

const precioMessages: MontoMessages = {
  requerido: catalogoMessages.precioRequerido,
  punto: catalogoMessages.precioPunto,
  max: catalogoMessages.precioMax,
};

/** Only checked when the owner answered Si; with No the amount is 0 whatever was typed. */
export function checkMontoMinimo(radio: 'si' | 'no', value: Monto): string | undefined {
  return radio === 'si' ? checkMonto(value, montoMinimoMessages) : undefined;
}

/** Only checked when the owner answered Si; with No the amount is 0 whatever was typed. */
export function checkCostoDeEnvio(radio: 'si' | 'no', value: Monto): string | undefined {
  return radio === 'si' ? checkMonto(value, costoDeEnvioMessages) : undefined;
}

export function checkPrecio(value: Monto): string | undefined {
  return checkMonto(value, precioMessages);
}

/**
 * The check of a catalogue text: normalised, of TEXTO_MIN to `max` characters; the broken end's
 * message is catalogoMessages' `<campo>Min` or `<campo>Max`.
 */
function checkTexto(max: number, campo: 'titulo' | 'productoNombre' | 'descripcion' | 'detalle') {
  return (text: string): string | undefined =>
    findFirstMessage(normalizeText(text), [
      requireMinLength(TEXTO_MIN, catalogoMessages[`${campo}Min`]),
      requireMaxLength(max, catalogoMessages[`${campo}Max`]),
    ]);
}

export const checkTituloCategoria = checkTexto(TITULO_CATEGORIA_MAX, 'titulo');
export const checkNombreProducto = checkTexto(PRODUCTO_NOMBRE_MAX, 'productoNombre');
export const checkDescripcion = checkTexto(DESCRIPCION_MAX, 'descripcion');
export const checkDetalle = checkTexto(DETALLE_MAX, 'detalle');

/** The category id a select or a JSON body gives: a positive integer, as a number or digits. */
function readCategoriaId(value: string | number | null | undefined): number | undefined {
  if (typeof value === 'string' && !/^\d+$/.test(value.trim())) return undefined;
  const id = typeof value === 'string' ? Number(value.trim()) : value;
  return isIdValido(id) ? id : undefined;
}

export function checkCategoriaId(value: string | number | null | undefined): string | undefined {
  return readCategoriaId(value) === undefined ? catalogoMessages.categoriaRequerida : undefined;
}

/**
 * Only called on values the rules already accepted; a refusal here is a bug, not bad input, and
 * must not be stored as 0.
 */
function toValidatedCentavos(value: Monto): number {
  const text = typeof value === 'string' ? value.trim() : value;
  const centavos = text === undefined || text === null ? undefined : parsePesos(text);
  if (centavos === undefined) throw new Error('an accepted amount did not parse');
  return centavos;
}

function toValidatedCategoriaId(value: string | number | null | undefined): number {
  const id = readCategoriaId(value);
  if (id === undefined) throw new Error('an accepted category id did not parse');
  return id;
}

// ---- Zod field shapes ----

const invalid = { error: DATOS_INVALIDOS };

/**
 * A missing text counts as empty, so it is reported by its field's own rule in the rule order
 * rather than as a type error ahead of every other rule.
 */
const texto = z.string(invalid).default('').transform(normalizeText);

const imagen = z.string(invalid).trim().default('');

/** Amounts arrive as typed text from forms or as JSON numbers from other clients. */
const monto = z
  .union([z.string(), z.number()], { error: catalogoMessages.valorNumerico })
  .nullish();

// ---- Shop settings (POST /api/tienda/updatetienda) ----

const tiendaUpdateFields = {
  nombre: texto,
  imageUrl: imagen,
  radioMontoMinimo: z.enum(['si', 'no'], { error: catalogoMessages.opcionMontoMinimo }),
  montoMinimo: monto,
  radioCostoDeEnvio: z.enum(['si', 'no'], { error: catalogoMessages.opcionCostoDeEnvio }),
  costoDeEnvio: monto,
};

type TiendaUpdateData = z.output<z.ZodObject<typeof tiendaUpdateFields>>;

// Order (docs/api.md, "Texts and forms"): the name rules, the image, then the wizard's two
// amounts in the order its steps ask for them (minimum first, then shipping).
const tiendaUpdateRules: readonly Rule<TiendaUpdateData>[] = [
  checkField('nombre', checkNombreTienda),
  checkField('imageUrl', checkImagen),
  (data) => {
    const message = checkMontoMinimo(data.radioMontoMinimo, data.montoMinimo);
    return message === undefined ? undefined : { message, path: ['montoMinimo'] };
  },
  (data) => {
    const message = checkCostoDeEnvio(data.radioCostoDeEnvio, data.costoDeEnvio);
    return message === undefined ? undefined : { message, path: ['costoDeEnvio'] };
  },
];

/** The body of POST /api/tienda/updatetienda and the setup wizard's last step. */
export const tiendaUpdateSchema = z
  .object(tiendaUpdateFields, invalid)
  .superRefine(reportFirstBrokenRule(tiendaUpdateRules))
  .transform((data) => ({
    // Stored as the owner typed it (second edition); uniqueness and search ignore case.
    nombre: data.nombre,
    imageUrl: data.imageUrl,
    montoMinimo: data.radioMontoMinimo === 'si' ? toValidatedCentavos(data.montoMinimo) : 0,
    costoDeEnvio: data.radioCostoDeEnvio === 'si' ? toValidatedCentavos(data.costoDeEnvio) : 0,
    radioMontoMinimo: data.radioMontoMinimo,
    radioCostoDeEnvio: data.radioCostoDeEnvio,
  }));

export type TiendaUpdateInput = z.input<typeof tiendaUpdateSchema>;
export type TiendaUpdate = z.output<typeof tiendaUpdateSchema>;

// ---- Category (addcategoria, updatecategoria) ----

const categoriaFields = { title: texto, imageUrl: imagen };

type CategoriaData = z.output<z.ZodObject<typeof categoriaFields>>;

/** The category form and the body of addcategoria / updatecategoria (less their ids). */
export const categoriaSchema = z
  .object(categoriaFields, invalid)
  .superRefine(
    reportFirstBrokenRule<CategoriaData>([
      checkField('title', checkTituloCategoria),
      checkField('imageUrl', checkImagen),
    ]),
  );

export type CategoriaInput = z.input<typeof categoriaSchema>;
export type Categoria = z.output<typeof categoriaSchema>;

// ---- Product (addproducto, updateproducto) ----

const productoFields = {
  name: texto,
  descripcion: texto,
  detalle: texto,
  price: monto,
  categoriaId: z
    .union([z.string(), z.number()], { error: catalogoMessages.categoriaRequerida })
    .nullish(),
  imageUrl: imagen,
};

type ProductoData = z.output<z.ZodObject<typeof productoFields>>;

// The form's field order: name, descripcion, detalle, precio, categoria, image.
const productoRules: readonly Rule<ProductoData>[] = [
  checkField('name', checkNombreProducto),
  checkField('descripcion', checkDescripcion),
  checkField('detalle', checkDetalle),
  checkField('price', checkPrecio),
  checkField('categoriaId', checkCategoriaId),
  checkField('imageUrl', checkImagen),
];

/** The product form and the body of addproducto / updateproducto (less ids and switches). */
export const productoSchema = z
  .object(productoFields, invalid)
  .superRefine(reportFirstBrokenRule(productoRules))
  .transform((data) => ({
    name: data.name,
    descripcion: data.descripcion,
    detalle: data.detalle,
    price: toValidatedCentavos(data.price),
    categoriaId: toValidatedCategoriaId(data.categoriaId),
    imageUrl: data.imageUrl,
  }));

export type ProductoInput = z.input<typeof productoSchema>;
export type Producto = z.output<typeof productoSchema>;

// ---- Price input filter (web) ----

/** The price fields' length (their maxLength too). */
export const PRICE_INPUT_MAX = 7;
const PRICE_INTEGER_MAX = 4;
const PRICE_DECIMALS_MAX = 2;
const PRICE_INPUT_PATTERN = /^(\d+)(?:\.(\d*))?$/;

/**
 * Whether the price field may take this text (docs/api.md, "Texts and forms"): empty; digits
 * with at most one point; at most 4 digits before the point and 2 after; 7 characters overall;
 * no leading zero except '0' itself or '0.'. It filters keystrokes, so it accepts the trailing
 * dot the submit rules then refuse.
 */
export function isPriceInputAllowed(value: string): boolean {
  if (value === '') return true;
  if (value.length > PRICE_INPUT_MAX) return false;
  const match = PRICE_INPUT_PATTERN.exec(value);
  if (match === null) return false;
  const whole = match[1] ?? '';
  const decimals = match[2] ?? '';
  // The first edition limited only the point-less form to 4; the same cap applies before a
  // point so a pasted '12345.6' cannot get past the filter that refused '12345' one keystroke
  // earlier.
  if (whole.length > PRICE_INTEGER_MAX) return false;
  if (whole.length > 1 && whole.startsWith('0')) return false;
  return decimals.length <= PRICE_DECIMALS_MAX;
}

// ---- Images ----

/** The declared types allowed (jpeg, jpg, jfif, png; docs/api.md); browsers label .jfif as jpeg. */
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/jfif', 'image/png'] as const;
export const ALLOWED_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'jfif', 'png'] as const;
/** For the file input's accept attribute. */
export const IMAGE_INPUT_ACCEPT = [
  ...ALLOWED_IMAGE_EXTENSIONS.map((extension) => `.${extension}`),
  ...ALLOWED_IMAGE_TYPES,
].join(',');

/**
 * A client-side first filter by name and declared type; the server decides by content. An empty
 * declared type (browsers send one for unknown files) leaves the decision to the extension.
 */
export function isAllowedImageName(filename: string, mimeType?: string): boolean {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return false;
  const extension = filename.slice(dot + 1).toLowerCase();
  if (!(ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return false;
  if (mimeType === undefined || mimeType === '') return true;
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

export function archivoNoPermitidoMessage(filename: string): string {
  return `Archivo no permitido: ${filename}`;
}
