/**
 * Reads a QR code's text from a picture or a camera frame: the browser's BarcodeDetector where it has
 * one that reads QR codes (Android, macOS, ChromeOS), otherwise jsQR (pure JS: no eval, no wasm, so the
 * CSP needs nothing), loaded the first time a picture is read: no page pays for it before.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

let native: Promise<BarcodeDetectorLike | undefined> | undefined;

/** The browser's QR detector, if it has one that reads QR codes. */
function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  return (native ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return undefined;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
    } catch {
      return undefined;
    }
  })());
}

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
let jsQr: Promise<JsQr> | undefined;
const loadJsQr = () =>
  (jsQr ??= import('jsqr').then(
    (m) => ((m as { default?: unknown }).default ?? m) as JsQr,
    (error: unknown) => {
      jsQr = undefined; // asked again next time
      throw error;
    },
  ));

/** A picture's longest side is read at most this large (a phone photo is 4000 px: slow, and no better). */
const MAX_SIDE = 1024;

/** The pixels of an image or video frame on a canvas, scaled down to MAX_SIDE. */
function pixelsOf(source: CanvasImageSource, width: number, height: number): ImageData | undefined {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return undefined;
  g.drawImage(source, 0, 0, canvas.width, canvas.height);
  return g.getImageData(0, 0, canvas.width, canvas.height);
}

/** The text of the first QR code in a video frame or a decoded image; undefined when there is none. */
export async function readQrFrom(
  source: HTMLVideoElement | ImageBitmap,
  width: number,
  height: number,
): Promise<string | undefined> {
  const detector = await nativeDetector();
  if (detector) {
    const found = await detector.detect(source).catch(() => []);
    if (found[0]?.rawValue) return found[0].rawValue;
  }
  const pixels = pixelsOf(source, width, height);
  if (!pixels) return undefined;
  const decode = await loadJsQr();
  return decode(pixels.data, pixels.width, pixels.height)?.data || undefined;
}

/** The text of the QR code in a picture file; undefined when the picture has none (or is not a picture). */
export async function readQrFromFile(file: Blob): Promise<string | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  try {
    return await readQrFrom(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
