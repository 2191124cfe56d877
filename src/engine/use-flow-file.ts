import { useEffect, useState } from 'react';
import type { FlowFile } from '@/shared/flows';
import { loadFlow } from './flows-data';

/** A flow's whole file, loaded on demand: undefined until it has arrived (or for no id / no such flow). */
export function useFlowFile(id: string | undefined): FlowFile | undefined {
  const [flow, setFlow] = useState<FlowFile>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    loadFlow(id).then(
      (f) => live && setFlow(f),
      () => undefined, // offline: the page shows what it has without the detail
    );
    return () => {
      live = false;
    };
  }, [id]);
  return flow?.id === id ? flow : undefined;
}
