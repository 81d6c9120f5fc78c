import { Printer } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useDocumentStyleSheet } from '../../../lib/document-style';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { useAhora } from '../hooks/use-ahora';
import { ANCHO_IMPRESO_MM, TicketCocina, type AnchoTicket } from './ticket-cocina';

const ANCHO_KEY = 'tianguis.ticket.ancho';

function readAncho(): AnchoTicket {
  try {
    return localStorage.getItem(ANCHO_KEY) === '58' ? 58 : 80;
  } catch {
    return 80;
  }
}

/**
 * The print sheet: the page is the receipt's width and exactly as long as the ticket (Chromium
 * has no `auto` page height, and a roll printer would otherwise feed a whole sheet), and only the
 * ticket prints: it sits outside the app's root, which is hidden while printing. On screen it is
 * laid out off the viewport so that its height can be measured.
 */
export function ticketPrintCss(ancho: AnchoTicket, altoMm: number | undefined): string {
  const size = altoMm ? `@page{size:${ancho}mm ${altoMm}mm;margin:0}` : '@page{margin:0}';
  const lateral = (ancho - ANCHO_IMPRESO_MM[ancho]) / 2;
  return `.ticket-print-root{position:fixed;top:0;left:-300mm;visibility:hidden;pointer-events:none;padding:2mm ${lateral}mm;background:#fff}
@media print{
${size}
html,body{background:#fff!important;margin:0!important;padding:0!important;min-height:0!important}
body>*:not(.ticket-print-root){display:none!important}
.ticket-print-root{position:static;visibility:visible;left:auto}
}`;
}

const MM_POR_PX = 25.4 / 96;

/**
 * What every printable receipt has (the kitchen ticket, the cash close): the 58/80 mm choice
 * (remembered for both), the print button, a preview on screen, and the copy that prints,
 * outside the app's root, with the print sheet measured to its length.
 */
export function ImpresionTicket(props: {
  /** The button's words, e.g. 'Imprimir ticket'. */
  imprimir: string;
  /** The receipt at a width: drawn for the preview and for the printed copy. */
  render: (ancho: AnchoTicket) => ReactNode;
}) {
  const [ancho, setAncho] = useState<AnchoTicket>(readAncho);
  const id = useId();
  const printRef = useRef<HTMLDivElement>(null);
  const printSheet = useDocumentStyleSheet(ticketPrintCss(ancho, undefined));
  // Written straight into the stylesheet: a state update made in 'beforeprint' could land after
  // the browser has already laid out the printed page. Measured after every render (the
  // receipt's content may have changed).
  useLayoutEffect(() => {
    const measure = () => {
      const px = printRef.current?.getBoundingClientRect().height ?? 0;
      const altoMm = px > 0 ? Math.ceil(px * MM_POR_PX) + 2 : undefined;
      printSheet?.replaceSync(ticketPrintCss(ancho, altoMm));
    };
    measure();
    // Fonts may arrive after the first layout and change the ticket's length.
    window.addEventListener('beforeprint', measure);
    return () => window.removeEventListener('beforeprint', measure);
  });
  const choose = (value: AnchoTicket) => {
    setAncho(value);
    try {
      localStorage.setItem(ANCHO_KEY, String(value));
    } catch {
      // The choice lasts this visit only.
    }
  };
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Ancho del papel</legend>
          <span aria-hidden="true" className="text-sm font-medium">
            Papel:
          </span>
          {([58, 80] as const).map((value) => (
            <label key={value} className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-ancho`}
                checked={ancho === value}
                onChange={() => choose(value)}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-medium peer-checked:border-marca-600 peer-checked:bg-marca-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600">
                {value} mm
              </span>
            </label>
          ))}
        </fieldset>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-5" />
          {props.imprimir}
        </Button>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer py-2 text-sm font-medium text-marca-700">
          Ver vista previa
        </summary>
        <div className="mt-2 overflow-x-auto rounded-lg bg-stone-100 p-3">
          <div className="mx-auto w-fit border border-stone-300 bg-white p-2 shadow-sm">
            {props.render(ancho)}
          </div>
        </div>
      </details>
      {createPortal(
        <div ref={printRef} className="ticket-print-root" aria-hidden="true">
          {props.render(ancho)}
        </div>,
        document.body,
      )}
    </>
  );
}

/**
 * 'Imprimir ticket' with the 58/80 mm choice (remembered) and a preview on screen; a scheduled
 * order's time is told from the clock, by the minute.
 */
export function TicketImpresion(props: { pedido: PedidoTienda; timeZone: string }) {
  const id = useId();
  const minuto = useAhora(60_000);
  return (
    <section
      aria-labelledby={`${id}-t`}
      className="no-print mt-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id={`${id}-t`} className="mb-2 text-lg font-bold">
        Ticket de cocina
      </h2>
      <ImpresionTicket
        imprimir="Imprimir ticket"
        render={(ancho) => (
          <TicketCocina
            pedido={props.pedido}
            timeZone={props.timeZone}
            ancho={ancho}
            now={new Date(minuto)}
          />
        )}
      />
    </section>
  );
}
