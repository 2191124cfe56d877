import type { FastifyRequest } from 'fastify';

/** "Chrome on Windows · 203.0.113.7": where a passkey was made or last used, as the customer reads it. */
export function whereOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const device = deviceName(request);
  return request.ip ? `${device} · ${request.ip}` : device;
}

/** "Chrome on Android": the browser and system a request came from (a companion-app device's name). */
export function deviceName(request: Pick<FastifyRequest, 'headers'>): string {
  const ua = String(request.headers['user-agent'] ?? '');
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return browser && system ? `${browser} on ${system}` : browser || system || 'Browser';
}
