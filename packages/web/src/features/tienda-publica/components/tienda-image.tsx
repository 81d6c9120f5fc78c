import { useState } from 'react';
import { imageSrcSet } from '../../../lib/image-variants';
import { hasImage } from '../../../lib/tienda-publica/catalogo';

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
        className={`flex items-center justify-center bg-stone-100 text-xs text-stone-500 ${aspectClass(width, height)} ${className}`}
      >
        {/* Text, not an icon: the shop page's script budget is tight (docs/performance.md, "Web: first load and Lighthouse"). */}
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

/**
 * The placeholder's shape as a class, not a style attribute: the server renders these pages, and
 * the Content-Security-Policy refuses inline styles in a page's markup (decision 0010).
 */
function aspectClass(width: number, height: number): string {
  if (width === height) return 'aspect-square';
  if (width * 3 === height * 4) return 'aspect-[4/3]';
  return 'aspect-video';
}
