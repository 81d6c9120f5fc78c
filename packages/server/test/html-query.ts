import { parse, type DefaultTreeAdapterMap } from 'parse5';

// Server answers read as a browser parses them (parse5 is the HTML standard's parser), with the
// few selectors the page tests need: `tag`, `#id`, `[attr="value"]`, and the ` `, `>` and `+`
// combinators. The server tests run without a DOM library.

type Node = DefaultTreeAdapterMap['node'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

interface Compound {
  tag?: string;
  id?: string;
  attrs: [string, string][];
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function parseSelector(selector: string): { parts: Compound[]; combinators: string[] } {
  // Combinators outside quotes only: `[type="application/ld+json"]` is one compound.
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of selector.trim()) {
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '>' || c === '+' || /\s/.test(c))) {
      if (current !== '') tokens.push(current);
      if (c !== ' ') tokens.push(c);
      current = '';
    } else {
      current += c;
    }
  }
  if (current !== '') tokens.push(current);
  const parts: Compound[] = [];
  const combinators: string[] = [];
  let pending = ' ';
  for (const token of tokens) {
    if (token === '>' || token === '+') {
      pending = token;
      continue;
    }
    if (parts.length > 0) combinators.push(pending);
    pending = ' ';
    const match = /^([a-z0-9-]*)(?:#([\w-]+))?((?:\[[\w:-]+="[^"]*"\])*)$/i.exec(token);
    if (!match) throw new Error(`selector no soportado: ${token}`);
    const attrs = [...(match[3] ?? '').matchAll(/\[([\w:-]+)="([^"]*)"\]/g)].map(
      (m) => [m[1]!, m[2]!] as [string, string],
    );
    parts.push({ tag: match[1] || undefined, id: match[2], attrs });
  }
  return { parts, combinators };
}

export class HtmlElement {
  constructor(
    readonly node: Element,
    private readonly parent: HtmlElement | undefined,
  ) {}

  get tagName(): string {
    return this.node.tagName;
  }

  getAttribute(name: string): string | null {
    return this.node.attrs.find((a) => a.name === name)?.value ?? null;
  }

  get textContent(): string {
    const collect = (node: Node): string => {
      if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
      const children = 'childNodes' in node ? (node as ParentNode).childNodes : [];
      return children.map(collect).join('');
    };
    return collect(this.node);
  }

  children(): HtmlElement[] {
    return this.node.childNodes.filter(isElement).map((n) => new HtmlElement(n, this));
  }

  private previousElement(): HtmlElement | undefined {
    if (!this.parent) return undefined;
    const siblings = this.parent.children();
    const index = siblings.findIndex((s) => s.node === this.node);
    return index > 0 ? siblings[index - 1] : undefined;
  }

  private matchesCompound(c: Compound): boolean {
    if (c.tag && this.node.tagName !== c.tag) return false;
    if (c.id && this.getAttribute('id') !== c.id) return false;
    return c.attrs.every(([name, value]) => this.getAttribute(name) === value);
  }

  private matchesFrom(parts: Compound[], combinators: string[], index: number): boolean {
    if (!this.matchesCompound(parts[index]!)) return false;
    if (index === 0) return true;
    const combinator = combinators[index - 1];
    if (combinator === '>') return this.parent?.matchesFrom(parts, combinators, index - 1) ?? false;
    if (combinator === '+') {
      return this.previousElement()?.matchesFrom(parts, combinators, index - 1) ?? false;
    }
    for (let a = this.parent; a; a = a.parent) {
      if (a.matchesFrom(parts, combinators, index - 1)) return true;
    }
    return false;
  }

  private descendants(): HtmlElement[] {
    return this.children().flatMap((c) => [c, ...c.descendants()]);
  }

  querySelectorAll(selector: string): HtmlElement[] {
    const { parts, combinators } = parseSelector(selector);
    return this.descendants().filter((e) => e.matchesFrom(parts, combinators, parts.length - 1));
  }

  querySelector(selector: string): HtmlElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

export class HtmlDocument extends HtmlElement {
  get title(): string {
    return this.querySelector('title')?.textContent ?? '';
  }
}

export function parseHtml(html: string): HtmlDocument {
  const document = parse(html);
  // The document node stands in as the root element of the walk.
  return new HtmlDocument(
    { ...document, tagName: '#document', attrs: [] } as unknown as Element,
    undefined,
  );
}
