import { Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import {
  printTicket,
  reconnectImpresora,
  textoTicketNoImpreso,
  useImpresora,
} from '../impresora-store';
import { readPreferencias } from '../preferencias';
import { impresoraMessages } from '../transporte';

/**
 * 'Imprimir en térmica' on an order's detail: its ticket, from the server, on the thermal printer
 * connected in this tab (docs/web-screens.md, "Thermal printer"). Shown only while one is
 * connected; the printer used last on this device is looked for first.
 */
export function ImprimirEnTermica({ pedidoId }: { pedidoId: number }) {
  const { conectada } = useImpresora();
  const [imprimiendo, setImprimiendo] = useState(false);
  useEffect(() => {
    if (!conectada && readPreferencias().tipo !== null) void reconnectImpresora();
    // Once per screen: reconnecting asks nothing of the person and fails quietly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!conectada) return null;
  const onClick = async () => {
    setImprimiendo(true);
    try {
      await printTicket(pedidoId);
      notify.success(impresoraMessages.ticketImpreso(pedidoId));
    } catch (error) {
      notify.error(textoTicketNoImpreso(pedidoId, error), { duration: 8000 });
    } finally {
      setImprimiendo(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void onClick()}
      disabled={imprimiendo}
      aria-busy={imprimiendo || undefined}
      className="mt-3"
    >
      <Printer aria-hidden="true" className="size-5" />
      {imprimiendo ? 'Imprimiendo…' : 'Imprimir en térmica'}
    </Button>
  );
}
