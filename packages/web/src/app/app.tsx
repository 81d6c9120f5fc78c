import { StrictMode, useEffect, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { RenderNowContext } from '../lib/hydration';
import { followLegacyHash } from '../lib/legacy-hash';
import { AppRoutes } from './router';

/**
 * What the browser and the server (entry-server.tsx) render alike around the router: the same
 * tree on both sides is what lets the app take a server-rendered page over in place.
 */
export function AppFrame(props: { now?: number; children: ReactNode }) {
  return (
    <StrictMode>
      <RenderNowContext value={props.now}>{props.children}</RenderNowContext>
    </StrictMode>
  );
}

/** An old `/#/x` link followed in the open app: its path screen, in place of the entry. */
export function LegacyHashLinks() {
  const navigate = useNavigate();
  useEffect(() => followLegacyHash((path) => void navigate(path, { replace: true })), [navigate]);
  return null;
}

/**
 * The shell: path addresses (`/tienda/x`), which a server can answer and a link preview can
 * read; old `/#/x` links are turned into these before it mounts (main.tsx), and while it runs.
 */
export function App(props: { now?: number }) {
  return (
    <AppFrame now={props.now}>
      <BrowserRouter>
        <LegacyHashLinks />
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
