import { Navigate, type RouteObject } from 'react-router';
import { REGISTRATION_SCREEN_PATHS, type RegistrationScreenPath } from './screen-paths';
import { BaseScreen } from './screens/base';
import { CasaDetailsScreen, CcDetailsScreen } from './screens/details';
import { UserInfoScreen } from './screens/user-info';
import { OtpScreen, ValidatePhoneScreen } from './screens/otp';
import { ValidateEmailScreen } from './screens/email';
import { YayScreen } from './screens/yay';
import { CcActivationScreen, CcOtpScreen, ChangePinScreen } from './screens/card';
import { OnboardingScreen } from './screens/onboarding';

export { RegistrationConfigScope } from './config-scope';

/** Each registration screen under the spec's route name ('' is the base screen). */
export const REGISTRATION_SCREENS: Record<RegistrationScreenPath, () => React.JSX.Element> = {
  '': () => <BaseScreen />,
  casadetails: () => <CasaDetailsScreen />,
  ccdetails: () => <CcDetailsScreen />,
  userinformations: () => <UserInfoScreen />,
  validatephone: () => <ValidatePhoneScreen />,
  otp: () => <OtpScreen />,
  'validate-email': () => <ValidateEmailScreen />,
  yay: () => <YayScreen />,
  ccactivation: () => <CcActivationScreen />,
  ccotp: () => <CcOtpScreen />,
  changepin: () => <ChangePinScreen />,
  threeo: () => <OnboardingScreen />,
};

/** The registration screens under the spec's route names, relative to where they are mounted. */
export function registrationScreens(): RouteObject[] {
  return [
    ...REGISTRATION_SCREEN_PATHS.map((path) => ({
      ...(path ? { path } : { index: true as const }),
      element: REGISTRATION_SCREENS[path](),
    })),
    { path: '*', element: <Navigate to=".." replace /> },
  ];
}
