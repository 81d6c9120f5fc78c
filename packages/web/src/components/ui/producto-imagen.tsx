import { ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/**
 * A picture at a fixed square size, or `icono` on a neutral square when it has none ('N/A') or
 * does not load. `className`: its corners; `iconoClassName`: the icon's colour.
 */
export function ImagenFija(props: {
  src: string;
  size: number;
  icono: ReactNode;
  className: string;
  iconoClassName: string;
  srcSet?: string | undefined;
}) {
  const { src, size } = props;
  const [fallo, setFallo] = useState(false);
  const style = { width: size, height: size };
  if (!src?.trim() || src === 'N/A' || fallo) {
    return (
      <span
        style={style}
        className={`flex shrink-0 items-center justify-center bg-stone-100 ${props.className} ${props.iconoClassName}`}
      >
        {props.icono}
      </span>
    );
  }
  return (
    <img
      src={src}
      srcSet={props.srcSet}
      sizes={props.srcSet ? `${size}px` : undefined}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFallo(true)}
      style={style}
      className={`shrink-0 bg-stone-100 object-cover ${props.className}`}
    />
  );
}

/**
 * A product's picture at a fixed size (cart lines, order lines), or a neutral square when it
 * has none or the picture does not load.
 */
export function ProductoImagen({ src, size = 64 }: { src: string; size?: number }) {
  return (
    <ImagenFija
      src={src}
      size={size}
      icono={<ImageOff aria-hidden="true" />}
      className="rounded-lg"
      iconoClassName="text-stone-400"
    />
  );
}
