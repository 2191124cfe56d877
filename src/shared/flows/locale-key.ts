/**
 * The text at a locale key of a flow file ("flows:payment.bpjs.title"; no namespace means `flows`),
 * with `namespace` giving one language's JSON of a namespace. Undefined when the key leads nowhere.
 */
export function lookupLocaleKey(namespace: (ns: string) => unknown, key: string): unknown {
  const [ns, rest] = key.includes(':') ? (key.split(/:(.*)/s, 2) as [string, string]) : ['flows', key];
  let node = namespace(ns);
  for (const part of rest.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
