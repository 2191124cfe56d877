import regularUrl from './fonts/DejaVuSans-subset.ttf?url';
import boldUrl from './fonts/DejaVuSans-Bold-subset.ttf?url';
import type { ReceiptFonts } from './build';

let loading: Promise<ReceiptFonts> | undefined;

/** The receipt's fonts (about 115 KiB each), fetched once, when the first PDF is made. */
export function loadReceiptFonts(): Promise<ReceiptFonts> {
  loading ??= Promise.all(
    [regularUrl, boldUrl].map(async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`font ${url}: HTTP ${res.status}`);
      return res.arrayBuffer();
    }),
  ).then(([regular, bold]) => ({ regular: regular!, bold: bold! }));
  loading.catch(() => (loading = undefined));
  return loading;
}
