import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { defineConfig, minify, transformWithOxc, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * src/boot.ts is an entry of its own: Vite bundles every module script of index.html into one
 * entry, and this one must run before React has downloaded (docs/performance.md: LCP). Its tag is `async`,
 * so it runs as soon as it is here, not after main.tsx; the chunks it imports are preloaded
 * beside it, unless the page preloads them already.
 */
const BOOT_ENTRY = 'src/boot.ts';

function earlyBoot(): Plugin {
  return {
    name: 'early-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // In development it runs as main.tsx's import: the early start only matters once built.
        if (!bundle) return [];
        const chunk = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' &&
            output.isEntry &&
            output.facadeModuleId?.endsWith(BOOT_ENTRY),
        );
        if (chunk?.type !== 'chunk') throw new Error(`la compilación no tiene ${BOOT_ENTRY}`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            // First in <head> (the charset is still within the first 1,024 bytes): the browser
            // asks for it before the main script, not as the seventh request for six connections.
            injectTo: 'head-prepend' as const,
          },
          ...chunk.imports
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head-prepend' as const,
            })),
        ];
      },
    },
  };
}

/**
 * The page's very first script: src/lib/toques-tempranos.ts (it has no imports) as a classic
 * script at the top of <head>, which the browser runs before it parses, and so paints, the
 * body. boot.ts is a module, and a module runs only after the page is parsed, often after it is
 * painted: on a slow phone the first tap on "Agregar" came before it and was lost (`npm run bench
 * -- --primer-toque`). It starts keeping taps at once; boot.ts's own call finds it done. About
 * 0.7 KB gzip, fetched beside the stylesheet, which holds the first paint back anyway.
 */
const TOQUES = 'src/lib/toques-tempranos.ts';

