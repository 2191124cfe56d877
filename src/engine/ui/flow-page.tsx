// A transaction page (every flow step route's component) and the layout that holds the running flows
// (flow-sessions.tsx); the page of a loaded flow is flow-page-of.tsx.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, use, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { fdsPageOf, routeArea, stepsOf } from '@/shared/flows';
import { FLOWS, flowsOfRoute } from '../flows-data';
import { flowReady } from '../flow-ready';
import { SessionsCtx, type Sessions } from './flow-sessions';
import { FlowPageOf } from './flow-page-of';

export { FlowLayout, toRestore } from './flow-sessions';

/**
 * One page of a flow (route + step path), or an area's FDS challenge page (the flow in progress in
 * that area); follows the machine, so a step entered without its state goes back.
 */
function FlowPage({ route, stepPath, fdsPage }: { route?: string; stepPath: string; fdsPage?: string }) {
  const sessions = useContext(SessionsCtx);
  const [params] = useSearchParams();
  const flows = route ? flowsOfRoute(route, FLOWS) : FLOWS.filter((f) => fdsPageOf(f) === fdsPage);
  const variant = params.get('type');
  const key = route ?? fdsPage ?? '';
  // Flows sharing a route: the one named by ?type=, else the only one with this step (gold's buy/ and
  // sell/), else the one last used under the route (their shared verify and receipt).
  const owning = flows.filter((f) => stepsOf(f).some((s) => s.path === stepPath));
  const flow = fdsPage
    ? flows.find((f) => f.id === sessions?.activeFlow(fdsPage))
    : (flows.find((f) => f.variant && f.variant === variant) ??
      (flows.length === 1
        ? flows[0]
        : owning.length === 1
          ? owning[0]
          : flows.find((f) => f.id === sessions?.activeFlow(key))));
  if (!sessions) return null;
  // Entered with no transaction of the area in progress: back to the area's chooser.
  if (!flow) return <Navigate to={fdsPage ? `/${routeArea(fdsPage)}/` : flows.length ? key : '/'} replace />;
  // Keyed by flow: another flow's page starts with nothing of this one's.
  return (
    <Suspense fallback={<Loading />}>
      <LoadedFlowPage key={flow.id} id={flow.id} stepPath={stepPath} sessions={sessions} />
    </Suspense>
  );
}

function Loading() {
  const { t } = useTranslation('engine');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}

function LoadedFlowPage({ id, stepPath, sessions }: { id: string; stepPath: string; sessions: Sessions }) {
  const { i18n } = useTranslation();
  const flow = use(flowReady(id, i18n));
  if (!flow) return <Navigate to="/" replace />;
  // A transaction restored in verify starts with that step's machinery in.
  const restoring = sessions.ready(flow);
  if (restoring) use(restoring);
  return <FlowPageOf flow={flow} stepPath={stepPath} sessions={sessions} />;
}

/** The route and step a flow route serves (its `handle`, built from the flow files). */
export interface FlowStepHandle {
  /** `route`: a flow route's step; `fdsPage`: an area's FDS challenge page (routes of ../index.ts). */
  flowStep: { route?: string; stepPath: string; fdsPage?: string };
}

/**
 * The component of every flow step route. Being the same component, React keeps it (and the code
 * being typed, the focus) when the URL follows the machine to the next step; one per step would
 * mount the page anew and lose them.
 */
export function FlowStepPage({ flowStep: step }: FlowStepHandle) {
  return <FlowPage route={step.route} stepPath={step.stepPath} fdsPage={step.fdsPage} />;
}
