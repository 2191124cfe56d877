// The login area's spec paths, apart from spec-routes.ts so the login page does not carry the
// authenticated ones (spec-routes.ts re-exports it with them).

/** The login area (spec 2 "Login area"); the external privacy notice is a link, not a route. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login/',
  ...['forgot-userid', 'forgot-password', 'forgot-edebit'].flatMap((f) => [
    `/login/${f}/`,
    `/login/${f}/credentials/`,
    `/login/${f}/otp/`,
  ]),
  ...['fdschallenge', 'bdschallenge', 'termandconditions', 'tutorial-demo', 'contactus', 'faq'].map(
    (p) => `/login/${p}/`,
  ),
  '/autotopup/gopay/',
];
