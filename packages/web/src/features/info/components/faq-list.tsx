import { ChevronDown, CirclePlay } from 'lucide-react';
import type { FaqId, FaqItem } from '../faq';

/**
 * The FAQ as an accordion on <details>/<summary>: keyboard and screen-reader support come with
 * the elements. A video link appears only for a question that has one configured.
 */
export function FaqList(props: {
  items: readonly FaqItem[];
  videos: Readonly<Partial<Record<FaqId, string | undefined>>>;
}) {
  return (
    <div className="flex flex-col gap-3">
      {props.items.map((item) => {
        const video = props.videos[item.id];
        return (
          <details
            key={item.id}
            className="group rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
              <span>{item.pregunta}</span>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="flex flex-col gap-3 px-4 pb-4 text-stone-800">
              {item.respuesta.map((parrafo) => (
                <p key={parrafo}>{parrafo}</p>
              ))}
              {video && (
                <a
                  href={video}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-marca-700 underline underline-offset-2"
                >
                  <CirclePlay aria-hidden="true" className="size-5" />
                  Ver video: {item.pregunta}
                  <span className="sr-only"> (se abre en otra pestaña)</span>
                </a>
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}
