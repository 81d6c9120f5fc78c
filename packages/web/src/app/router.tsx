import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';

/**
 * The web app's routes: the shop's own three here, every other in otras-rutas.tsx (loaded
 * apart). Each screen is its own chunk, so the public shop page downloads only the shell and
 * itself.
 */
type ScreenModule = { default: ComponentType };
export const screen = (
  load: () => Promise<ScreenModule>,
): LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> } => {
  let loaded: ScreenModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // Once preloaded, React reads the module synchronously: no fallback, no reveal delay.
  const settled = (module: ScreenModule) =>
    ({ then: (resolve: (m: ScreenModule) => void) => resolve(module) }) as Promise<ScreenModule>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : load())),
    { preload },
  );
};

/** The public shop page; main.tsx preloads it when the app opens on it (docs/performance.md, "How LCP got under 2 s"). */
export const Tienda = screen(() => import('./routes/tienda'));
export const TiendaCategoria = screen(() => import('./routes/tienda-categoria'));
export const ProductoDetalle = screen(() => import('./routes/producto-detalle'));

/** Every other screen (otras-rutas.tsx). */
export const OtrasRutas = screen(() => import('./otras-rutas'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="tienda/:usuario" element={<Tienda />} />
        <Route path="tienda/:usuario/:subcategoria" element={<TiendaCategoria />} />
        <Route
          path="tienda/:usuario/:subcategoria/productodetalle/:id"
          element={<ProductoDetalle />}
        />
        {/* Every other screen: a table of its own (otras-rutas.tsx), off the public shop page's
            first load. */}
        <Route path="*" element={<OtrasRutas />} />
      </Route>
    </Routes>
  );
}
