import type { RouteObject } from 'react-router';

/** /my-favorite/ and its edit page: mounted by the app shell inside the authenticated layout, loaded on demand. */
export const favoritesRoutes: RouteObject[] = [
  {
    path: '/my-favorite/',
    lazy: async () => ({ Component: (await import('./favorites-page')).FavoritesPage }),
  },
  {
    path: '/my-favorite/edit-favorite/',
    lazy: async () => ({ Component: (await import('./edit-favorite-page')).EditFavoritePage }),
  },
];
