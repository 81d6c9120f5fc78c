export * from './roles.js';
export * from './phone.js';
export * from './account.schema.js';
export * from './money.js';
export * from './catalogo.schema.js';
export * from './horario.js';
export * from './carrito.js';
