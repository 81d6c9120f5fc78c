// Moved to lib/tienda-publica/get-tienda-publica.ts; this re-export lasts until the files being
// edited elsewhere import it from there.
export * from '../../../lib/tienda-publica/get-tienda-publica';
