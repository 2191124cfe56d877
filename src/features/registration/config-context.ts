import { createContext } from 'react';
import type { Reading } from './schemas';

/** Which reading of the rules applies, and where the screens are mounted ('' on the microsite, '/register' in the app). */
export interface RegistrationConfig {
  reading: Reading;
  prefix: string;
}
// Its own module, without the rules' schemas: the app's route table mounts the scope on every signed-in
// page (app-routes.tsx), the schemas load with the screens.
export const RegistrationConfigContext = createContext<RegistrationConfig>({
  reading: 'microsite',
  prefix: '',
});
