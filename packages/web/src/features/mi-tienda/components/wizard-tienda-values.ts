import {
  catalogoMessages,
  checkNombreTienda,
  contactoTiendaSchema,
  ENTREGA_POR_OMISION,
  entregaTiendaSchema,
  PAGOS_POR_OMISION,
  pagosTiendaSchema,
  tiendaUpdateSchema,
  type ContactoTienda,
  type EntregaTienda,
  type PagosTienda,
  type PuntoMapa,
  type TiendaUpdateInput,
} from '@tianguis/domain';
import type { MiTienda } from '../api/get-mi-tienda';

// The setup wizard's state and its checks, apart from the screen so they can be read and tested
// on their own. Every rule and message comes from the domain's tiendaUpdateSchema, the one the
// server runs on the same body.

export type SiNo = 'si' | 'no';

export interface WizardTiendaValues {
  nombre: string;
  imageUrl: string;
  radioMontoMinimo: SiNo | undefined;
  /** As typed, in pesos; '' when none. */
  montoMinimo: string;
  radioCostoDeEnvio: SiNo | undefined;
  costoDeEnvio: string;
  /** Delivery (docs/api.md, "Shop settings"): at least one. */
  recoger: boolean;
  domicilio: boolean;
  /** Payment methods: at least one; a transfer needs a valid CLABE, bank and holder. */
  efectivo: boolean;
  terminal: boolean;
  transferencia: boolean;
  clabe: string;
  banco: string;
  titular: string;
  /** The shop's address and public phone as typed; '' when none (sent as null). */
  direccion: string;
  telefono: string;
  /** The shop's map point, taken from the phone's location; null when none. */
  ubicacion: PuntoMapa | null;
}

/** A field that can hold an error; 'entrega' and 'pagos' are the two groups of choices. */
export type WizardField = keyof WizardTiendaValues | 'entrega' | 'pagos';

/**
 * updatetienda's body: the first edition's fields, the shop's delivery and payments, its address
 * and public phone.
 */
export type TiendaUpdateBody = TiendaUpdateInput & {
  entrega?: EntregaTienda;
  pagos?: PagosTienda;
} & Partial<ContactoTienda>;

export type WizardCheck =
  { ok: true; input: TiendaUpdateBody } | { ok: false; field: WizardField; message: string };

/** What is stored for an unset name or image (docs/api.md, "Texts and forms"). */
const SIN_VALOR = 'N/A';

function readSiNo(value: string | undefined): SiNo | undefined {
  const v = value?.trim().toLowerCase();
  return v === 'si' || v === 'no' ? v : undefined;
}

/** An amount of 0 is shown as an empty field (docs/web-screens.md, "Other forms"). */
function readMonto(value: number | string | undefined): string {
  if (value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) && n !== 0 ? String(n) : '';
}

function readTexto(value: string | undefined): string {
  return value === undefined || value === SIN_VALOR ? '' : value;
}

/**
 * The wizard opens on what the shop already has, so an owner only changes what they need. Until
 * the shop is first configured its Si/No answers are the server's defaults ('no'), not the
 * owner's: steps 1 and 2 start with no choice made, so Siguiente waits for one
 * (docs/web-screens.md, "Other forms").
 */
export function wizardValuesFromTienda(
  tienda: Pick<
    MiTienda,
    | 'nombre'
    | 'imageUrl'
    | 'montoMinimo'
    | 'costoDeEnvio'
    | 'radioMontoMinimo'
    | 'radioCostoDeEnvio'
    | 'configured'
  > &
    Partial<Pick<MiTienda, 'entrega' | 'pagos' | 'direccion' | 'telefono' | 'ubicacion'>>,
): WizardTiendaValues {
  const answered = (value: string | undefined) => (tienda.configured ? readSiNo(value) : undefined);
  const entrega = tienda.entrega ?? ENTREGA_POR_OMISION;
  const pagos = tienda.pagos ?? PAGOS_POR_OMISION;
  return {
    recoger: entrega.recoger,
    domicilio: entrega.domicilio,
    efectivo: pagos.efectivo,
    terminal: pagos.terminal,
    transferencia: pagos.transferencia !== null,
    clabe: pagos.transferencia?.clabe ?? '',
    banco: pagos.transferencia?.banco ?? '',
    titular: pagos.transferencia?.titular ?? '',
    nombre: readTexto(tienda.nombre),
    imageUrl: readTexto(tienda.imageUrl),
    radioMontoMinimo: answered(tienda.radioMontoMinimo),
    montoMinimo: readMonto(tienda.montoMinimo),
    radioCostoDeEnvio: answered(tienda.radioCostoDeEnvio),
    costoDeEnvio: readMonto(tienda.costoDeEnvio),
    direccion: tienda.direccion ?? '',
    telefono: tienda.telefono ?? '',
    ubicacion: tienda.ubicacion ?? null,
  };
}

const wizardFields: readonly WizardField[] = [
  'nombre',
  'imageUrl',
  'radioMontoMinimo',
  'montoMinimo',
  'radioCostoDeEnvio',
  'costoDeEnvio',
];

/**
 * Delivery and payments, checked with the domain's schemas (the server's rules and messages);
 * the first broken rule with its field: the group of choices, or the transfer's field.
 */
