import { lazy } from 'react';

/**
 * The new-order alerts (alertas-tienda.tsx), loaded apart: its own chunk, downloaded when it first renders. Render
 * it inside <Suspense>. A module of its own, not the feature's index.ts, so this stays in the
 * chunk of whoever renders it.
 */
export const AlertasTienda = lazy(() => import('./alertas-tienda'));
