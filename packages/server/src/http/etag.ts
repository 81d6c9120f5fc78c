/**
 * If-None-Match against our ETag with HTTP's weak comparison: `W/"x"` and `"x"` match each
 * other, and `*` matches any current answer.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
