import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The server's Content-Security-Policy allows no inline style (decision 0010). Sonner writes
 * its stylesheet into a <style> element when it loads; this keeps that call from running, and
 * lib/toast.tsx loads the same rules from sonner's own styles.css, a file like any other.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sonner-without-inline-style',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return undefined;
      const call = /\n__insertCSS\("/;
      if (!call.test(code)) throw new Error('sonner ya no llama a __insertCSS: revisa el plugin');
      return { code: code.replace(call, '\n(() => undefined)("'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyle()],
  resolve: {
    // The web bundle compiles domain from its sources, so only what a page uses ships.
    alias: {
      '@tianguis/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' } },
  // The manifest lets scripts/web-budget.ts follow each route's chunks.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        // The shop's public page (opened from a QR code; the page with the LCP budget) loaded
        // nine small chunks beside its data: more than HTTP/1.1's six connections, so a second
        // round trip before the first paint. Its own helpers go in one chunk.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'tienda-publica',
              test: /src\/(lib\/image-variants\.ts|features\/tienda-publica\/(components\/(card-styles|tienda-frame|tienda-image|tienda-cerrada-aviso)\.tsx?|logic\/(catalogo|estado)\.ts|hooks\/use-now\.ts))|domain\/src\/horario\.ts/,
            },
          ],
        },
      },
    },
  },
});
