import { Store } from 'lucide-react';
import { imageSrcSet } from '../../../lib/image-variants';

/** A shop's logo at a fixed size, or a shop icon when it has none. */
export function TiendaImagen({ src, size = 56 }: { src: string; size?: number }) {
  const style = { width: size, height: size };
  if (!src || src === 'N/A') {
    return (
      <span
        style={style}
        className="flex shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-500"
      >
        <Store aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={style}
      className="shrink-0 rounded-xl bg-stone-100 object-cover"
    />
  );
}
