import { ApiError, type ApiRequest } from './api-client';

/**
 * A POST read that revalidates like a GET: the browser's cache never revalidates a POST, so the
 * last answer's ETag is sent by hand as If-None-Match and a 304 answers the kept body. What is
 * kept belongs to the token it was read with: another session starts afresh.
 */
export function revalidatingPost<T>(
  request: ApiRequest,
  path: string,
  getToken: () => string | undefined,
): (signal?: AbortSignal) => Promise<T> {
  let last: { token: string | undefined; etag: string; data: T } | undefined;
  return async (signal) => {
    const token = getToken();
    const previous = last?.token === token ? last : undefined;
    let etag: string | null = null;
    try {
      const data = await request<T>(path, {
        body: {},
        signal,
        headers: previous ? { 'if-none-match': previous.etag } : undefined,
        onResponse: (response) => (etag = response.headers.get('etag')),
      });
      last = etag ? { token, etag, data } : undefined;
      return data;
    } catch (error) {
      if (previous && error instanceof ApiError && error.status === 304) return previous.data;
      throw error;
    }
  };
}
