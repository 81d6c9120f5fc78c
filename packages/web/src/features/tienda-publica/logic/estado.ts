// Moved to lib/tienda-publica/estado.ts; this re-export lasts until the files being edited
// elsewhere import it from there.
export * from '../../../lib/tienda-publica/estado';
