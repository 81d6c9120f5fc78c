import { Pencil } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The pencil in a catalogue card's top right corner: the link to the item's form, named for
 * screen readers by `label` ('Editar producto Tacos'); `state` hands the item to the form.
 */
export function CatalogoEditarEnlace(props: { to: string; state: object; label: string }) {
  return (
    <Link
      to={props.to}
      state={props.state}
      aria-label={props.label}
      title="Editar"
      className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white"
    >
      <Pencil aria-hidden="true" className="size-5" />
    </Link>
  );
}
