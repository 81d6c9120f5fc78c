// Moved to lib/session-store.ts; this re-export lasts until the files being edited elsewhere
// import it from there.
export * from '../../lib/session-store';
