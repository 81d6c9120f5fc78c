import { lazy } from 'react';

/**
 * The signed-in shopper's cart button (cart-button.tsx), loaded apart: its own chunk, downloaded when it first renders. Render
 * it inside <Suspense>. A module of its own, not the feature's index.ts, so this stays in the
 * chunk of whoever renders it.
 */
export const CartButton = lazy(() => import('./cart-button'));
