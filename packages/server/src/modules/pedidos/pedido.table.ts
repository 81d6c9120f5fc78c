import type { Generated } from 'kysely';
import type { TipoEventoPedido } from '@tianguis/domain';

/** Shop and shopper fields are copied at order time so an order reads the same forever. */
export interface PedidoTable {
  id: Generated<number>;
  tienda_id: number;
  /** Null for guest and owner-typed orders. */
  account_id: number | null;
  status: string;
  fecha: string;
  cantidad_de_articulos: number;
  /** Centavos. */
  subtotal: number;
  costo_de_envio: number;
  monto_total: number;
  nombre_tienda: string;
  usuario_tienda: string;
  tienda_image_url: string;
  celular_tienda: string;
  nombre_completo: string;
  celular: string;
  direccion_entrega: string;
  idempotency_key: string | null;
  updated_at: string;
  entrega_tipo: Generated<string>;
  entrega_referencias: string | null;
  pago_metodo: Generated<string>;
  /** Centavos. */
  paga_con: number | null;
  pago_referencia: string | null;
  pago_clabe: string | null;
  pago_banco: string | null;
  pago_titular: string | null;
  pagado: Generated<number>;
  nota: string | null;
  invitado: Generated<number>;
  origen: Generated<string>;
  seguimiento: string | null;
  idempotency_hash: string | null;
  aceptado_en: string | null;
  listo_estimado: string | null;
  /** ISO instant: the start of the slot of an order for later; null for one placed for now. */
  programado_para: string | null;
  motivo_cancelacion: string | null;
  escalado: Generated<number>;
  visto_en: string | null;
  /** What the customer said of the delivery address, for the shop's zones (or null). */
  entrega_colonia: string | null;
  entrega_codigo_postal: string | null;
  entrega_lat: number | null;
  entrega_lng: number | null;
  /** The delivery zone charged, by name (its fee is `costo_de_envio`), or null. */
  zona_nombre: string | null;
  /** When the order became LISTO. */
  listo_en: string | null;
  /** Who acted: JSON {"nombreCompleto", "rol"} as they were then (rol DUENO for the owner). */
  aceptado_por: string | null;
  listo_por: string | null;
  completado_por: string | null;
  cancelado_por: string | null;
}

export interface PedidoDetalleTable {
  id: Generated<number>;
  pedido_id: number;
  tienda_id: number;
  producto_id: number;
  nombre_producto: string;
  imagen_producto: string;
  cantidad: number;
  /** Unit price in centavos, options included. */
  precio: number;
  /** JSON [{id, grupo, nombre, precioExtra (centavos)}] as ordered. */
  opciones: Generated<string>;
  nota: string | null;
}

export interface PedidoEventoTable {
  id: Generated<number>;
  tienda_id: number;
  account_id: number | null;
  pedido_id: number;
  /**
   * The order's status after the change (NUEVO for a new order), or VISTO, PAGADO, ESCALADO
   * (TIPOS_EVENTO_PEDIDO). A TEXT column: the type is the code's promise, not a constraint.
   */
  tipo: TipoEventoPedido;
  created_at: string;
}
