import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from './app/app';
import { AppRoutes } from './app/router';
import {
  tiendaPublicaKey,
  type TiendaPublicaAnswer,
} from './lib/tienda-publica/get-tienda-publica';
import { setQueryData } from './lib/query';

export type { TiendaPublicaAnswer };

/**
 * The server's rendering of a shop's public pages (the shop, a category, a product): the tree
 * the browser renders under #root, for nobody signed in and an empty basket, with the shop's
 * public answer already in the query cache and the clock stopped at `now`. The server puts the
 * markup into index.html with the same answer and instant in a `#tianguis-datos` block, from
 * which main.tsx hydrates it. Lazy screens are waited for: the markup is the whole page.
 */
export async function render(input: {
  url: string;
  tiendaPublica: TiendaPublicaAnswer;
  now: number;
}): Promise<{ html: string }> {
  // One cache per process: every render of this shop seeds it with the answer it was given.
  setQueryData(tiendaPublicaKey(input.tiendaPublica.tienda.usuario), input.tiendaPublica);
  // A screen that throws would leave its loading fallback in the markup for the browser to
  // finish: a page without its menu. The caller is told instead (and serves the plain app).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <AppFrame now={input.now}>
      <StaticRouter location={input.url}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>,
    {
      onError: (error) => void errors.push(error),
      // React sends a large Suspense boundary's content after its fallback, swapped in by an
      // inline script, which the CSP refuses (decision 0010): a whole menu of a few dozen
      // products is that large. Never: the markup is the page, in order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  if (errors.length > 0) throw errors[0];
  return { html };
}

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}
