import { matchRoutes, type RouteObject } from 'react-router';

/**
 * react-router's own `matchRoutes` on a route table, each path asked once: it flattens and ranks the
 * whole table on every call (10-17 ms apiece on the app's table), and the route tests compare against
 * it for hundreds of paths, some in more than one test.
 */
export function routerAnswers(routes: RouteObject[]): (path: string) => ReturnType<typeof matchRoutes> {
  const answers = new Map<string, ReturnType<typeof matchRoutes>>();
  return (path) => {
    if (!answers.has(path)) answers.set(path, matchRoutes(routes, path));
    return answers.get(path)!;
  };
}
