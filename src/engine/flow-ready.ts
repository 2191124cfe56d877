import type { i18n as I18n } from 'i18next';
import { addStrings } from '@/shared/i18n/i18n';
import type { FlowFile } from '@/shared/flows';
import { readable } from '@/shared/readable-promise';
import { flowStrings, loadFlow } from './flows-data';

const ready = new Map<string, Promise<FlowFile | undefined>>();

/**
 * A flow's whole file with its own strings added (flows-data.ts), loaded once: asked for by the page
 * being opened (its route's preload) and read by its flow page. Readable once settled
 * (readable-promise.ts): a page whose flow came with its scripts draws at once instead of showing its
 * spinner first and the page on React's retry (which it holds up to 300 ms).
 */
export function flowReady(id: string, i18n: I18n): Promise<FlowFile | undefined> {
  let p = ready.get(id);
  if (!p) {
    p = readable(Promise.all([loadFlow(id), addStrings(i18n, flowStrings(id))]).then(([flow]) => flow));
    // A failed load (offline) is asked again next time rather than remembered.
    p.catch(() => ready.delete(id));
    ready.set(id, p);
  }
  return p;
}
