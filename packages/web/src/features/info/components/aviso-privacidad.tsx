import type { MouseEvent } from 'react';
import {
  AVISO_ACTUALIZACION,
  avisoIntroduccion,
  seccionesAviso,
  type SeccionAviso,
} from '../aviso-privacidad-content';

const headingId = (s: SeccionAviso) => `aviso-${s.id}`;

/**
 * The hash router owns the URL's fragment, so the table of contents can't use plain `#id`
 * links: it scrolls to the section and moves focus there itself.
 */
function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

/** The privacy notice: its 20 numbered sections, a table of contents and the update date. */
export function AvisoPrivacidad() {
  const actualizacion = `Última actualización: ${AVISO_ACTUALIZACION}`;
  return (
    <article className="leading-relaxed">
      <p className="mb-4 font-medium text-stone-700">{actualizacion}</p>
      <div className="mb-6">{avisoIntroduccion}</div>

      <nav aria-labelledby="aviso-indice" className="mb-8 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="aviso-indice" className="mb-2 text-lg font-bold">
          Contenido
        </h2>
        <ol className="list-decimal space-y-1 pl-6">
          {seccionesAviso.map((s) => (
            <li key={s.id}>
              <a
                href={`#${headingId(s)}`}
                onClick={(event) => goToSection(event, headingId(s))}
                className="text-marca-700 underline underline-offset-2"
              >
                {s.titulo}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {seccionesAviso.map((s, index) => (
        <section key={s.id} aria-labelledby={headingId(s)} className="mb-8">
          <h2
            id={headingId(s)}
            tabIndex={-1}
            className="mb-3 scroll-mt-20 text-xl font-bold outline-none"
          >
            {index + 1}. {s.titulo}
          </h2>
          <div className="space-y-3 [&_li]:mb-1 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
            {s.contenido}
          </div>
        </section>
      ))}

      <p className="border-t border-stone-200 pt-4 font-medium text-stone-700">{actualizacion}</p>
    </article>
  );
}
