/**
 * One markdown table, padded so that it also reads in a terminal and pastes into the docs as is:
 * the first `textColumns` columns left-aligned, the others (figures) right-aligned.
 */
export function markdownTable(header: string[], body: string[][], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= textColumns ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i >= textColumns ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
