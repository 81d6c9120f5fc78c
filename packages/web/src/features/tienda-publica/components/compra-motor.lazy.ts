/**
 * Loads what makes the first taps on 'Agregar' (compra-motor.tsx, its own chunk): main.tsx asks
 * for it early when a tap was kept before React answered. A module of its own, not the feature's
 * index.ts, so this stays in the chunk of whoever calls it.
 */
export const loadCompraMotor = () => import('./compra-motor');
