import { can } from '@tianguis/domain';
import { useSession } from '../../lib/session-store';
import { AlertasTienda } from '../../features/alertas';

/**
 * The new-order alerts for whoever takes orders (docs/api.md, "Staff and the kitchen": the
 * owner, a manager, a cashier); the kitchen has its own display and never downloads them.
 */
export default function AlertasDeTienda() {
  const session = useSession();
  return can(session?.actor, 'atender') ? <AlertasTienda /> : null;
}
