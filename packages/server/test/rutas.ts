// The routes the tests call, one place for each path (docs/api.md names them). The order
// routes are in pedido-factories.ts (CART, PEDIDO).

/** Accounts: registering, signing in and out, the admin's list and the password resets. */
export const CUENTA = {
  register: '/api/login/registerUser',
  signIn: '/api/login/authenticate',
  logout: '/api/login/logout',
  list: '/api/login/listarlogin',
  recoveryMethods: '/api/login/recuperacion',
  emailReset: '/api/recuperarcontrasena/emailderecuperacion',
  setPassword: '/api/recuperarcontrasena/actualizarContrasena',
  phoneCode: '/api/restaurar/restaurarpassword',
  phoneReset: '/api/restaurar/cambiarcontrasena',
} as const;

/** Shops: the lists, the owner's settings and catalogue, the admin's approval. */
export const TIENDA = {
  list: '/api/tienda/listartiendas',
  update: '/api/tienda/updatetienda',
  activate: '/api/tienda/activatetienda',
  approve: '/api/tienda/approveTienda',
  pausar: '/api/tienda/pausar',
  demora: '/api/tienda/demora',
  agotar: '/api/tienda/agotarproducto',
  cotizar: '/api/tienda/cotizarenvio',
  addCategoria: '/api/tienda/addcategoria',
  updateCategoria: '/api/tienda/updatecategoria',
  deleteCategoria: '/api/tienda/deletecategoria',
  addProducto: '/api/tienda/addproducto',
  updateProducto: '/api/tienda/updateproducto',
  deleteProducto: '/api/tienda/deleteproducto',
  activateProducto: '/api/tienda/activateproducto',
} as const;

/** A shop's week and its special days. */
export const HORARIO = {
  addRange: '/api/horario/addrange',
  addDia: '/api/horariosdias/add',
  semanaOf: (tiendaId: number | string) => `/api/horario/getbytienda/${tiendaId}`,
  diasOf: (tiendaId: number | string) => `/api/horariosdias/getbytienda/${tiendaId}`,
  updateDia: (id: number | string) => `/api/horariosdias/update/${id}`,
  deleteDia: (id: number | string) => `/api/horariosdias/delete/${id}`,
} as const;
