import { useEffect, type ReactNode } from 'react';

/** A screen's frame: its title (also the document title), phone-first width (600 px, or 1100). */
export function Page(props: {
  title: string;
  /** Shown instead of the title as the heading, when they differ. */
  heading?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { title } = props;
  useEffect(() => {
    document.title = `${title} · Tianguis`;
  }, [title]);
  return (
    <div
      className={`mx-auto w-full px-4 pt-4 pb-28 ${props.wide ? 'max-w-[1100px]' : 'max-w-[600px]'}`}
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        {/* A category's or shop's name may be one long word: it wraps rather than widen the page. */}
        <h1 className="min-w-0 text-2xl font-bold break-words">{props.heading ?? title}</h1>
        {props.actions}
      </div>
      {props.children}
    </div>
  );
}
