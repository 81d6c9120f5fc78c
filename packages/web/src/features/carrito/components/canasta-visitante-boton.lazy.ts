import { lazy } from 'react';

/**
 * A visitor's basket button (canasta-visitante-boton.tsx), loaded apart: its own chunk, downloaded when it first renders. Render
 * it inside <Suspense>. A module of its own, not the feature's index.ts, so this stays in the
 * chunk of whoever renders it.
 */
export const CanastaVisitanteBoton = lazy(() => import('./canasta-visitante-boton'));
