import { Store } from 'lucide-react';
import { ImagenFija } from '../../../components/ui/producto-imagen';
import { imageSrcSet } from '../../../lib/image-variants';

/** A shop's logo at a fixed size, or a shop icon when it has none or it does not load. */
export function TiendaImagen({ src, size = 56 }: { src: string; size?: number }) {
  return (
    <ImagenFija
      src={src}
      size={size}
      icono={<Store aria-hidden="true" />}
      className="rounded-xl"
      iconoClassName="text-stone-500"
      srcSet={imageSrcSet(src)}
    />
  );
}
