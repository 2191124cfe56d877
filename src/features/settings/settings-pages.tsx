import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDate, formatBankDateTime } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useCustomer, useErrorHandler, useFeatureGate } from '@/shared/ui';
import { Card, Facts, Line, Loading, Page, useLoad } from '../myaccount/page-kit';
import { MainAccountsPanel } from './main-accounts-page';
import { settingsApi, type AlertSetting, type Alerts, type LimitView, type VisibleAccount } from './api';

type Lang = 'en' | 'id';
const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');
const idr = (amount: number, lang: Lang) => formatMoney({ amount, currency: 'IDR' }, lang);
const date = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });

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

/** Rupiah typed by the customer ("5.000.000", "5000000") as minor units, or null. */
function parseRupiah(text: string): number | null {
  const digits = text.replace(/[.,\s]/g, '');
  if (!/^\d{1,13}$/.test(digits)) return null;
  return Number(digits) * 100;
}

/** The flow that verifies a recorded raise (OTP or approval), the request chosen. */
const raiseFlow = (id: number) => `/settings/transaction-limit/raise/inquiry/?request=${id}`;

function LimitEditor({ limit, onDone }: { limit: LimitView; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('settings');
  const navigate = useNavigate();
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [perTx, setPerTx] = useState(String(limit.maxPerTransaction / 100));
  const [daily, setDaily] = useState(String(limit.dailyLimit / 100));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const maxPerTransaction = parseRupiah(perTx);
    const dailyLimit = parseRupiah(daily);
    const local: Record<string, string> = {};
    if (maxPerTransaction === null) local['/maxPerTransaction'] = t('limits.notAmount');
    if (dailyLimit === null) local['/dailyLimit'] = t('limits.notAmount');
    setFieldErrors(local);
    if (maxPerTransaction === null || dailyLimit === null) return;
    setBusy(true);
    try {
      const r = await settingsApi.changeLimit({
        category: limit.category,
        channel: limit.channel,
        maxPerTransaction,
        dailyLimit,
      });
      // A raise is recorded awaiting verification: straight to its verification.
      if (r.outcome !== 'applied' && r.limit.pending) {
        void navigate(raiseFlow(r.limit.pending.id));
        return;
      }
      onDone(
        r.outcome === 'applied'
          ? t('limits.applied')
          : t('limits.raiseRecorded', { hours: r.coolingOffHours ?? 24 }),
      );
    } catch (err) {
      const view = errors.describe(err);
      if (err instanceof ApiFailure && view.fields) setFieldErrors(view.fields);
      else errors.showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1 }}
      data-testid={`limit-editor-${limit.category}-${limit.channel}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label={t('limits.perTransaction')}
          value={perTx}
          onChange={(e) => setPerTx(e.target.value)}
          error={!!fieldErrors['/maxPerTransaction']}
          helperText={
            fieldErrors['/maxPerTransaction'] ??
            t('limits.upTo', { amount: idr(limit.bankMax.maxPerTransaction, lang) })
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'limit-per-transaction' } }}
        />
        <TextField
          label={t('limits.daily')}
          value={daily}
          onChange={(e) => setDaily(e.target.value)}
          error={!!fieldErrors['/dailyLimit']}
          helperText={
            fieldErrors['/dailyLimit'] ?? t('limits.upTo', { amount: idr(limit.bankMax.dailyLimit, lang) })
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'limit-daily' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
          data-testid="limit-save"
        >
          {t('limits.save')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('limits.rule', { hours: 24 })}
      </Typography>
    </Box>
  );
}

/**
 * /settings/transaction-limit/: every limit per category and channel. Lowering applies at once; a raise
 * needs verification and applies only after a cooling-off, during which the customer sees it and can cancel.
 */
export function TransactionLimitPage() {
  const { t, i18n } = useTranslation('settings');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [reload, setReload] = useState(0);
  const { data } = useLoad((s) => settingsApi.limits(s), [reload]);
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const cancel = async (id: number) => {
    try {
      await settingsApi.cancelRaise(id);
      setMessage(t('limits.cancelled'));
      setReload((n) => n + 1);
    } catch (err) {
      errors.showError(err);
    }
  };
  return (
    <Page
      title={t('limits.title')}
      intro={t('limits.intro', { hours: data?.coolingOffHours ?? 24 })}
      testId="transaction-limit-page"
    >
      {message && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="limit-message"
          onClose={() => setMessage(undefined)}
        >
          {message}
        </Alert>
      )}
      {!data ? (
        <Loading />
      ) : (
        (['transfer', 'payment', 'purchase'] as const).map((category) => (
          <Card key={category} title={t(`limits.category.${category}`)} testId={`limits-${category}`}>
            {data.limits
              .filter((l) => l.category === category)
              .map((l) => {
                const key = `${l.category}-${l.channel}`;
                return (
                  <Line
                    key={key}
                    testId={`limit-${key}`}
                    title={t(`limits.channel.${l.channel}`)}
                    sub={
                      l.usedToday !== null
                        ? t('limits.used', { used: idr(l.usedToday, lang), daily: idr(l.dailyLimit, lang) })
                        : t('limits.daily')
                    }
                    right={t('limits.perTransactionShort', { amount: idr(l.maxPerTransaction, lang) })}
                    rightSub={t('limits.dailyShort', { amount: idr(l.dailyLimit, lang) })}
                  >
                    {l.pending && (
                      <Alert
                        severity="warning"
                        sx={{ mt: 1 }}
                        data-testid={`limit-pending-${key}`}
                        action={
                          <Stack direction="row">
                            {l.pending.status === 'awaiting_verification' && (
                              <Button
                                color="inherit"
                                size="small"
                                component={RouterLink}
                                to={raiseFlow(l.pending.id)}
                                data-testid="limit-verify"
                              >
                                {t('limits.verify')}
                              </Button>
                            )}
                            <Button
                              color="inherit"
                              size="small"
                              onClick={() => void cancel(l.pending!.id)}
                              data-testid="limit-cancel"
                            >
                              {t('limits.cancel')}
                            </Button>
                          </Stack>
                        }
                      >
                        {l.pending.status === 'cooling_off'
                          ? t('limits.coolingOff', {
                              perTx: idr(l.pending.maxPerTransaction, lang),
                              daily: idr(l.pending.dailyLimit, lang),
                              at: formatBankDateTime(l.pending.effectiveAt ?? '', lang),
                            })
                          : t('limits.awaitingVerification', {
                              perTx: idr(l.pending.maxPerTransaction, lang),
                              daily: idr(l.pending.dailyLimit, lang),
                            })}
                      </Alert>
                    )}
                    {editing === key ? (
                      <LimitEditor
                        limit={l}
                        onDone={(m) => {
                          setEditing(undefined);
                          setMessage(m);
                          setReload((n) => n + 1);
                        }}
                      />
                    ) : (
                      <Button
                        size="small"
                        onClick={() => setEditing(key)}
                        data-testid={`limit-change-${key}`}
                      >
                        {t('limits.change')}
                      </Button>
                    )}
                  </Line>
                );
              })}
          </Card>
        ))
      )}
    </Page>
  );
}

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
