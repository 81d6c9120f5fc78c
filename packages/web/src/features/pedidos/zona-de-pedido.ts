import { formatPesos, pesosToCentavos, type PedidoVista } from '@tianguis/domain';

// An order's delivery zone and where the shopper said the address is, in the words every order
// view uses (the shopper's detail and tracking, the owner's board, detail and ticket). Orders
// from before zones, and test answers without these fields, show nothing of them.

type EntregaConZona = Partial<
  Pick<PedidoVista['entrega'], 'tipo' | 'zona' | 'colonia' | 'codigoPostal'>
>;

/** 'Zona Centro ($ 20.00)' (the fee charged then), or undefined without a zone. */
export function textoDeZona(entrega: EntregaConZona | undefined | null): string | undefined {
  const zona = entrega?.tipo === 'RECOGER' ? undefined : entrega?.zona;
  if (!zona) return undefined;
  return `Zona ${zona.nombre} (${formatPesos(pesosToCentavos(zona.costoDeEnvio))})`;
}

/** 'Col. Álamos · C.P. 03400', what the shopper said; undefined when neither. */
export function textoDeLugar(entrega: EntregaConZona | undefined | null): string | undefined {
  if (!entrega || entrega.tipo === 'RECOGER') return undefined;
  const partes = [
    entrega.colonia ? `Col. ${entrega.colonia}` : '',
    entrega.codigoPostal ? `C.P. ${entrega.codigoPostal}` : '',
  ].filter((p) => p !== '');
  return partes.length > 0 ? partes.join(' · ') : undefined;
}
