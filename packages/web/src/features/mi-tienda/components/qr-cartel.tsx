import { createPortal } from 'react-dom';
import { useDocumentStyleSheet } from '../../../lib/document-style';

export const CARTEL_LEYENDA = 'Escanea para ver el menú y hacer tu pedido';

// While printing, only the poster shows: it sits directly in <body> and everything else there
// (the app, toasts) is hidden. Sizes are in millimetres so it fills A4 and letter alike.
const printCss = `
.qr-cartel { display: none; }
@media print {
  @page { size: auto; margin: 12mm; }
  body > :not(.qr-cartel) { display: none !important; }
  .qr-cartel {
    display: flex !important;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 6mm;
    min-height: 240mm;
    color: #000;
    background: #fff;
    text-align: center;
    font-family: system-ui, sans-serif;
  }
  .qr-cartel__logo { width: 32mm; height: 32mm; object-fit: cover; border-radius: 6mm; }
  .qr-cartel__nombre { font-size: 26pt; font-weight: 800; text-transform: capitalize; margin: 0; }
  .qr-cartel__qr { width: 120mm; height: 120mm; image-rendering: pixelated; }
  .qr-cartel__leyenda { font-size: 18pt; font-weight: 600; margin: 0; }
  .qr-cartel__link { font-size: 11pt; margin: 0; word-break: break-all; }
}
`;

/**
 * The counter poster: logo, name, a big QR, the invitation and the link. Hidden on
 * screen; window.print() shows only it.
 */
export function QrCartel(props: {
  nombre: string;
  logoUrl: string | undefined;
  qrDataUrl: string;
  url: string;
}) {
  useDocumentStyleSheet(printCss);
  return createPortal(
    <section className="qr-cartel">
      {props.logoUrl && (
        // Eager: a lazy image that was never on screen would print empty.
        <img
          className="qr-cartel__logo"
          src={props.logoUrl}
          alt=""
          width={256}
          height={256}
          loading="eager"
        />
      )}
      <h2 className="qr-cartel__nombre">{props.nombre}</h2>
      <img className="qr-cartel__qr" src={props.qrDataUrl} alt="" width={512} height={512} />
      <p className="qr-cartel__leyenda">{CARTEL_LEYENDA}</p>
      <p className="qr-cartel__link">{props.url}</p>
    </section>,
    document.body,
  );
}
