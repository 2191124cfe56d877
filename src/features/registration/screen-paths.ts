/** The registration screens' route names ('' is the base screen), without their code (app-routes.tsx loads it lazily). */
export const REGISTRATION_SCREEN_PATHS = [
  '',
  'casadetails',
  'ccdetails',
  'userinformations',
  'validatephone',
  'otp',
  'validate-email',
  'yay',
  'ccactivation',
  'ccotp',
  'changepin',
  'threeo',
] as const;
export type RegistrationScreenPath = (typeof REGISTRATION_SCREEN_PATHS)[number];
