import { describe, expect, it } from 'vitest';
import { assemblePage } from './pagina-html.js';

// The built index.html's head, as Vite writes it (entry, its preloads, the stylesheet).
const TEMPLATE = `<!doctype html>
<html lang="es-MX">
  <head>
    <script type="module" async crossorigin src="/assets/boot-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/api-1.js">
    <title>Tianguis</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const meta = { title: 'Taquería · Tianguis', description: 'Tacos' };

describe('assemblePage', () => {
  it('a rendered page (with its data block) asks for its scripts at low priority, the stylesheet as before', () => {
    const html = assemblePage(TEMPLATE, meta, '<h1>Taquería</h1>', '{"now":1}');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" async crossorigin src="/assets/boot-1.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/api-1.js">',
    );
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<div id="root"><h1>Taquería</h1></div><script id="tianguis-datos"');
  });

  it('a page the app renders afresh (no data block) keeps its scripts as they are', () => {
    const html = assemblePage(TEMPLATE, meta, '<ul><li>Tacos</li></ul>');
    expect(html).not.toContain('fetchpriority');
    expect(html).not.toContain('tianguis-datos');
  });
});
