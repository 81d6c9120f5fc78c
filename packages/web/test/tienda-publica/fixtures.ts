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

/** A group as the public page answers it, choosing [minimo, maximo] of its options [id, nombre, precioExtra (pesos)], all active. */
function grupoVista(
  id: number,
  nombre: string,
  [minimo, maximo]: [number, number],
  ...opciones: [id: number, nombre: string, precioExtra: number][]
): GrupoVista {
  return {
    id,
    nombre,
    minimo,
    maximo,
    opciones: opciones.map(([id, nombre, precioExtra]) => ({
      id,
      nombre,
      precioExtra,
      activo: true,
    })),
  };
}

/** The taquería's options (docs/api.md, "Product options") as the public page answers them (pesos): exactly one tortilla. */
export function grupoTortilla(): GrupoVista {
  return grupoVista(1, 'Tortilla', [1, 1], [11, 'Maíz', 0], [12, 'Harina', 5]);
}

/** Up to two extras. */
export function grupoExtras(): GrupoVista {
  return grupoVista(
    2,
    'Extras',
    [0, 2],
    [21, 'Queso', 10],
    [22, 'Aguacate', 15],
    [23, 'Cebollitas', 3],
  );
}
