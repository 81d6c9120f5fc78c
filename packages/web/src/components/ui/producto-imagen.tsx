import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/**
 * A product's picture at a fixed size (cart lines, order lines), or a neutral square when it
 * has none or the picture does not load.
 */
export function ProductoImagen({ src, size = 64 }: { src: string; size?: number }) {
  const [fallo, setFallo] = useState(false);
  const style = { width: size, height: size };
  if (!src?.trim() || src === 'N/A' || fallo) {
    return (
      <span
        style={style}
        className="flex shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400"
      >
        <ImageOff aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFallo(true)}
      style={style}
      className="shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}
