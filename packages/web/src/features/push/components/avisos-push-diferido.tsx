import { lazy, Suspense, type ComponentProps } from 'react';

const AvisosPush = lazy(() => import('./avisos-push'));

/**
 * AvisosPush loaded when it shows: the shopper's screens (a guest's tracking page, an order's
 * detail) are among those the app's entry preloads, and the alerts' code is only for the few
 * who turn them on.
 */
export function AvisosPushDiferido(props: ComponentProps<typeof AvisosPush>) {
  return (
    <Suspense fallback={null}>
      <AvisosPush {...props} />
    </Suspense>
  );
}