export function checkEntregaYPagos(
  values: WizardTiendaValues,
):
  | { ok: true; entrega: EntregaTienda; pagos: PagosTienda }
  | { ok: false; field: WizardField; message: string } {
  const entrega = entregaTiendaSchema.safeParse({
    recoger: values.recoger,
    domicilio: values.domicilio,
  });
  if (!entrega.success) {
    return { ok: false, field: 'entrega', message: entrega.error.issues[0]?.message ?? '' };
  }
  const pagos = pagosTiendaSchema.safeParse({
    efectivo: values.efectivo,
    terminal: values.terminal,
    transferencia: values.transferencia
      ? { clabe: values.clabe, banco: values.banco, titular: values.titular }
      : null,
  });
  if (!pagos.success) {
    const issue = pagos.error.issues[0];
    const campo = issue?.path[1];
    const field: WizardField =
      campo === 'clabe' || campo === 'banco' || campo === 'titular' ? campo : 'pagos';
    return { ok: false, field, message: issue?.message ?? catalogoMessages.datosInvalidos };
  }
  return { ok: true, entrega: entrega.data, pagos: pagos.data };
}

/**
 * The address, the public phone and the map point, checked with the domain's schema (the
 * server's rules and messages): blank is none (null); the phone as typed is read as its 10
 * digits; the point is sent as it is, or null.
 */
export function checkContacto(
  values: Pick<WizardTiendaValues, 'direccion' | 'telefono' | 'ubicacion'>,
):
  | {
      ok: true;
      contacto: {
        direccion: string | null;
        telefono: string | null;
        ubicacion: PuntoMapa | null;
      };
    }
  | { ok: false; field: WizardField; message: string } {
  const vacio = (value: string) => (value.trim() === '' ? null : value);
  const result = contactoTiendaSchema.safeParse({
    direccion: vacio(values.direccion),
    telefono: vacio(values.telefono),
    ubicacion: values.ubicacion,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const campo = issue?.path[0];
    return {
      ok: false,
      field: campo === 'telefono' || campo === 'ubicacion' ? campo : 'direccion',
      message: issue?.message ?? catalogoMessages.datosInvalidos,
    };
  }
  return {
    ok: true,
    contacto: {
      direccion: result.data.direccion ?? null,
      telefono: result.data.telefono ?? null,
      ubicacion: result.data.ubicacion ?? null,
    },
  };
}

/** A point as the settings show it: 5 decimals each (about a metre), "19.43260, -99.13320". */
export function textoDePunto(punto: PuntoMapa): string {
  return `${punto.lat.toFixed(5)}, ${punto.lng.toFixed(5)}`;
}

/** The phone's reading kept to the 5 decimals shown, so what is saved is what was seen. */
export function puntoDeCoordenadas(coords: { latitude: number; longitude: number }): PuntoMapa {
  const cinco = (n: number) => Math.round(n * 1e5) / 1e5;
  return { lat: cinco(coords.latitude), lng: cinco(coords.longitude) };
}

function asWizardField(key: PropertyKey | undefined): WizardField {
  return wizardFields.find((f) => f === key) ?? 'nombre';
}

/**
 * The body Guardar sends, checked by the domain schemas: the first broken rule in order (name,
 * image, minimum amount, shipping cost), then delivery and payments, then the address and the
 * phone (docs/api.md, "Texts and forms"). With No, 0 is sent.
 */
export function checkWizardTienda(values: WizardTiendaValues): WizardCheck {
  const input = {
    nombre: values.nombre,
    imageUrl: values.imageUrl,
    radioMontoMinimo: values.radioMontoMinimo,
    montoMinimo: values.radioMontoMinimo === 'si' ? values.montoMinimo : 0,
    radioCostoDeEnvio: values.radioCostoDeEnvio,
    costoDeEnvio: values.radioCostoDeEnvio === 'si' ? values.costoDeEnvio : 0,
  };
  const result = tiendaUpdateSchema.safeParse(input);
  if (result.success) {
    const ajustes = checkEntregaYPagos(values);
    if (!ajustes.ok) return ajustes;
    const contacto = checkContacto(values);
    if (!contacto.ok) return contacto;
    // Checked as typed (a trailing dot is its own message); sent as pesos, as docs/api.md's "Wire conventions" say.
    const pesos = (value: string | number) => (typeof value === 'number' ? value : Number(value));
    return {
      ok: true,
      input: {
        ...input,
        montoMinimo: pesos(input.montoMinimo),
        costoDeEnvio: pesos(input.costoDeEnvio),
        entrega: ajustes.entrega,
        pagos: ajustes.pagos,
        ...contacto.contacto,
      } as TiendaUpdateBody,
    };
  }
  const issue = result.error.issues[0];
  return {
    ok: false,
    field: asWizardField(issue?.path[0]),
    message: issue?.message ?? catalogoMessages.datosInvalidos,
  };
}

/**
 * updatetienda takes the shop's whole settings each time: a screen that changes only some of
 * them (its programacion, its zones) sends the wizard's body built from the shop as it is now (so
 * nothing else changes) with its own `cambios`. A shop the wizard would refuse as it is (not
 * configured yet) can't save there: `sinConfigurar` says so, with the wizard's reason if any.
 */
export function cuerpoDeTiendaCon<Cambios extends object>(
  tienda: MiTienda,
  sinConfigurar: string,
  cambios: Cambios,
): { ok: true; body: TiendaUpdateBody & Cambios } | { ok: false; message: string } {
  if (!tienda.configured) return { ok: false, message: sinConfigurar };
  const ajustes = checkWizardTienda(wizardValuesFromTienda(tienda));
  if (!ajustes.ok) return { ok: false, message: `${sinConfigurar} ${ajustes.message}` };
  return { ok: true, body: { ...ajustes.input, ...cambios } };
}

/**
 * The name rules that can be told while typing (too long, bad first character or symbol); the
 * 3-character minimum waits for Guardar, so a name being typed is not called too short.
 */
export function checkNombreWhileTyping(nombre: string): string | undefined {
  if (nombre === '') return undefined;
  const message = checkNombreTienda(nombre);
  return message === catalogoMessages.nombreTiendaMin ? undefined : message;
}
