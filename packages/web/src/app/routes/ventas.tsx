import { VentasPantalla } from '../../features/ventas';

/** /ventas: the owner's sales (docs/sales.md); its chunk alone loads the chart library. */
export default function VentasScreen() {
  return <VentasPantalla />;
}
