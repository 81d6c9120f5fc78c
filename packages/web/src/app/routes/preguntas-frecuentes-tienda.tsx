import { Page } from '../../components/ui/page';
import { FaqList, faqItems, faqVideos } from '../../features/info';

/** The shop FAQ (TIENDA only; the router's guard sends the others away; docs/web-screens.md). */
export default function PreguntasFrecuentesTienda() {
  return (
    <Page title="Preguntas Frecuentes">
      <p className="mb-4 text-stone-700">
        Respuestas rápidas sobre cómo funciona tu tienda en Tianguis. Toca una pregunta para ver su
        respuesta.
      </p>
      <FaqList items={faqItems} videos={faqVideos} />
    </Page>
  );
}
