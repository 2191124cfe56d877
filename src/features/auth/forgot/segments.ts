import type { ForgotType } from '../api';

/** Route segment of each forgot flow under /login/ (the routes need only these; config.ts loads with the pages). */
export const FORGOT_SEGMENTS: Record<ForgotType, string> = {
  userid: 'forgot-userid',
  password: 'forgot-password',
  edebit: 'forgot-edebit',
};
