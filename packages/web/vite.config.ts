import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The web bundle compiles domain from its sources, so only what a page uses ships.
    alias: {
      '@tianguis/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' } },
  // The manifest lets scripts/web-budget.ts follow each route's chunks.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
