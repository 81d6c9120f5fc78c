import { memo, useEffect } from 'react';
import { CanastaBarra } from '../../carrito';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { useCompra } from './add-to-cart-button';
import type { CompraBase } from './producto-agregar';

/**
 * The menu's basket, loaded apart from the shop page (compra-en-espera.tsx): it hands the
 * basket's add controls up to the menu after each of its renders, and shows the options sheet
 * and the basket bar. Memoized, so the menu's render that takes its controls doesn't render it
 * again.
 */
function Motor(props: { answer: TiendaPublicaAnswer; onCompra: (compra: CompraBase) => void }) {
  const { compra, sheet } = useCompra(props.answer);
  const { onCompra } = props;
  useEffect(() => onCompra(compra));
  return (
    <>
      {sheet}
      <CanastaBarra canasta={compra.canasta} />
    </>
  );
}

const MotorMemo = memo(Motor);
export type MotorDeCompra = typeof MotorMemo;
export default MotorMemo;
