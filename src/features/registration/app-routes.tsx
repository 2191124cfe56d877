import type { RouteObject } from 'react-router';

/** The internet-banking app's /register/ screens (same components as the microsite, the main app's rules). */
export const registrationAppRoutes: RouteObject[] = [];
