import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDateTime } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { Card, Line, Loading, Page, useLoad } from '../myaccount/page-kit';
import { settingsApi, type LimitView } from './api';
import { idr, langOf, parseRupiah } from './settings-format';

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
