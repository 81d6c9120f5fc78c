import { UserCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';

const tiles = [
  {
    to: '/aprobar-usuarios',
    label: 'Aprobar Usuarios',
    text: 'Tiendas nuevas que esperan tu aprobación.',
    Icon: UserCheck,
  },
  {
    to: '/usuarios-registrados',
    label: 'Usuarios Registrados',
    text: 'Todas las cuentas, de la más reciente a la más antigua.',
    Icon: Users,
  },
] as const;

/** The admin's home: two big tiles (docs/web-screens.md, "The admin's screens"). */
export default function AdminMenu() {
  return (
    <Page title="Administrador">
      <ul className="grid gap-4 sm:grid-cols-2">
        {tiles.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full min-h-36 flex-col items-center justify-center gap-2 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm transition-colors hover:border-marca-500 hover:bg-marca-50"
            >
              <Icon aria-hidden="true" className="size-10 text-marca-600" />
              <span className="text-xl font-bold">{label}</span>
              <span className="text-sm text-stone-700">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
