/**
 * Until the app used path addresses, every address was a fragment: `/#/tienda/x?y`. Those links
 * live on in printed QR posters, WhatsApp groups and bookmarks. The path the fragment names, or
 * undefined when the fragment is not such an address (none, or an in-page anchor like
 * `#contenido`).
 */
export function pathOfLegacyHash(hash: string): string | undefined {
  if (!hash.startsWith('#/')) return undefined;
  const path = hash.slice(1);
  // `#//otro.example` must stay on this site: one leading slash only.
  return `/${path.replace(/^\/+/, '')}`;
}

/**
 * Turns an old `/#/x?y` address into `/x?y` in place (same entry of the history, same screen),
 * before the router reads the address.
 */
export function rewriteLegacyHash(
  location: Location = window.location,
  history: History = window.history,
): void {
  const path = pathOfLegacyHash(location.hash);
  if (path !== undefined) history.replaceState(history.state, '', path);
}

/**
 * Follows an old `/#/x` link in a tab where the app is already open (typed, or tapped in a page
 * of the same address): the browser only changes the fragment, so no load converts it. `go`
 * receives the path it names, each time; in-page anchors are left alone. Returns the unsubscribe.
 */
export function followLegacyHash(go: (path: string) => void, target: Window = window): () => void {
  const onHashChange = () => {
    const path = pathOfLegacyHash(target.location.hash);
    if (path !== undefined) go(path);
  };
  target.addEventListener('hashchange', onHashChange);
  return () => target.removeEventListener('hashchange', onHashChange);
}
