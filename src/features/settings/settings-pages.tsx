// The settings pages the routes load (one chunk): the hub, personal information, account visibility,
// transaction limits (transaction-limit-page.tsx) and alerts (transaction-alert-pages.tsx).
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorHandler } from '@/shared/ui';
import { Card, Facts, Line, Loading, Page, useLoad } from '../myaccount/page-kit';
import { MainAccountsPanel } from './main-accounts-page';
import { settingsApi, type VisibleAccount } from './api';
import { date, langOf } from './settings-format';

export { TransactionLimitPage } from './transaction-limit-page';
export { AllTransactionAlertPage, TransactionAlertPage } from './transaction-alert-pages';

/** The settings of spec section 2, grouped; each leads to its page. */
const HUB: Array<{ group: string; items: string[] }> = [
  {
    group: 'user',
    items: [
      'personal-information',
      'account-visibility',
      'change-email',
      'change-mobile-number',
      'change-user-id',
      'change-password',
      'passkeys',
      'companion-devices',
      'change-secure-word',
      'bifast-alias',
      'mandatory-form',
    ],
  },
  { group: 'limit', items: ['transaction-limit', 'transaction-alert', 'all-transaction-alert'] },
  {
    group: 'card',
    items: [
      'cc-card-management',
      'block-and-unblock-card',
      'activate-and-manage-PIN',
      'view-cvv',
      'debit-card-link/inquiry',
    ],
  },
];

/** /settings/: every setting, grouped as the spec lists them. */
export function SettingsHubPage() {
  const { t } = useTranslation('settings');
  return (
    <Page title={t('hub.title')} testId="settings-hub">
      {HUB.map((g) => (
        <Card key={g.group} title={t(`hub.group.${g.group}`)}>
          <List disablePadding>
            {g.items.map((item) => (
              <ListItemButton
                key={item}
                component={RouterLink}
                to={`/settings/${item}/`}
                data-testid={`settings-${item.replace('/', '-')}`}
              >
                <ListItemText
                  primary={t(`hub.item.${item.replace('/', '-')}.title`)}
                  secondary={t(`hub.item.${item.replace('/', '-')}.hint`)}
                />
              </ListItemButton>
            ))}
          </List>
        </Card>
      ))}
    </Page>
  );
}

/** /settings/personal-information/: what the bank holds about the customer (phone and e-mail masked). */
export function PersonalInformationPage() {
  const { t, i18n } = useTranslation('settings');
  const lang = langOf(i18n.language);
  const { data } = useLoad((s) => settingsApi.profile(s), []);
  return (
    <Page title={t('profile.title')} testId="personal-information-page">
      {!data ? (
        <Loading />
      ) : (
        <Card>
          <Facts
            testId="profile-facts"
            items={[
              [t('profile.name'), `${data.title} ${data.fullName}`],
              [t('profile.displayName'), data.displayName],
              [t('profile.userId'), data.userId],
              [t('profile.cif'), data.cif],
              [t('profile.dateOfBirth'), data.dateOfBirth ? date(data.dateOfBirth, lang) : '-'],
              [t('profile.email'), data.email ?? '-'],
              [t('profile.phones'), data.phones.join(', ')],
              [t('profile.memberSince'), date(data.memberSince, lang)],
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('profile.changeHint')}
          </Typography>
        </Card>
      )}
    </Page>
  );
}

/** /settings/account-visibility/: hide accounts from the dashboard and from the source-of-fund lists. */
export function AccountVisibilityPage() {
  const { t } = useTranslation('settings');
  const errors = useErrorHandler();
  const { data } = useLoad((s) => settingsApi.visibility(s), []);
  const [accounts, setAccounts] = useState<VisibleAccount[]>();
  const [saved, setSaved] = useState<string>();
  useEffect(() => setAccounts(data?.accounts), [data]);
  const save = async (a: VisibleAccount, hideDashboard: boolean, hideSource: boolean) => {
    setSaved(undefined);
    try {
      const next = await settingsApi.setVisibility(a.id, hideDashboard, hideSource);
      setAccounts(next.accounts);
      setSaved(t('visibility.saved', { account: a.accountNo }));
    } catch (err) {
      errors.showError(err);
    }
  };
  return (
    <Page title={t('visibility.title')} intro={t('visibility.intro')} testId="account-visibility-page">
      {/* The main accounts first: dashboard error 95 leads here to choose them. */}
      <MainAccountsPanel />
      {!accounts ? (
        <Loading />
      ) : (
        <Card>
          {saved && (
            <Alert severity="success" sx={{ mb: 1 }} data-testid="visibility-saved">
              {saved}
            </Alert>
          )}
          {accounts.map((a) => (
            <Line
              key={a.id}
              testId={`visibility-${a.accountNo}`}
              title={`${a.name} · ${a.accountNo} (${a.currency})`}
              sub={a.isDefault ? t('visibility.default') : undefined}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={!a.hideDashboard}
                      disabled={a.isDefault}
                      onChange={(e) => void save(a, !e.target.checked, a.hideSource)}
                    />
                  }
                  label={t('visibility.onDashboard')}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={!a.hideSource}
                      disabled={a.isDefault}
                      onChange={(e) => void save(a, a.hideDashboard, !e.target.checked)}
                    />
                  }
                  label={t('visibility.asSource')}
                />
              </Stack>
            </Line>
          ))}
        </Card>
      )}
    </Page>
  );
}
