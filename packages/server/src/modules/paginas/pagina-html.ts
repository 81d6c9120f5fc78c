// Text → HTML for the server-made pages. Every name, description and message a shop typed is
// escaped here, once, whether it lands in markup, an attribute or a JSON block.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text made safe inside a `<script>` element: `</script>` or `<!--` in a name cannot close
 * or bend the element, and the line separators old parsers choke on are escaped. These
 * characters only ever appear inside JSON strings, where `\u003c` means the same character, so
 * the text still parses to the same value.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === "'" ? '&apos;' : HTML_ESCAPES[c]!));
}

export interface PageImage {
  url: string;
  /** The shop's or product's own photo (a large preview card), not the app icon. */
  isPhoto: boolean;
  width?: number;
  height?: number;
  alt: string;
}

/** What a page says about itself in `<head>`. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical?: string;
  ogType?: 'website' | 'product';
  image?: PageImage;
  /** JSON-LD, serialised and escaped by `headTags`. */
  jsonLd?: unknown;
  noindex?: boolean;
}

export const SITE_NAME = 'Tianguis';

/** The tags added to (or replacing those of) the web app's `<head>`. */
export function headTags(meta: PageMeta): string {
  const tags: string[] = [];
  const prop = (property: string, content: string) =>
    tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
  const name = (n: string, content: string) =>
    tags.push(`<meta name="${n}" content="${escapeHtml(content)}" />`);
  if (meta.noindex) name('robots', 'noindex');
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`);
  if (meta.canonical) {
    prop('og:title', meta.title);
    prop('og:description', meta.description);
    prop('og:type', meta.ogType ?? 'website');
    prop('og:url', meta.canonical);
    prop('og:locale', 'es_MX');
    prop('og:site_name', SITE_NAME);
    if (meta.image) {
      prop('og:image', meta.image.url);
      if (meta.image.width) prop('og:image:width', String(meta.image.width));
      if (meta.image.height) prop('og:image:height', String(meta.image.height));
      prop('og:image:alt', meta.image.alt);
    }
    // A shop's own photo is worth the large card; the app icon is not.
    name('twitter:card', meta.image?.isPhoto ? 'summary_large_image' : 'summary');
    name('twitter:title', meta.title);
    name('twitter:description', meta.description);
    if (meta.image) name('twitter:image', meta.image.url);
  }
  if (meta.jsonLd !== undefined) {
    tags.push(
      `<script type="application/ld+json">${escapeJsonForScript(JSON.stringify(meta.jsonLd))}</script>`,
    );
  }
  return tags.join('\n    ');
}

/**
 * Used when there is no web build (server tests, a server run alone): the same places the
 * built index.html has, so a page is assembled the same way.
 */
export const SHELL_TEMPLATE = `<!doctype html>
<html lang="es-MX">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Tianguis" />
    <title>Tianguis</title>
    <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const ROOT = '<div id="root"></div>';

/** `fetchpriority="low"` on the template's module scripts and module preloads. */
function lowerScriptPriority(html: string): string {
  return html.replace(
    /<(?:script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    (tag) => `${tag} fetchpriority="low"`,
  );
}

/** Whether a template has the places a page is put into. */
export function isUsableTemplate(template: string): boolean {
  return template.includes(ROOT) && /<\/head>/i.test(template);
}

/**
 * The page: the template's title and description replaced by the page's, the rest of the
 * metadata before `</head>`, the markup inside `#root` and, when given, the data block the
 * client hydrates from right after it. Replacements are functions: a `$` in a shop's name must
 * not be read as a replacement pattern.
 */
export function assemblePage(
  template: string,
  meta: PageMeta,
  rootMarkup: string,
  dataJson?: string,
): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let html = template.replace(/<title>[^<]*<\/title>/i, () => title);
  const withDescription = html.replace(/<meta\s+name="description"[^>]*>/i, () => description);
  html =
    withDescription === html
      ? html.replace(/<\/head>/i, () => `  ${description}\n  </head>`)
      : withDescription;
  html = html.replace(/<\/head>/i, () => `  ${headTags(meta)}\n  </head>`);
  // A rendered page is readable before any script runs: the app's scripts only make it
  // interactive, so on a slow network they yield to the page's stylesheet and images.
  if (dataJson !== undefined) html = lowerScriptPriority(html);
  const data =
    dataJson === undefined
      ? ''
      : `<script id="tianguis-datos" type="application/json">${escapeJsonForScript(dataJson)}</script>`;
  return html.replace(ROOT, () => `<div id="root">${rootMarkup}</div>${data}`);
}
