import type {
  addItemSchema,
  CarritoGrupo,
  CategoriaInput,
  CategoriaVista,
  DiaEspecial,
  DiaEspecialInput,
  DiaEspecialVista,
  HorarioDia,
  HorarioEntryInput,
  HorarioVista,
  PedidoConSeguimiento,
  PedidoEventoData,
  PedidoVista,
  ProductoInput,
  ProductoVista,
  TiendaDirectorio as TiendaDirectorioWire,
  TiendaPublica as TiendaPublicaWire,
  TiendaVista,
  UsuarioRegistrado as UsuarioRegistradoWire,
} from '@tianguis/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { TiendaAdmin } from './features/admin/api/list-tiendas-admin';
import type { UsuarioRegistrado } from './features/admin/api/list-usuarios';
import type { NuevaLinea } from './features/carrito/api/add-item';
import type { CarritoGrupo as CarritoGrupoWeb } from './features/carrito/api/get-carrito';
import type { AddCategoriaBody } from './features/mi-tienda/api/add-categoria';
import type { AddProductoBody } from './features/mi-tienda/api/add-producto';
import type { DiaEspecialBody } from './features/mi-tienda/api/dias-especiales';
import type { DiaEspecialGuardado, HorarioGuardado } from './features/mi-tienda/api/get-horarios';
import type { MiTienda, ProductoDeMiTienda } from './features/mi-tienda/api/get-mi-tienda';
import type { HorarioEntryBody } from './features/mi-tienda/api/save-horarios';
import type { UpdateCategoriaBody } from './features/mi-tienda/api/update-categoria';
import type { UpdateProductoBody } from './features/mi-tienda/api/update-producto';
import type { EventoPedido } from './features/pedidos-tienda/api/pedido-eventos';
import type { PedidoTienda } from './features/pedidos-tienda/api/get-pedidos-tienda';
import type {
  CategoriaPublica,
  ProductoPublico,
  TiendaPublica,
  TiendaPublicaAnswer,
} from './lib/tienda-publica/get-tienda-publica';
import type { TiendaDirectorio } from './features/tienda-publica/api/list-tiendas';

type AddItemInput = z.input<typeof addItemSchema>;

// The web app reads the server's answers and writes its bodies with the types of
// packages/domain (the schemas the server declares its routes with, shown at /docs). Where a
// screen keeps a looser reading type (second-edition fields optional), these checks make
// `npm run typecheck` (tsc -p packages/web) fail the moment the two diverge: every answer the
// domain describes must read as the web type, and every body the web sends must be one the
// domain's schema accepts. (Type-level: vitest runs them as no-ops; tsc judges them.)

describe('the web app reads the answers the domain describes', () => {
  it('shops', () => {
    expectTypeOf<TiendaDirectorioWire>().toEqualTypeOf<TiendaDirectorio>();
    expectTypeOf<TiendaPublicaWire>().toExtend<TiendaPublicaAnswer>();
    expectTypeOf<TiendaVista>().toExtend<TiendaPublica>();
    expectTypeOf<TiendaVista>().toExtend<MiTienda>();
    expectTypeOf<TiendaVista>().toExtend<TiendaAdmin>();
    expectTypeOf<CategoriaVista>().toExtend<CategoriaPublica>();
    expectTypeOf<ProductoVista>().toExtend<ProductoPublico>();
    expectTypeOf<ProductoVista>().toExtend<ProductoDeMiTienda>();
  });

  it('hours and special days', () => {
    expectTypeOf<HorarioVista>().toExtend<HorarioGuardado>();
    expectTypeOf<HorarioVista>().toExtend<HorarioDia>();
    expectTypeOf<DiaEspecialVista>().toEqualTypeOf<DiaEspecialGuardado>();
    expectTypeOf<DiaEspecialVista>().toExtend<DiaEspecial>();
  });

  it('orders, their live events and the basket', () => {
    expectTypeOf<PedidoVista>().toEqualTypeOf<PedidoTienda>();
    // The live event as parsed (pedido-eventos.ts): the same order, or none.
    expectTypeOf<PedidoEventoData['pedido']>().toEqualTypeOf<EventoPedido['pedido']>();
    // Its tipo: the domain's TIPOS_EVENTO_PEDIDO, or undefined for one this build doesn't know.
    expectTypeOf<PedidoEventoData['tipo']>().toEqualTypeOf<
      Exclude<EventoPedido['tipo'], undefined>
    >();
    expectTypeOf<PedidoConSeguimiento['pedido']>().toEqualTypeOf<PedidoVista>();
    expectTypeOf<CarritoGrupo>().toEqualTypeOf<CarritoGrupoWeb>();
  });

  it('accounts', () => {
    expectTypeOf<UsuarioRegistradoWire>().toEqualTypeOf<UsuarioRegistrado>();
  });
});

describe('the web app sends bodies the domain’s schemas accept', () => {
  it('catalogue', () => {
    expectTypeOf<AddCategoriaBody>().toExtend<CategoriaInput>();
    expectTypeOf<UpdateCategoriaBody>().toExtend<CategoriaInput>();
    expectTypeOf<AddProductoBody>().toExtend<ProductoInput>();
    expectTypeOf<UpdateProductoBody>().toExtend<ProductoInput>();
  });

  it('hours, special days, the basket and manual orders', () => {
    expectTypeOf<HorarioEntryBody>().toExtend<HorarioEntryInput>();
    expectTypeOf<DiaEspecialBody>().toExtend<DiaEspecialInput>();
    // The basket line's option ids are a read-only list in the web app; the ids are the same.
    expectTypeOf<Omit<NuevaLinea, 'opciones'>>().toExtend<
      Omit<AddItemInput, 'tiendaId' | 'opciones'>
    >();
    expectTypeOf<NonNullable<NuevaLinea['opciones']>[number]>().toEqualTypeOf<
      NonNullable<AddItemInput['opciones']>[number]
    >();
  });
});
