import { PROGRAMACION_POR_OMISION } from '@tianguis/domain';
import type { MiTienda } from '../../src/features/mi-tienda/api/get-mi-tienda';
import type {
  CategoriaDeTienda,
  ProductoDeTienda,
} from '../../src/features/mi-tienda/components/catalogo-productos';

// Test data only: shops, categories and products shaped as GET /api/tienda/mitienda answers.

let nextId = 100;

export function productoDePrueba(overrides: Partial<ProductoDeTienda> = {}): ProductoDeTienda {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Producto ${id}`,
    price: 45.5,
    categoriaId: 1,
    imageUrl: `/images/p${id}.jpg`,
    descripcion: 'Una descripción',
    detalle: 'Un detalle',
    tiendaId: 3,
    activarODesactivar: true,
    deleted: false,
    ...overrides,
  };
}

export function categoriaDePrueba(overrides: Partial<CategoriaDeTienda> = {}): CategoriaDeTienda {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Categoria ${id}`,
    titleWithoutSpaces: `categoria${id}`,
    imageUrl: `/images/c${id}.jpg`,
    tiendaId: 3,
    deleted: false,
    productos: [],
    ...overrides,
  };
}

export function tiendaDePrueba(overrides: Partial<MiTienda> = {}): MiTienda {
  return {
    tiendaId: 3,
    usuario: 'taqueria-lupe',
    nombre: 'taqueria lupe',
    imageUrl: '/images/logo.jpg',
    celularTienda: '5512345678',
    montoMinimo: 0,
    costoDeEnvio: 0,
    radioMontoMinimo: 'no',
    radioCostoDeEnvio: 'no',
    configured: true,
    approved: true,
    activarODesactivar: true,
    deleted: false,
    timeZone: 'America/Mexico_City',
    zonas: [],
    programacion: PROGRAMACION_POR_OMISION,
    demoraMin: 0,
    categorias: [],
    ...overrides,
  };
}
