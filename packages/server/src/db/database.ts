import type { Kysely, Transaction } from 'kysely';
import type {
  AccountTable,
  PasswordResetSecretTable,
  PhoneResetCodeTable,
  RevokedTokenTable,
} from '../modules/accounts/account.table.js';
import type { CarritoLineaTable } from '../modules/carrito/carrito.table.js';
import type {
  CategoriaTable,
  ProductoGrupoTable,
  ProductoOpcionTable,
  ProductoTable,
} from '../modules/catalogo/catalogo.table.js';
import type { DiaEspecialTable, HorarioTable } from '../modules/horarios/horario.table.js';
import type { ImagenTable } from '../modules/imagenes/imagen.table.js';
import type {
  PedidoDetalleTable,
  PedidoEventoTable,
  PedidoTable,
} from '../modules/pedidos/pedido.table.js';
import type { PersonalTable } from '../modules/personal/personal.table.js';
import type { PushSuscripcionTable } from '../modules/push/push.table.js';
import type { TiendaTable, TiendaZonaTable } from '../modules/tiendas/tienda.table.js';

export interface SettingTable {
  key: string;
  value: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
  refused: boolean;
}

export interface Database {
  account: AccountTable;
  revoked_token: RevokedTokenTable;
  password_reset_secret: PasswordResetSecretTable;
  phone_reset_code: PhoneResetCodeTable;
  tienda: TiendaTable;
  tienda_zona: TiendaZonaTable;
  categoria: CategoriaTable;
  producto: ProductoTable;
  producto_grupo: ProductoGrupoTable;
  producto_opcion: ProductoOpcionTable;
  horario: HorarioTable;
  dia_especial: DiaEspecialTable;
  carrito_linea: CarritoLineaTable;
  pedido: PedidoTable;
  pedido_detalle: PedidoDetalleTable;
  pedido_evento: PedidoEventoTable;
  setting: SettingTable;
  rate_limit: RateLimitTable;
  imagen: ImagenTable;
  push_suscripcion: PushSuscripcionTable;
  personal: PersonalTable;
}

export type Db = Kysely<Database>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
