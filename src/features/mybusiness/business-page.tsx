import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { formatBankDateTime } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { businessApi, type Merchant } from './api';

const langOf = (l: string): 'en' | 'id' => (l === 'en' ? 'en' : 'id');

function Stat(p: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {p.label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: { xs: 16, sm: 20 } }} data-testid={p.testId}>
        {p.value}
      </Typography>
    </Box>
  );
}

/** Daily sales of the last 30 days as bars (plain boxes: no chart library on this page). */
function DailyBars({ m, lang }: { m: Merchant; lang: 'en' | 'id' }) {
  const { t } = useTranslation('business');
  const max = Math.max(1, ...m.daily.map((d) => d.gross.amount));
  return (
    <Box
      role="img"
      aria-label={t('summary.dailyLabel')}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 64, mt: 1 }}
    >
      {m.daily.map((d) => (
        <Tooltip key={d.date} title={`${d.date}: ${formatMoney(d.gross, lang)} (${d.count})`}>
          <Box
            sx={{
              flex: 1,
              bgcolor: 'primary.main',
              opacity: 0.8,
              borderRadius: '2px 2px 0 0',
              height: `${Math.max(4, (d.gross.amount / max) * 100)}%`,
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

function MerchantCard({ m, lang }: { m: Merchant; lang: 'en' | 'id' }) {
  const { t } = useTranslation('business');
  const money = (v: Money) => formatMoney(v, lang);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="merchant">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <StorefrontOutlinedIcon color="primary" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {m.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('summary.mid')} {m.mid} · {m.category}
            {m.settlementAccountNo ? ` · ${t('summary.settledTo', { account: m.settlementAccountNo })}` : ''}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={t('summary.mdr', {
            rate: (m.mdrBps / 100).toLocaleString(lang === 'en' ? 'en-US' : 'id-ID'),
          })}
        />
      </Box>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('summary.last30')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Stat
          label={t('summary.count')}
          value={m.last30Days.count.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID')}
          testId="merchant-count"
        />
        <Stat label={t('summary.gross')} value={money(m.last30Days.gross)} testId="merchant-gross" />
        <Stat label={t('summary.fees')} value={money(m.last30Days.fees)} testId="merchant-fees" />
        <Stat label={t('summary.net')} value={money(m.last30Days.net)} testId="merchant-net" />
      </Box>
      <DailyBars m={m} lang={lang} />
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 3, mb: 0.5 }}>
        {t('summary.recent')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('summary.recent')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('summary.when')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('summary.reference')}
              </TableCell>
              <TableCell>{t('summary.payer')}</TableCell>
              <TableCell align="right">{t('summary.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {m.recent.map((r) => (
              <TableRow key={r.referenceNo} data-testid="merchant-sale">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatBankDateTime(r.createdAt, lang).replace(/:\d\d WIB$/, ' WIB')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.referenceNo}</TableCell>
                <TableCell>
                  {r.payer}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {r.channel.toUpperCase()}
                  </Typography>
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    textDecoration: r.status === 'refunded' ? 'line-through' : undefined,
                  }}
                >
                  {money(r.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** /mybusiness/: the customer's merchants: the last 30 days of sales, the latest ones, and the way to reports. */
export function BusinessPage() {
  const { t, i18n } = useTranslation(['business', 'shell']);
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [merchants, setMerchants] = useState<Merchant[]>();
  const [none, setNone] = useState<ErrorView>();

  useEffect(() => {
    const ctrl = new AbortController();
    businessApi.summary(ctrl.signal).then(
      (r) => setMerchants(r.merchants),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const view = errors.describe(err);
        if (view.code === 'CLICKS : MERCHANT_NONE') setNone(view);
        else errors.showError(err);
        setMerchants([]);
      },
    );
    return () => ctrl.abort();
  }, [errors]);

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="business-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('shell:menu.items.myBusiness')}
        </Typography>
        {merchants && merchants.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<QrCode2Icon />}
            component={Link}
            to="/mybusiness/take-payment/"
            data-testid="to-take-payment"
          >
            {t('toTakePayment')}
          </Button>
        )}
        {merchants && merchants.length > 0 && (
          <Button
            variant="contained"
            startIcon={<AssessmentOutlinedIcon />}
            component={Link}
            to="/mybusiness/merchant-report/"
            data-testid="to-report"
          >
            {t('summary.toReport')}
          </Button>
        )}
      </Box>
      {!merchants ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : none ? (
        <Alert severity="info" data-testid="business-none">
          <AlertTitle>{none.title}</AlertTitle>
          {none.message}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {merchants.map((m) => (
            <MerchantCard key={m.id} m={m} lang={lang} />
          ))}
        </Box>
      )}
    </Box>
  );
}
