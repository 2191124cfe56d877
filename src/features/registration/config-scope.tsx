import { Outlet } from 'react-router';
import { RegistrationConfigContext, type RegistrationConfig } from './config-context';

/** Provides the reading and mount point to the screens below. */
export function RegistrationConfigScope({ config }: { config: RegistrationConfig }) {
  return (
    <RegistrationConfigContext.Provider value={config}>
      <Outlet />
    </RegistrationConfigContext.Provider>
  );
}
