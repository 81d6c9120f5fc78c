import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

/** '404 Pagina no encontrada' (docs/web-screens.md, "Screens and who may open them"). */
export default function NotFound() {
  return <NotFoundContent />;
}

export function NotFoundContent() {
  return (
    <Page title="404 Pagina no encontrada">
      <p className="mb-6 text-stone-700">
        Es posible que la dirección esté mal escrita o que la página ya no esté disponible.
      </p>
      <Link to="/" className={buttonClass('primary')}>
        Ir al inicio
      </Link>
    </Page>
  );
}