function toquesAlPintar(): Plugin {
  let fileName = '';
  let code = '';
  return {
    name: 'toques-al-pintar',
    apply: 'build',
    async buildStart() {
      const source = await fs.readFile(path.join(import.meta.dirname, TOQUES), 'utf8');
      if (/^\s*import\s/m.test(source)) throw new Error(`${TOQUES} no puede importar nada`);
      const { code: js } = await transformWithOxc(source, TOQUES, { lang: 'ts' });
      const iife = `(()=>{${js.replace(/^export /gm, '')}\nkeepToquesTempranos();})();`;
      code = (await minify('toques.js', iife, { compress: true, mangle: true })).code;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      fileName = `assets/toques-${hash}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return [
          { tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' as const },
        ];
      },
    },
  };
}

/**
 * Every script, stylesheet and page of the build also as `.br` (quality 11) and `.gz` (level 9),
 * which the server sends as they are (@fastify/static `preCompressed`): made once here instead
 * of on every request at @fastify/compress's quicker settings. The app's main script is 75 KB in
 * brotli 11 against 87 KB at brotli 4 (docs/performance.md: LCP).
 */
function precompress(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir, file);
          const content = await fs.readFile(target);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The app's palette (src/index.css): --color-marca-600 and Tailwind's stone-50, the page's. */
const MARCA = '#c2410c';
const FONDO = '#fafaf9';

/**
 * The installable app (decision 0014): the web app manifest, and src/sw.ts built into /sw.js
 * with the list of files it precaches. main.tsx registers it itself (`injectRegister: false`):
 * workbox-window would add to the shop page's 100 KB of JavaScript. The manifest's <link> is
 * added to index.html by the plugin.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    // The manifest's icons are images: they load when the browser needs them, not precached.
    includeManifestIcons: false,
    injectManifest: {
      // A classic script: no browser needs `type: 'module'` to run it.
      rollupFormat: 'iife',
      // The page and the offline page only: the build's scripts and styles are cached as
      // visits load them (src/sw.ts), so a first visit downloads nothing it does not use.
      globPatterns: ['index.html', 'offline.html', 'offline.css'],
    },
    manifest: {
      id: '/',
      name: 'Tianguis',
      short_name: 'Tianguis',
      description: 'El menú y los pedidos en línea de las tiendas de tu barrio.',
      lang: 'es-MX',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: MARCA,
      background_color: FONDO,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
  });
}

/** The screens of a shopper's or a visitor's way from a shop's link to an order. */
const SHOPPER_SCREEN =
  /assets\/(home|tienda|tienda-categoria|producto-detalle|checkout|seguimiento|mis-pedidos|mis-pedidos-detalle)-[\w-]+\.js$/;

/** Chunks and styles the entry page loads itself, before any lazy screen. */
const ALWAYS_LOADED = /^assets\/(index|react|session-store|api-client|api|boot)-[\w-]+\.(js|css)$/;

// The browser's build (index.html and boot.ts).
const browserBuild: UserConfig = {
  // The manifest lets scripts/web-budget.ts follow each route's chunks.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: {
      // Every browser the app supports preloads modules itself.
      polyfill: false,
      resolveDependencies: (filename, deps, { hostId }) => {
        // The entry names every screen with the files it needs: about 2 KB of the shop page's
        // 100 KB budget. Screens a neighbour ordering never opens (owner, admin, account forms)
        // fetch their files when they load instead, one round trip later.
        if (/(^|\/)index[-.]/.test(hostId) && !SHOPPER_SCREEN.test(filename)) return [];
        // Files every page has loaded before any screen are left out of every list.
        return deps.filter((d) => !ALWAYS_LOADED.test(d));
      },
    },
    rollupOptions: {
      input: { index: 'index.html', boot: BOOT_ENTRY },
      output: {
        // The shop's public page (opened from a QR code; the page with the LCP budget) loaded
        // nine small chunks beside its data: more than HTTP/1.1's six connections, so a second
        // round trip before the first paint. Its own helpers and the menu's parts go in one
        // chunk (each small file also costs its own compression and imports: about 1 KB); not the pure ones
        // boot.ts imports (catalogo, card-styles, image-variants), which would make the first
        // script wait for this chunk and, through it, the router.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // React, React DOM and the router in one chunk of their own, whatever imports them
              // first: left to itself the bundler moves them between chunks as the app changes.
              name: 'react',
              test: /node_modules\/(react|react-dom|scheduler|react-router)\//,
            },
            {
              // The app's one API client and its error type together: left to itself the bundler
              // made the client a file of its own (another request and its overhead on the shop
              // page) once some screens imported ApiError without the client.
              name: 'api',
              test: /src\/lib\/api(-client)?\.ts$/,
            },
            {
              name: 'tienda-publica',
              test: /src\/features\/tienda-publica\/(components\/(tienda-frame|tienda-image|tienda-cerrada-aviso|tienda-condiciones|tienda-info|producto-agregar|producto-lista|linea-horario|menu-tienda|compra-en-espera|compartir-tienda)\.tsx|logic\/(precio|compartir)\.ts|hooks\/use-aviso-de-tienda\.ts)|src\/lib\/(tienda-publica\/(estado|estado-pedidos)|use-now)\.ts|src\/components\/ui\/page\.tsx|domain\/src\/(horario|money|tienda-enlaces)\.ts/,
            },
          ],
        },
      },
    },
  },
};

/**
 * The server's rendering of the public shop pages (src/entry-server.tsx), built with
 * `vite build --ssr src/entry-server.tsx --outDir <the app's folder>-ssr`: one ES module for
 * Node with React and everything else inside, so the server can `import()` it from wherever the
 * build was written (no node_modules beside it), and React's production build in it.
 */
const ssrBuild: UserConfig = {
  ssr: { noExternal: true, target: 'node' },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { manifest: false, ssrManifest: false, copyPublicDir: false, minify: false },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyle(),
    // The page, its precompressed files and the service worker belong to the browser's build.
    ...(isSsrBuild ? [] : [toquesAlPintar(), earlyBoot(), precompress(), installableApp()]),
  ],
  resolve: {
    // The web bundle compiles domain from its sources, so only what a page uses ships.
    alias: {
      '@tianguis/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
      // React Router's package exports name only its development build (warnings and checks
      // included); it ships a production build beside it, which the built app uses.
      ...(command === 'build'
        ? {
            'react-router': fileURLToPath(
              new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' } },
  ...(isSsrBuild ? ssrBuild : browserBuild),
}));
