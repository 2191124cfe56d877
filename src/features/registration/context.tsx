import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { RegistrationConfigContext, type RegistrationConfig } from './config-context';
import { READINGS, type ReadingSchemas } from './schemas';

export { RegistrationConfigContext, type RegistrationConfig };

export function useRegistrationConfig(): RegistrationConfig & { rules: ReadingSchemas } {
  const cfg = useContext(RegistrationConfigContext);
  return { ...cfg, rules: READINGS[cfg.reading] };
}

/** Screen names are the spec's route names. */
export type ScreenName =
  | ''
  | 'casadetails'
  | 'ccdetails'
  | 'userinformations'
  | 'validatephone'
  | 'otp'
  | 'validate-email'
  | 'yay'
  | 'ccactivation'
  | 'ccotp'
  | 'changepin'
  | 'threeo';

export function screenPath(prefix: string, name: ScreenName): string {
  return `${prefix}/${name}${name ? '/' : ''}`;
}

/** Moves to another registration screen, handing it this step's state. */
export function useGo() {
  const navigate = useNavigate();
  const { prefix } = useContext(RegistrationConfigContext);
  return useCallback(
    (name: ScreenName, state?: unknown, replace = false) =>
      navigate(screenPath(prefix, name), { state, replace }),
    [navigate, prefix],
  );
}
