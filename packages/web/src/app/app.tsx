import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { RenderNowContext } from '../lib/hydration';
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

/**
 * The shell: path addresses (`/tienda/x`), which a server can answer and a link preview can
 * read; old `/#/x` links are turned into these before it mounts (main.tsx).
 */
export function App(props: { now?: number }) {
  return (
    <AppFrame now={props.now}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
