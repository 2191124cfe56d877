// Registry names: what a flow names (widgets, guards, actions, actors, look-ups, executors...) is registered.
import { REGISTRY_NAMES, RJSF_WIDGETS } from '../registry-names';
import type { FlowUnderCheck } from './context';

export type RegistryKind = keyof typeof REGISTRY_NAMES.client | keyof typeof REGISTRY_NAMES.server;

export function checkName(
  ctx: FlowUnderCheck,
  name: unknown,
  kind: RegistryKind,
  side: 'client' | 'server',
  path: string,
): void {
  if (typeof name !== 'string') return;
  const list = (REGISTRY_NAMES[side] as Record<string, readonly string[]>)[kind] ?? [];
  const extra = kind === 'widgets' ? (RJSF_WIDGETS as readonly string[]) : [];
  if (!list.includes(name) && !extra.includes(name))
    ctx.report(
      path,
      `"${name}" is not a known ${kind
        .replace(/s$/, '')
        .replace(/([A-Z])/g, ' $1')
        .toLowerCase()} (known: ${[...list, ...extra].join(', ')}; see src/shared/flows/registry-names.ts).`,
    );
}
