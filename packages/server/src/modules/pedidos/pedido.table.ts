import type { Generated } from 'kysely';

/** Shop and customer fields are copied at order time so an order reads the same forever. */
export interface PedidoTable {
  id: Generated<number>;
  tienda_id: number;
  account_id: number;
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
}

export interface PedidoDetalleTable {
  id: Generated<number>;
  pedido_id: number;
  tienda_id: number;
  producto_id: number;
  nombre_producto: string;
  imagen_producto: string;
  cantidad: number;
  /** Unit price in centavos. */
  precio: number;
}

export interface PedidoEventoTable {
  id: Generated<number>;
  tienda_id: number;
  account_id: number;
  pedido_id: number;
  /** The order's status after the change: NUEVO for a new order. */
  tipo: string;
  created_at: string;
}
