import { MoreHorizontal } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMenu } from '../../components/ui/use-menu';

/** The bottom bar's 'more' menu: a button that opens a list of links, closed by Escape or a click outside. */
export function MoreMenu({ items }: { items: readonly { to: string; label: string }[] }) {
  const { open, setOpen, root, toggle } = useMenu();
  const menuId = useId();
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-label="Más opciones"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 min-w-14 flex-col items-center justify-center rounded-lg px-2 text-xs hover:bg-stone-100"
      >
        <MoreHorizontal aria-hidden="true" />
        Más
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 bottom-14 w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={() => setOpen(false)}
                className="block px-4 py-3 hover:bg-stone-100"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
