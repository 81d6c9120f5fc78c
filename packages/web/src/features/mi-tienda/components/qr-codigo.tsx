import { Check, Copy, Download, MessageCircle, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState, Loading } from '../../../components/ui/status';
import type { MiTienda } from '../api/get-mi-tienda';
import { ajustesMessages, hasProductos } from './ajustes-tareas';
import { datosParaCompartir, whatsappUrl } from '../../tienda-publica';
import { qrFileName } from './qr-archivo';
import { QrCartel } from './qr-cartel';
import { drawQrPng } from './qr-imagen';

/** 'Copiado' shows for 2 s (docs/web-screens.md, "Toasts and timings"). */
export const COPIADO_MS = 2000;

const SIN_VALOR = 'N/A';

function useQrPng(url: string) {
  const [state, setState] = useState<{ url: string; png?: string; error?: Error }>({ url });
  useEffect(() => {
    let live = true;
    drawQrPng(url).then(
      (png) => live && setState({ url, png }),
      (error: unknown) =>
        live && setState({ url, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  // A QR drawn for an older link is never shown for the new one.
  return state.url === url ? state : { url };
}

function saveDataUrl(dataUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The QR page (docs/api.md, "Texts and forms"): the public link with 'Copiar' and 'Compartir por
 * WhatsApp' (the same message a customer's "Compartir" sends), the QR, 'Descargar QR' and the
 * printable poster. Needs at least one product first.
 */
export function QrCodigo({ tienda, origin }: { tienda: MiTienda; origin: string }) {
  const nombre = tienda.nombre && tienda.nombre !== SIN_VALOR ? tienda.nombre : tienda.usuario;
  const datos = datosParaCompartir(nombre, tienda.usuario, origin);
  const { url } = datos;
  const qr = useQrPng(url);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  if (!hasProductos(tienda)) {
    return (
      <EmptyState title={ajustesMessages.sinProductosQr}>
        <Link to="/configuracion-de-tienda" className={buttonClass('secondary')}>
          Volver a configuración
        </Link>
      </EmptyState>
    );
  }

  function copy() {
    // A clipboard failure is only logged (docs/web-screens.md, "The owner's screens").
    if (!navigator.clipboard) {
      console.error('El portapapeles no está disponible');
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => {
        setCopied(true);
        clearTimeout(copiedTimer.current);
        copiedTimer.current = setTimeout(() => setCopied(false), COPIADO_MS);
      },
      (error: unknown) => console.error(error),
    );
  }

  const logoUrl = tienda.imageUrl && tienda.imageUrl !== SIN_VALOR ? tienda.imageUrl : undefined;

  return (
    <div className="no-print">
      <section aria-labelledby="qr-enlace" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="qr-enlace" className="mb-2 font-semibold">
          Enlace de tu tienda
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={url}
            className="min-w-0 flex-1 font-medium break-all text-marca-700 underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            {url}
          </a>
          <Button variant="secondary" onClick={copy}>
            {copied ? (
              <Check aria-hidden="true" className="size-5" />
            ) : (
              <Copy aria-hidden="true" className="size-5" />
            )}
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
          <a
            href={whatsappUrl(datos)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            Compartir por WhatsApp
          </a>
        </div>
        <p role="status" className="sr-only">
          {copied ? 'Enlace copiado' : ''}
        </p>
      </section>

      <section className="mt-4 flex flex-col items-center rounded-xl bg-white p-4 shadow-sm">
        {qr.png ? (
          <img
            src={qr.png}
            alt={`Código QR de la tienda ${nombre}`}
            width={320}
            height={320}
            loading="lazy"
            className="size-72 max-w-full"
          />
        ) : qr.error ? (
          <p role="alert" className="py-10 text-center font-medium text-red-700">
            {qr.error.message}
          </p>
        ) : (
          <Loading label="Generando código QR…" />
        )}
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Button
            disabled={!qr.png}
            onClick={() => qr.png && saveDataUrl(qr.png, qrFileName(tienda.usuario, new Date()))}
          >
            <Download aria-hidden="true" className="size-5" />
            Descargar QR
          </Button>
          <Button variant="secondary" disabled={!qr.png} onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-5" />
            Imprimir cartel
          </Button>
        </div>
      </section>

      {qr.png && <QrCartel nombre={nombre} logoUrl={logoUrl} qrDataUrl={qr.png} url={url} />}
    </div>
  );
}
