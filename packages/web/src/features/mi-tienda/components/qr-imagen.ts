import QRCode from 'qrcode';

/** The exported QR is drawn at scale 8 with an 80 px white margin (docs/web-screens.md). */
export const QR_SCALE = 8;
export const QR_MARGIN_PX = 80;

/**
 * Draws the QR for `text` as a PNG data URL: the modules at scale 8 with no quiet zone of the
 * library's own, then an 80 px white border around them (docs/api.md, "Texts and forms").
 */
export async function drawQrPng(text: string): Promise<string> {
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, text, {
    scale: QR_SCALE,
    margin: 0,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  const out = document.createElement('canvas');
  out.width = code.width + 2 * QR_MARGIN_PX;
  out.height = code.height + 2 * QR_MARGIN_PX;
  const context = out.getContext('2d');
  if (!context) throw new Error('No se pudo dibujar el código QR en este navegador.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.drawImage(code, QR_MARGIN_PX, QR_MARGIN_PX);
  return out.toDataURL('image/png');
}
