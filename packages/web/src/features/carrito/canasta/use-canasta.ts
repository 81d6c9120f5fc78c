/**
 * The basket: one API for a signed-in shopper (the server cart) and for a visitor who is not
 * signed in (a basket kept in this browser, canasta-local.ts). Screens never ask which one.
 *
 * Contract (the checkout form builds on it):
 *
 * - `useCanasta(tiendaId, usuario?)` → `Canasta`, one shop's basket. `usuario` (the shop's
 *   public address) is needed only for a visitor's basket that is still empty, so the shop's
 *   page can add to it; elsewhere the basket knows its shop.
 *   - `origen`: `'servidor'` (signed-in USUARIO: `listarcarrito`/`addItem`/`cantidad`/
 *     `clearItem`/`removecart`) or `'local'` (not signed in: localStorage, prices and
 *     availability from the shop's public page as it is now, re-read every 30 s at most and the
 *     open state every minute).
 *   - `puedeComprar`: false for a signed-in shop or admin account (they never buy; `add` rejects).
 *   - `tienda`: the shop's terms for this basket (`montoMinimo`, `costoDeEnvio` in pesos,
 *     `entrega`, `pagos`, `abierta`, `mensajeCerrada`), or undefined while unknown (loading, or a
 *     server basket that is empty).
 *   - `lineas: LineaCanasta[]`: `clave` (the line's identity: product, sorted option ids, note),
 *     `productoId`, `nombre`, `imageUrl`, `opciones` [{id, grupo, nombre, precioExtra (pesos)}],
 *     `nota` (string or null), `cantidad`, `precio` (unit price with options, pesos),
 *     `disponible` (false: sold out, removed, switched off, or its options no longer valid; such
 *     a line is shown but not counted and not ordered), `shoppingCartId` (server lines only).
 *   - `totales`: the domain's TotalesDeCanasta over the available lines (centavos): `subtotal`,
 *     `envio`, `total`, `minimo`, `cantidadDeArticulos`, `alcanzaMinimo`. Shipping is always the
 *     shop's `costoDeEnvio`: a checkout that picks RECOGER recomputes without it.
 *   - `piezas`: units in the basket (all lines); `cantidadDe(productoId, opciones?, nota?)`: the
 *     units of one line (0 if none).
 *   - `paraCheckout`: the basket as the checkout form takes it (`CanastaCheckout` in
 *     features/checkout: tiendaId, nombreTienda, montoMinimo, costoDeEnvio, entrega, pagos,
 *     abierta, mensajeCerrada, and the available lines as {productoId, cantidad, opciones (ids),
 *     nota, precio}); undefined while `tienda` is.
 *   - `isLoading`, `error`, `refetch()`.
 *   - Actions (each resolves once the basket shows the change; a refusal rejects with the
 *     server's Spanish message, e.g. 409 PRODUCTO_AGOTADO, 400 OPCIONES_INVALIDAS):
 *     `add({productoId, opciones?, nota?}, cantidad = 1)`, `setCantidad(clave, n)` (0–99; 0
 *     drops the line), `remove(clave)`, `clear()` (this shop's basket).
 * - `useCanastas(staleMs?)` → `{origen, tiendas: [{tiendaId, usuario}], isLoading, error,
 *   refetch}`: every shop with a basket, for the cart screen (one card per shop).
 * - Signing in or registering merges the browser's basket into the account's cart
 *   (merge-canasta.ts, started from session-store's storeToken), then clears it.
 * - A guest order sends `paraCheckout.lineas` as `lineas` of POST /api/pedido/invitado; after it
 *   goes through, call `clear()`.
 */
