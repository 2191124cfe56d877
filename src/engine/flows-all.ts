import type { FlowFile } from '@/shared/flows';

// Every flow file whole, bundled eagerly: for Storybook and tests, which show any flow at once.
// The app loads a flow's file when its page opens (flows-data.ts, loadFlow).
const files = import.meta.glob<FlowFile>('/flows/**/*.json', { eager: true, import: 'default' });

export const ALL_FLOWS: FlowFile[] = Object.values(files).sort((a, b) => a.id.localeCompare(b.id));

export function flowById(id: string): FlowFile | undefined {
  return ALL_FLOWS.find((f) => f.id === id);
}
