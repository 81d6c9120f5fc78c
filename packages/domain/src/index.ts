export * from './roles.js';
export * from './phone.js';
export * from './account.schema.js';
