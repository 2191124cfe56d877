import { Navigate, useLocation, type RouteObject } from 'react-router';

const pages = () => import('./goal-pages');

/** The spec's create and edit paths open their verified flows (flows/goal/), keeping the chosen goal. */
function ToFlow({ route }: { route: string }) {
  const { search } = useLocation();
  return <Navigate to={`${route}inquiry/${search}`} replace />;
}

export const goalRoutes: RouteObject[] = [
  { path: '/dashboard/my-goal/', lazy: async () => ({ Component: (await pages()).GoalsPage }) },
  { path: '/my-goal/detail/', lazy: async () => ({ Component: (await pages()).GoalDetailPage }) },
  { path: '/my-goal/create/', element: <ToFlow route="/my-goal/create/" /> },
  { path: '/my-goal/edit/', element: <ToFlow route="/my-goal/edit/" /> },
];
