import { AjustesPagina, QrCodigo } from '../../features/mi-tienda';

/** The owner's QR: link, copy, download and the printable poster. */
export default function CodigoQr() {
  return (
    <AjustesPagina title="Codigo QR">
      {(tienda) => <QrCodigo tienda={tienda} origin={window.location.origin} />}
    </AjustesPagina>
  );
}
