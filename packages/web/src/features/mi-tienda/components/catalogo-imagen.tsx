import { ImageOff } from 'lucide-react';
import { imageSrcSet } from '../../../lib/image-variants';
import { imageOrUndefined } from './catalogo-productos';

/** A card's square picture, or a plain placeholder when none is set. */
export function CatalogoImagen(props: {
  src: string | undefined;
  alt: string;
  size?: number;
  /** How wide it is shown (the `sizes` attribute). */
  sizes?: string;
}) {
  const size = props.size ?? 320;
  const src = imageOrUndefined(props.src);
  if (!src) {
    return (
      <div
        role="img"
        aria-label={props.alt ? `${props.alt} (sin imagen)` : 'Sin imagen'}
        className="flex aspect-square w-full items-center justify-center bg-stone-100 text-stone-400"
      >
        <ImageOff aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={props.sizes ?? '(min-width: 640px) 360px, 50vw'}
      alt={props.alt}
      loading="lazy"
      width={size}
      height={size}
      className="aspect-square w-full bg-stone-100 object-cover"
    />
  );
}
