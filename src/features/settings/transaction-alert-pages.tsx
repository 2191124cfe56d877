import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomer, useErrorHandler, useFeatureGate } from '@/shared/ui';
import { Card, Loading, Page, useLoad } from '../myaccount/page-kit';
import { settingsApi, type AlertSetting, type Alerts } from './api';
import { parseRupiah } from './settings-format';

const EVENTS = ['transfer', 'payment', 'purchase', 'card', 'login', 'limitChange'];
const CHANNELS = ['sms', 'email', 'push'];

function Checks({
  label,
  options,
  chosen,
  onChange,
  labelOf,
  testId,
}: {
  label: string;
  options: string[];
  chosen: string[];
  onChange: (next: string[]) => void;
  labelOf: (o: string) => string;
  testId: string;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1.5 }} data-testid={testId}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((o) => (
          <FormControlLabel
            key={o}
            control={
              <Checkbox
                checked={chosen.includes(o)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((x) => x !== o))}
              />
            }
            label={labelOf(o)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/** /settings/transaction-alert/ and /settings/all-transaction-alert/: which events (or accounts), how. */
function AlertPage({ kind }: { kind: 'transaction' | 'all' }) {
  const { t } = useTranslation('settings');
  const errors = useErrorHandler();
  const { data } = useLoad((s) => settingsApi.alerts(s), []);
  // All-transaction alerts watch savings and current accounts (the server refuses any other).
  const accounts = useLoad((s) => settingsApi.visibility(s), []).data?.accounts.filter((a) =>
    ['savings', 'current'].includes(a.product),
  );
  const customer = useCustomer();
  const gate = useFeatureGate(customer);
  const { check } = gate;
  // Spec section 6: without a savings or current account, the open-account pop-up (a supplementary
  // holder: the branch notice) instead of an empty list.
  useEffect(() => {
    if (kind === 'all' && customer && !customer.hasCasa) check('casa');
  }, [kind, customer, check]);
  const [draft, setDraft] = useState<AlertSetting>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(data?.[kind]), [data, kind]);
  const save = async () => {
    if (!draft) return;
    setSaved(false);
    setFieldErrors({});
    try {
      const next: Alerts = await settingsApi.saveAlerts(kind, draft);
      setDraft(next[kind]);
      setSaved(true);
    } catch (err) {
      const view = errors.describe(err);
      if (view.fields) setFieldErrors(view.fields);
      else errors.showError(err);
    }
  };
  const title = kind === 'transaction' ? t('alerts.transactionTitle') : t('alerts.allTitle');
  return (
    <Page
      title={title}
      intro={t(kind === 'transaction' ? 'alerts.transactionIntro' : 'alerts.allIntro')}
      testId={`${kind}-alert-page`}
    >
      {gate.dialogs}
      {kind === 'all' && accounts?.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="alert-no-account">
          {t('alerts.noAccount')}
        </Alert>
      )}
      {!draft ? (
        <Loading />
      ) : (
        <Card>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <FormControlLabel
              control={
                <Switch
                  checked={draft.enabled}
                  onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
                  slotProps={{ input: { 'aria-label': t('alerts.enabled') } }}
                  data-testid="alert-enabled"
                />
              }
              label={t('alerts.enabled')}
            />
            {kind === 'transaction' ? (
              <>
                <Checks
                  label={t('alerts.events')}
                  options={EVENTS}
                  chosen={draft.events}
                  onChange={(events) => setDraft({ ...draft, events })}
                  labelOf={(o) => t(`alerts.event.${o}`)}
                  testId="alert-events"
                />
                {fieldErrors['/events'] && (
                  <Typography color="error" variant="body2">
                    {fieldErrors['/events']}
                  </Typography>
                )}
                <TextField
                  label={t('alerts.minAmount')}
                  value={String(draft.minAmount / 100)}
                  onChange={(e) => {
                    const v = parseRupiah(e.target.value || '0');
                    if (v !== null) setDraft({ ...draft, minAmount: v });
                  }}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ mt: 1.5 }}
                />
              </>
            ) : (
              <>
                <Checks
                  label={t('alerts.accounts')}
                  options={(accounts ?? []).map((a) => String(a.id))}
                  chosen={draft.accountIds.map(String)}
                  onChange={(ids) => setDraft({ ...draft, accountIds: ids.map(Number) })}
                  labelOf={(o) => {
                    const a = accounts?.find((x) => String(x.id) === o);
                    return a ? `${a.name} · ${a.accountNo}` : o;
                  }}
                  testId="alert-accounts"
                />
                {fieldErrors['/accountIds'] && (
                  <Typography color="error" variant="body2">
                    {fieldErrors['/accountIds']}
                  </Typography>
                )}
              </>
            )}
            <Checks
              label={t('alerts.channels')}
              options={CHANNELS}
              chosen={draft.channels}
              onChange={(channels) => setDraft({ ...draft, channels })}
              labelOf={(o) => t(`alerts.channel.${o}`)}
              testId="alert-channels"
            />
            {fieldErrors['/channels'] && (
              <Typography color="error" variant="body2" data-testid="alert-channels-error">
                {fieldErrors['/channels']}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
              <Button type="submit" variant="contained" data-testid="alert-save">
                {t('alerts.save')}
              </Button>
              {saved && (
                <Typography color="success.main" data-testid="alert-saved">
                  {t('alerts.saved')}
                </Typography>
              )}
            </Stack>
          </Box>
        </Card>
      )}
    </Page>
  );
}

export const TransactionAlertPage = () => <AlertPage kind="transaction" />;
export const AllTransactionAlertPage = () => <AlertPage kind="all" />;
