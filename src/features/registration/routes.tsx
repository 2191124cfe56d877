import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RegistrationConfigContext, type RegistrationConfig } from './context';
import { BaseScreen } from './screens/base';
import { CasaDetailsScreen, CcDetailsScreen } from './screens/details';
import { UserInfoScreen } from './screens/user-info';
import { OtpScreen, ValidatePhoneScreen } from './screens/otp';
import { ValidateEmailScreen } from './screens/email';
import { YayScreen } from './screens/yay';
import { CcActivationScreen, CcOtpScreen, ChangePinScreen } from './screens/card';
import { OnboardingScreen } from './screens/onboarding';

/** The registration screens under the spec's route names, relative to where they are mounted. */
export function registrationScreens(): RouteObject[] {
  return [
    { index: true, element: <BaseScreen /> },
    { path: 'casadetails', element: <CasaDetailsScreen /> },
    { path: 'ccdetails', element: <CcDetailsScreen /> },
    { path: 'userinformations', element: <UserInfoScreen /> },
    { path: 'validatephone', element: <ValidatePhoneScreen /> },
    { path: 'otp', element: <OtpScreen /> },
    { path: 'validate-email', element: <ValidateEmailScreen /> },
    { path: 'yay', element: <YayScreen /> },
    { path: 'ccactivation', element: <CcActivationScreen /> },
    { path: 'ccotp', element: <CcOtpScreen /> },
    { path: 'changepin', element: <ChangePinScreen /> },
    { path: 'threeo', element: <OnboardingScreen /> },
    { path: '*', element: <Navigate to=".." replace /> },
  ];
}

/** Provides the reading and mount point to the screens below. */
export function RegistrationConfigScope({ config }: { config: RegistrationConfig }) {
  return (
    <RegistrationConfigContext.Provider value={config}>
      <Outlet />
    </RegistrationConfigContext.Provider>
  );
}
