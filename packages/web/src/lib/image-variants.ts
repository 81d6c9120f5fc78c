/**
 * Smaller copies the server makes of every upload (decision 0009): `/images/<hash>.jpg` also
 * exists as `/images/<hash>-160.webp`, `-320` and `-640`. Images uploaded before that are
 * answered with the original under those names, so asking for a variant is always safe.
 */
const UPLOADED = /^(.*\/images\/[a-f0-9]{32})\.(jpg|png)$/;
const WIDTHS = [160, 320, 640] as const;

/** The `srcset` of an uploaded image, or undefined for any other address (a data: URL, a link). */
export function imageSrcSet(src: string): string | undefined {
  const match = UPLOADED.exec(src);
  if (!match) return undefined;
  return WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}
