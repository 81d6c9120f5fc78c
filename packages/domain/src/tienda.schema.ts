import { z } from 'zod';
import { diaEspecialVistaSchema, horarioVistaSchema } from './horario.schema.js';
import { grupoVistaSchema, pagosVistaSchema } from './pedido.schema.js';
import { zonaPublicaSchema } from './zonas.js';
import { pausaAutomaticaVistaSchema, programacionVistaSchema } from './programacion.schema.js';

// The shop answers as the wire carries them (docs/api.md, "Shops"): one schema per answer, used
// by the server to declare and serialise its responses and by the web app to read them. Field
// names are the first edition's and never change. No transforms here: responses are encoded through
// these schemas, and a transform cannot run backwards.

/** A product inside a shop answer. Amounts in pesos. */
export const productoVistaSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  categoriaId: z.number(),
  imageUrl: z.string(),
  descripcion: z.string(),
  detalle: z.string(),
  tiendaId: z.number(),
  activarODesactivar: z.boolean(),
  deleted: z.boolean(),
  /** Sold out for today (computed when the answer is made). */
  agotado: z.boolean(),
  /** Option groups in the owner's order (public answers: active options only). */
  grupos: z.array(grupoVistaSchema),
});
export type ProductoVista = z.output<typeof productoVistaSchema>;

export const categoriaVistaSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleWithoutSpaces: z.string(),
  imageUrl: z.string(),
  tiendaId: z.number(),
  deleted: z.boolean(),
  productos: z.array(productoVistaSchema),
});
export type CategoriaVista = z.output<typeof categoriaVistaSchema>;

/** A shop with its catalogue, as `listartiendas`, `mitienda` and the owner's writes answer it. */
export const tiendaVistaSchema = z.object({
  tiendaId: z.number(),
  usuario: z.string(),
  nombre: z.string(),
  imageUrl: z.string(),
  celularTienda: z.string(),
  montoMinimo: z.number(),
  costoDeEnvio: z.number(),
  radioMontoMinimo: z.string(),
  radioCostoDeEnvio: z.string(),
  configured: z.boolean(),
  approved: z.boolean(),
  activarODesactivar: z.boolean(),
  deleted: z.boolean(),
  timeZone: z.string(),
  entrega: z.object({ recoger: z.boolean(), domicilio: z.boolean() }),
  /** `transferencia` whole for the owner and the admin only; `{banco}` for everyone else. */
  pagos: pagosVistaSchema,
  /** ISO instant until which new orders are paused, or null. */
  pausadoHasta: z.string().nullable(),
  /** Where to pick up (5–200 characters) and the public phone (10 digits), or null. */
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  /** The shop's map point, or null (the maps link prefers it to the address). */
  ubicacion: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /**
   * Delivery zones in the owner's order (zonas.ts): every zone with its `id` for the owner and
   * the admin; the active ones without `id` for everyone else.
   */
  zonas: z.array(zonaPublicaSchema.extend({ id: z.number().optional() })),
  /** Orders for later (programacion.ts); everyone sees it, the checkout offers slots by it. */
  programacion: programacionVistaSchema,
  /** The busy delay in force now, in minutes (0 without one). */
  demoraMin: z.number(),
  /** The automatic pause: the owner's and the admin's answers only. */
  pausaAutomatica: pausaAutomaticaVistaSchema.optional(),
  categorias: z.array(categoriaVistaSchema),
});
export type TiendaVista = z.output<typeof tiendaVistaSchema>;

export const tiendaListaSchema = z.array(tiendaVistaSchema);

/**
 * A shop as the home page lists it (docs/api.md, "The directory"): enough for a card that links to
 * its public page, says what it sells and whether it is open now. "Open now" is not in the
 * answer (it is cached): the card works it out with lineaDeHorario from the fields below.
 */
export const tiendaDirectorioSchema = z.object({
  tiendaId: z.number(),
  usuario: z.string(),
  nombre: z.string(),
  imageUrl: z.string(),
  /** The first 4 public categories' titles, in the shop page's order. */
  categorias: z.array(z.string()),
  /** How many more public categories it has. */
  masCategorias: z.number(),
  timeZone: z.string(),
  /** Its week, compact (directorio.ts, semanaCompacta): [] or Monday to Sunday, '08:00-22:00' or ''. */
  semana: z.array(z.string()),
  /** Which dates of fechasDeDirectorio (around the answer's UTC date) are its special days. */
  diasEspeciales: z.array(z.string()),
  /** ISO instant until which new orders are paused, or null. */
  pausadoHasta: z.string().nullable(),
});
export type TiendaDirectorio = z.output<typeof tiendaDirectorioSchema>;

export const directorioSchema = z.array(tiendaDirectorioSchema);

/** `GET /api/tienda/publica/:usuario`: one shop's public page and whether it takes orders now. */
export const tiendaPublicaSchema = z.object({
  tienda: tiendaVistaSchema,
  horarios: z.array(horarioVistaSchema),
  diasEspeciales: z.array(diaEspecialVistaSchema),
  abierta: z.boolean(),
  /** Why it takes no orders now (closed or paused), or null while open. */
  mensajeCerrada: z.string().nullable(),
});
export type TiendaPublica = z.output<typeof tiendaPublicaSchema>;

/** `POST /api/ImageStorage/uploadImage`: where the shop's uploaded image is served from. */
export const imagenSubidaSchema = z.object({ path: z.string() });

/** `POST /api/tienda/activatetienda`: open the shop to orders or take it off the marketplace. */
export const activarTiendaSchema = z.object({
  activate: z.boolean({ error: 'activate debe ser true o false' }),
});
