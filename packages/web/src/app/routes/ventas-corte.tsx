import { CortePantalla } from '../../features/ventas';

/** /ventas/corte?fecha=YYYY-MM-DD: a day's cash close, printable on 58/80 mm (docs/sales.md). */
export default function VentasCorteScreen() {
  return <CortePantalla />;
}
