import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * A shop's page comes rendered by the server (entry-server.tsx) and the app takes it over in
 * place (main.tsx, hydrateRoot). The first client render must produce the server's markup, so
 * whatever the server cannot know (the session and basket in this browser's storage) or knows
 * differently (the clock) is read as the server read it during that render, then as it is.
 */

const noSubscription = () => () => undefined;

/** true while rendering on the server or hydrating its markup; false in every later render. */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The instant (ms since the epoch) the server rendered the page at: the open/closed notice is
 * computed for it during hydration, then for the live clock.
 */
export const RenderNowContext = createContext<number | undefined>(undefined);

/** The clock the first render uses: the server's instant while hydrating, else now. */
export function useInitialNow(): () => number {
  const serverNow = useContext(RenderNowContext);
  const hydrating = useIsHydrating();
  return () => (hydrating && serverNow !== undefined ? serverNow : Date.now());
}
