import type { GrupoVista } from '@tianguis/domain';
import type {
  CategoriaPublica,
  ProductoPublico,
  TiendaPublicaAnswer,
} from '../../src/lib/tienda-publica/get-tienda-publica';

let nextId = 1;

export function producto(name: string, price: number, extra: Partial<ProductoPublico> = {}) {
  const id = extra.id ?? nextId++;
  return {
    id,
    name,
    price,
    categoriaId: 0,
    imageUrl: 'N/A',
    descripcion: `Descripción de ${name}`,
    detalle: `Detalle de ${name}`,
    tiendaId: 1,
    activarODesactivar: true,
    ...extra,
  } satisfies ProductoPublico;
}

export function categoria(title: string, productos: ProductoPublico[], id = nextId++) {
  return {
    id,
    title,
    titleWithoutSpaces: title.replace(/\s+/g, ''),
    imageUrl: 'N/A',
    tiendaId: 1,
    productos: productos.map((p) => ({ ...p, categoriaId: id })),
  } satisfies CategoriaPublica;
}

/** The demo's taquería: open 18:00 to 02:00 every day but Sunday, in Mexico City. */
export function taqueria(
  overrides: Partial<TiendaPublicaAnswer['tienda']> = {},
): TiendaPublicaAnswer {
  return {
    tienda: {
      tiendaId: 1,
      usuario: 'taqueria-lupe',
      nombre: 'Taquería Lupe',
      imageUrl: 'N/A',
      celularTienda: '5512345678',
      montoMinimo: 100,
      costoDeEnvio: 20,
      activarODesactivar: true,
      timeZone: 'America/Mexico_City',
      categorias: [
        categoria('Tacos Al Pastor', [
          producto('Taco de pastor', 18, { id: 11 }),
          producto('Gringa', 45.5, { id: 12 }),
        ]),
        categoria('Bebidas', [producto('Agua de horchata', 25, { id: 21 })]),
        categoria('Vacía', []),
        categoria('Antojitos', [producto('Quesadilla', 30, { id: 31 })]),
      ],
      ...overrides,
    },
    horarios: ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO'].map((dia) => ({
      dia,
      apertura: '18:00:00',
      cierre: '02:00:00',
      cerrado: false,
    })),
    diasEspeciales: [],
  };
}

/** The taquería's options (docs/api.md, "Product options") as the public page answers them (pesos): exactly one tortilla. */
export function grupoTortilla(): GrupoVista {
  return {
    id: 1,
    nombre: 'Tortilla',
    minimo: 1,
    maximo: 1,
    opciones: [
      { id: 11, nombre: 'Maíz', precioExtra: 0, activo: true },
      { id: 12, nombre: 'Harina', precioExtra: 5, activo: true },
    ],
  };
}

/** Up to two extras. */
export function grupoExtras(): GrupoVista {
  return {
    id: 2,
    nombre: 'Extras',
    minimo: 0,
    maximo: 2,
    opciones: [
      { id: 21, nombre: 'Queso', precioExtra: 10, activo: true },
      { id: 22, nombre: 'Aguacate', precioExtra: 15, activo: true },
      { id: 23, nombre: 'Cebollitas', precioExtra: 3, activo: true },
    ],
  };
}
