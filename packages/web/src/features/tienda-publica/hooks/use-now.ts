// Moved to lib/use-now.ts; this re-export lasts until the files being edited elsewhere import it
// from there.
export * from '../../../lib/use-now';
