import { useEffect, useState } from 'react';
import { getCredentials, onCredentialsChange, setCredentials } from '@/shared/api/session-store';
import { storedCustomer, type MobileCustomer } from './api';
import { LoginScreen } from './login-screen';
import { ApprovalsScreen } from './approvals-screen';

/** Two screens: log in with user id and app PIN, then the live list of approval requests. */
export function CompanionApp() {
  const [customer, setCustomer] = useState<MobileCustomer | null>(() =>
    getCredentials() ? storedCustomer() : null,
  );
  const [ended, setEnded] = useState(false);
  useEffect(
    () =>
      onCredentialsChange((c) => {
        if (!c) setCustomer(null);
      }),
    [],
  );
  if (!customer)
    return (
      <LoginScreen
        sessionEnded={ended}
        onLoggedIn={(c) => {
          setEnded(false);
          setCustomer(c);
        }}
      />
    );
  return (
    <ApprovalsScreen
      customer={customer}
      onSessionEnded={() => {
        // Expired or refused: nothing of it stays in the tab.
        sessionStorage.clear();
        setCredentials(null);
        setEnded(true);
        setCustomer(null);
      }}
    />
  );
}