import {
  CANTIDAD_MAXIMA_POR_LINEA,
  claveDeLinea,
  ENTREGA_POR_OMISION,
  lineaDeCierre,
  PAGOS_POR_OMISION,
  totalesDeCanasta,
  type CarritoGrupo,
  type EntregaTienda,
  type OpcionElegidaVista,
  type PagosVista,
  type TotalesDeCanasta,
} from '@tianguis/domain';
import { useEffect } from 'react';
import { onSignIn, useSession } from '../../../lib/session-store';
import {
  getTiendaPublica,
  tiendaPublicaKey,
  type TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { RECHEQUEO_MS } from '../../../lib/tienda-publica/estado';
import { useNow } from '../../../lib/use-now';
import { findProducto } from '../../../lib/tienda-publica/catalogo';
import { avisoDeTienda, type AvisoDeTienda } from '../../../lib/tienda-publica/estado-pedidos';
import { useQuery } from '../../../lib/query';
import { addItem, type NuevaLinea } from '../api/add-item';
import { clearItem } from '../api/clear-item';
import { useCarrito } from '../api/get-carrito';
import { removeCart } from '../api/remove-cart';
import { setCantidad as setCantidadServidor } from '../api/set-cantidad';
import {
  addLocal,
  setCantidadLocal,
  useCanastasLocales,
  clearLocal,
  type CanastaLocal,
} from './canasta-local';
import { mergeCanastaLocal } from './merge-canasta';
import { precioDeLinea } from './lineas';

// Signing in or registering: the browser's basket joins the account's cart at once.
onSignIn((session) => {
  if (session.tipoUsuario === 'USUARIO') void mergeCanastaLocal();
});

/**
 * The same when a signed-in shopper still has a browser basket (signed in on a page that had not
 * loaded this module, or a merge cut short by a lost connection).
 */
function useFusionPendiente(servidor: boolean, hayLocales: boolean): void {
  useEffect(() => {
    if (servidor && hayLocales) void mergeCanastaLocal();
  }, [servidor, hayLocales]);
}
export type { NuevaLinea };

export interface LineaCanasta {
  clave: string;
  productoId: number;
  nombre: string;
  imageUrl: string;
  opciones: OpcionElegidaVista[];
  nota: string | null;
  cantidad: number;
  /** Unit price with its options, pesos. */
  precio: number;
  disponible: boolean;
  shoppingCartId?: number;
}

/** A shop's terms for a basket: minimum, shipping, delivery, payment, open for orders now. */
export interface TerminosDeTienda {
  montoMinimo: number;
  costoDeEnvio: number;
  entrega: EntregaTienda;
  pagos: PagosVista;
  abierta: boolean;
  mensajeCerrada: string | null;
}

export interface TiendaDeCanasta extends TerminosDeTienda {
  tiendaId: number;
  nombre: string;
  usuario: string;
  celular: string;
}

export interface CanastaParaCheckout extends TerminosDeTienda {
  tiendaId: number;
  nombreTienda: string;
  lineas: {
    productoId: number;
    cantidad: number;
    opciones: number[];
    nota: string | null;
    precio: number;
  }[];
}

export type OrigenCanasta = 'servidor' | 'local';

export interface Canasta {
  origen: OrigenCanasta;
  puedeComprar: boolean;
  tiendaId: number;
  tienda: TiendaDeCanasta | undefined;
  lineas: LineaCanasta[];
  totales: TotalesDeCanasta;
  piezas: number;
  paraCheckout: CanastaParaCheckout | undefined;
  isLoading: boolean;
  error: Error | undefined;
  refetch(): Promise<void>;
  cantidadDe(productoId: number, opciones?: readonly number[], nota?: string | null): number;
  add(linea: NuevaLinea, cantidad?: number): Promise<void>;
  setCantidad(clave: string, cantidad: number): Promise<void>;
  remove(clave: string): Promise<void>;
  clear(): Promise<void>;
}

export const canastaMessages = {
  noPuedeComprar:
    'Las cuentas de tienda y de administrador no pueden comprar. Para hacer un pedido, entra con una cuenta de consumidor.',
  sinTienda: 'No pudimos cargar la tienda. Inténtalo de nuevo.',
  noDisponible: 'Este producto ya no está disponible',
} as const;

/** The closed or paused notice as one line (the server's `mensajeCerrada`). */
export function mensajeDeAviso(aviso: AvisoDeTienda | undefined): string | null {
  if (!aviso) return null;
  return aviso.tipo === 'CERRADA'
    ? lineaDeCierre({
        titulo: aviso.titulo,
        motivo: aviso.motivo,
        proximaApertura: aviso.proximaApertura,
      })
    : aviso.motivo;
}

function tiendaDeGrupo(g: CarritoGrupo): TiendaDeCanasta {
  return {
    tiendaId: g.tiendaId,
    nombre: g.nombreTienda,
    usuario: g.usuarioTienda,
    celular: g.celularTienda,
    montoMinimo: g.montoMinimo,
    costoDeEnvio: g.costoDeEnvio,
    entrega: g.entrega ?? ENTREGA_POR_OMISION,
    pagos: g.pagos ?? PAGOS_POR_OMISION,
    abierta: g.abierta ?? true,
    mensajeCerrada: g.mensajeCerrada ?? null,
  };
}

function lineasDeGrupo(g: CarritoGrupo | undefined): LineaCanasta[] {
  return (g?.listOfShoppingCartMarketStore ?? []).map((item) => ({
    clave: claveDeLinea({
      productoId: item.productoId,
      opciones: item.opciones ?? [],
      nota: item.nota,
    }),
    productoId: item.productoId,
    nombre: item.nombreProducto,
    imageUrl: item.imageurl,
    opciones: item.opciones ?? [],
    nota: item.nota ?? null,
    cantidad: item.cantidad,
    precio: item.precio,
    disponible: item.disponible,
    shoppingCartId: item.shoppingCartId,
  }));
}

/** A visitor's lines priced from the shop's public page as it is now. */
export function lineasLocales(
  local: CanastaLocal | undefined,
  answer: TiendaPublicaAnswer | undefined,
): LineaCanasta[] {
  return (local?.lineas ?? []).map((l) => {
    const producto = answer ? findProducto(answer.tienda, l.productoId)?.producto : undefined;
    const precio = producto ? precioDeLinea(producto, l.opciones) : undefined;
    const vigente = producto !== undefined && precio?.ok === true;
    return {
      clave: claveDeLinea(l),
      productoId: l.productoId,
      nombre: producto?.name ?? l.nombre,
      imageUrl: producto?.imageUrl ?? 'N/A',
      opciones: precio?.ok ? precio.opciones : l.opcionesVista,
      nota: l.nota,
      cantidad: l.cantidad,
      precio: precio?.ok ? precio.precio : 0,
      // Still loading the shop: shown as available until its page says otherwise.
      disponible:
        answer === undefined ||
        (vigente && producto.activarODesactivar && producto.deleted !== true && !producto.agotado),
    };
  });
}

function tiendaDePublica(
  answer: TiendaPublicaAnswer,
  aviso: AvisoDeTienda | undefined,
): TiendaDeCanasta {
  const t = answer.tienda;
  return {
    tiendaId: t.tiendaId,
    nombre: t.nombre,
    usuario: t.usuario,
    celular: t.celularTienda,
    montoMinimo: t.montoMinimo,
    costoDeEnvio: t.costoDeEnvio,
    entrega: t.entrega ?? ENTREGA_POR_OMISION,
    pagos: t.pagos ?? PAGOS_POR_OMISION,
    abierta: aviso === undefined,
    mensajeCerrada: mensajeDeAviso(aviso),
  };
}

function rechazo(message: string): Promise<never> {
  return Promise.reject(new Error(message));
}

/** One shop's basket, wherever it lives (see the contract at the top of this file). */
export function useCanasta(tiendaId: number, usuario?: string): Canasta {
  const session = useSession();
  const servidor = session?.tipoUsuario === 'USUARIO';
  const puedeComprar = session === undefined || servidor;
  const carrito = useCarrito(servidor);
  const locales = useCanastasLocales();
  useFusionPendiente(servidor, locales.length > 0);
  const local = servidor ? undefined : locales.find((c) => c.tiendaId === tiendaId);
  const usuarioTienda = usuario ?? local?.usuario ?? '';
  const publica = useQuery(tiendaPublicaKey(usuarioTienda), () => getTiendaPublica(usuarioTienda), {
    enabled: !servidor && usuarioTienda !== '',
    staleMs: 30_000,
  });
  const now = useNow(RECHEQUEO_MS);

  let lineas: LineaCanasta[];
  let tienda: TiendaDeCanasta | undefined;
  let estado: { isLoading: boolean; error: Error | undefined; refetch(): Promise<void> };
  if (servidor) {
    const grupo = carrito.data?.find((g) => g.tiendaId === tiendaId);
    lineas = lineasDeGrupo(grupo);
    tienda = grupo ? tiendaDeGrupo(grupo) : undefined;
    estado = carrito;
  } else {
    const answer = publica.data?.tienda.tiendaId === tiendaId ? publica.data : undefined;
    lineas = lineasLocales(local, answer);
    tienda = answer
      ? tiendaDePublica(
          answer,
          avisoDeTienda(answer.tienda, answer.horarios, answer.diasEspeciales, now),
        )
      : undefined;
    estado = publica;
  }

  const disponibles = lineas.filter((l) => l.disponible);
  const totales = totalesDeCanasta({
    montoMinimo: tienda?.montoMinimo ?? 0,
    costoDeEnvio: tienda?.costoDeEnvio ?? 0,
    lineas: disponibles,
  });
  const porClave = (clave: string) => lineas.find((l) => l.clave === clave);

  async function add(linea: NuevaLinea, cantidad = 1): Promise<void> {
    if (!puedeComprar) return rechazo(canastaMessages.noPuedeComprar);
    const clave = claveDeLinea(linea);
    if (servidor) {
      const nuevo = await addItem(linea);
      if (cantidad <= 1) return;
      const item = lineasDeGrupo(nuevo.find((g) => g.tiendaId === tiendaId)).find(
        (l) => l.clave === clave,
      );
      if (item?.shoppingCartId !== undefined) {
        await setCantidadServidor(
          item.shoppingCartId,
          Math.min(CANTIDAD_MAXIMA_POR_LINEA, item.cantidad + cantidad - 1),
        );
      }
      return;
    }
    const answer = publica.data;
    if (!answer || answer.tienda.tiendaId !== tiendaId) return rechazo(canastaMessages.sinTienda);
    const producto = findProducto(answer.tienda, linea.productoId)?.producto;
    if (!producto || producto.agotado) return rechazo(canastaMessages.noDisponible);
    const precio = precioDeLinea(producto, linea.opciones ?? []);
    if (!precio.ok) return rechazo(precio.message);
    addLocal(
      { tiendaId, usuario: answer.tienda.usuario, nombre: answer.tienda.nombre },
      {
        productoId: linea.productoId,
        opciones: [...(linea.opciones ?? [])],
        nota: linea.nota ?? null,
        nombre: producto.name,
        opcionesVista: precio.opciones,
      },
      cantidad,
    );
  }

  async function setCantidad(clave: string, cantidad: number): Promise<void> {
    const n = Math.max(0, Math.min(CANTIDAD_MAXIMA_POR_LINEA, Math.floor(cantidad)));
    if (!servidor) return setCantidadLocal(tiendaId, clave, n);
    const id = porClave(clave)?.shoppingCartId;
    if (id !== undefined) await setCantidadServidor(id, n);
  }

  async function remove(clave: string): Promise<void> {
    if (!servidor) return setCantidadLocal(tiendaId, clave, 0);
    const id = porClave(clave)?.shoppingCartId;
    if (id !== undefined) await clearItem({ shoppingCartId: id });
  }

  async function clear(): Promise<void> {
    if (!servidor) return clearLocal(tiendaId);
    await removeCart(tiendaId);
  }

  return {
    origen: servidor ? 'servidor' : 'local',
    puedeComprar,
    tiendaId,
    tienda,
    lineas,
    totales,
    piezas: lineas.reduce((n, l) => n + l.cantidad, 0),
    paraCheckout: tienda && {
      tiendaId,
      nombreTienda: tienda.nombre,
      montoMinimo: tienda.montoMinimo,
      costoDeEnvio: tienda.costoDeEnvio,
      entrega: tienda.entrega,
      pagos: tienda.pagos,
      abierta: tienda.abierta,
      mensajeCerrada: tienda.mensajeCerrada,
      lineas: disponibles.map((l) => ({
        productoId: l.productoId,
        cantidad: l.cantidad,
        opciones: l.opciones.map((o) => o.id),
        nota: l.nota,
        precio: l.precio,
      })),
    },
    isLoading: estado.isLoading,
    error: estado.error,
    refetch: () => estado.refetch(),
    cantidadDe: (productoId, opciones = [], nota = null) =>
      porClave(claveDeLinea({ productoId, opciones, nota }))?.cantidad ?? 0,
    add,
    setCantidad,
    remove,
    clear,
  };
}

export interface ListaDeCanastas {
  origen: OrigenCanasta;
  tiendas: { tiendaId: number; usuario: string }[];
  isLoading: boolean;
  error: Error | undefined;
  refetch(): Promise<void>;
}

/** Every shop with a basket, for the cart screen; `staleMs` 0 re-reads the server cart. */
export function useCanastas(staleMs?: number): ListaDeCanastas {
  const session = useSession();
  const servidor = session?.tipoUsuario === 'USUARIO';
  const carrito = useCarrito(servidor, staleMs);
  const locales = useCanastasLocales();
  useFusionPendiente(servidor, locales.length > 0);
  if (servidor) {
    return {
      origen: 'servidor',
      tiendas: (carrito.data ?? []).map((g) => ({
        tiendaId: g.tiendaId,
        usuario: g.usuarioTienda,
      })),
      isLoading: carrito.isLoading || (carrito.data === undefined && !carrito.error),
      error: carrito.data ? undefined : carrito.error,
      refetch: carrito.refetch,
    };
  }
  return {
    origen: 'local',
    tiendas: locales.map((c) => ({ tiendaId: c.tiendaId, usuario: c.usuario })),
    isLoading: false,
    error: undefined,
    refetch: () => Promise.resolve(),
  };
}
