import type { CDPSession } from 'playwright-core';

/** A page as a slow phone runs it, as Lighthouse models one: 1.6 Mbps down, 750 Kbps up, 150 ms round trips, 4x CPU. */
export async function throttleAsPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
