// The fields of an order's wire shape (docs/api.md, "Staff and the kitchen") that stay at their
// defaults until someone acts on it: not accepted, not ready, not for later, not cancelled, not
// seen, and no one recorded. Order objects in tests spread it and set only what they change.
export const SIN_GESTION = {
  aceptadoEn: null,
  listoEstimado: null,
  programadoPara: null,
  motivoCancelacion: null,
  escalado: false,
  vistoEn: null,
  listoEn: null,
  aceptadoPor: null,
  listoPor: null,
  completadoPor: null,
  canceladoPor: null,
} as const;
