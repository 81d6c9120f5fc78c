import { useState } from 'react';
import { imageSrcSet } from '../../../lib/image-variants';
import { hasImage } from '../logic/catalogo';

/**
 * A lazily loaded image with a fixed size (no layout shift), cropped to fill its box, in the
 * smallest uploaded variant that fills it (`sizes`: its width on screen); a neutral placeholder
 * when none was uploaded ('N/A') or the file can't be loaded. `priority` is for the images a
 * page opens with (the largest paint): fetched at once, before the lazy ones.
 */
export function TiendaImage(props: {
  src: string | undefined;
  /** The name of what is shown; '' when the image only decorates text beside it. */
  alt: string;
  width: number;
  height: number;
  /** How wide it is shown, as the `sizes` attribute; its width in px unless told. */
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const { src, alt, width, height, priority = false, className = '' } = props;
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
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (props.sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
