import { useState } from 'react';
import { hasImage } from '../logic/catalogo';

/**
 * A lazily loaded image with a fixed size (no layout shift), cropped to fill its box; a neutral
 * placeholder when none was uploaded ('N/A') or the file can't be loaded.
 */
export function TiendaImage(props: {
  src: string | undefined;
  /** The name of what is shown; '' when the image only decorates text beside it. */
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  const { src, alt, width, height, className = '' } = props;
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!hasImage(src) || failed === src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex items-center justify-center bg-stone-100 text-xs text-stone-500 ${className}`}
      >
        {/* Text, not an icon: the shop page's script budget is tight (issue 5). */}
        <span aria-hidden="true">Sin imagen</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
