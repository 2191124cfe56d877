import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import FlightTakeoffOutlinedIcon from '@mui/icons-material/FlightTakeoffOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { langOf, poinApi, pointsText, type PointsSummary } from './api';
import { useLoad } from '@/shared/ui/use-load';
import { PageFrame as Page, PageLoading as Loading } from '@/shared/ui/page-frame';

const ACTIONS = [
  ['summary', '/poinxtra/summary/', InsightsOutlinedIcon],
  ['history', '/poinxtra/history/', HistoryOutlinedIcon],
  ['calculator', '/poinxtra/calculator/', CalculateOutlinedIcon],
  ['redeem', '/poinxtra/redeem/inquiry/', CardGiftcardOutlinedIcon],
  ['transfer', '/poinxtra/transfer/inquiry/', SendOutlinedIcon],
  ['mileage', '/poinxtra/mileage/inquiry/', FlightTakeoffOutlinedIcon],
] as const;

function BalanceCard({ s, onBonus }: { s: PointsSummary; onBonus?: (on: boolean) => void }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
      <Typography color="text.secondary">{t('poinxtra.balance')}</Typography>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="poinxtra-points">
        {pointsText(s.points, lang)}
      </Typography>
      <Typography color="text.secondary">
        {t('poinxtra.worth', { value: formatMoney(s.cashbackValue, lang) })}
      </Typography>
      {onBonus && (
        <Box sx={{ mt: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={s.bonusEnabled}
                onChange={(e) => onBonus(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'bonus-help' } }}
                data-testid="poinxtra-bonus"
              />
            }
            label={t('poinxtra.bonus')}
          />
          <Typography id="bonus-help" variant="body2" color="text.secondary">
            {t('poinxtra.bonusHelp')}
          </Typography>
          {s.bonusPeriod && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="poinxtra-bonus-period">
              {t('poinxtra.bonusPeriod', {
                name: lang === 'en' ? s.bonusPeriod.name.en : s.bonusPeriod.name.id,
                multiplier: s.bonusPeriod.multiplier,
                to: formatBankDate(s.bonusPeriod.to, lang, {
                  day: 'numeric',
                  month: 'long',
                  year: 'numeric',
                }),
              })}
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** /poinxtra/: the points, the bonus-points toggle and every Poin Xtra action. */
export function PoinXtraPage() {
  const { t } = useTranslation('living');
  const summary = useLoad(poinApi.summary);
  const [note, setNote] = useState<string>();
  const [saveFailed, setSaveFailed] = useState(false);
  const onBonus = (on: boolean) => {
    setSaveFailed(false);
    poinApi.setBonus(on).then(
      (r) => {
        if (summary.data) summary.set({ ...summary.data, bonusEnabled: r.bonusEnabled });
        setNote(t(r.bonusEnabled ? 'poinxtra.bonusOn' : 'poinxtra.bonusOff'));
      },
      () => setSaveFailed(true),
    );
  };
  return (
    <Page title={t('poinxtra.title')} testId="poinxtra-page">
      {summary.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : summary.data ? (
        <BalanceCard s={summary.data} onBonus={onBonus} />
      ) : (
        <Loading />
      )}
      {note && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {note}
        </Alert>
      )}
      {saveFailed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('unavailable')}
        </Alert>
      )}
      <Box
        component="nav"
        aria-label={t('poinxtra.title')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
      >
        {ACTIONS.map(([key, to, Icon]) => (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="outlined"
            startIcon={<Icon />}
            sx={{ py: 2, justifyContent: 'flex-start' }}
            data-testid={`poinxtra-${key}`}
          >
            {t(`poinxtra.actions.${key}`)}
          </Button>
        ))}
      </Box>
    </Page>
  );
}

/** /poinxtra/summary/: the points, and this year's earned and used by kind. */
export function SummaryPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const { data, failed } = useLoad(poinApi.summary);
  return (
    <Page title={t('poinxtra.summary.title')} back="/poinxtra/" testId="poinxtra-summary">
      {failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <BalanceCard s={data} />
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h2">
              {t('poinxtra.summary.thisYear')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 4, my: 1 }}>
              <Box>
                <Typography color="text.secondary">{t('poinxtra.summary.earned')}</Typography>
                <Typography variant="h6" component="p" color="success.main">
                  +{pointsText(data.earnedThisYear, lang)}
                </Typography>
              </Box>
              <Box>
                <Typography color="text.secondary">{t('poinxtra.summary.used')}</Typography>
                <Typography variant="h6" component="p">
                  -{pointsText(data.usedThisYear, lang)}
                </Typography>
              </Box>
            </Box>
            {data.byKind.length === 0 ? (
              <Typography color="text.secondary">{t('poinxtra.summary.none')}</Typography>
            ) : (
              <List aria-label={t('poinxtra.summary.byKind')} dense>
                {data.byKind.map((k) => (
                  <ListItem key={k.kind} divider>
                    <ListItemText primary={t(`poinxtra.kinds.${k.kind}`)} />
                    <Typography sx={{ fontWeight: 600 }}>
                      {k.points > 0 ? '+' : ''}
                      {pointsText(k.points, lang)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </>
      )}
    </Page>
  );
}

/** /poinxtra/history/: every movement of points, newest first, with the reference of its transaction. */
export function HistoryPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed } = useLoad((signal) => poinApi.history(page, signal), String(page));
  return (
    <Page title={t('poinxtra.history.title')} back="/poinxtra/" testId="poinxtra-history">
      {failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !data ? (
        <Loading />
      ) : data.items.length === 0 ? (
        <Alert severity="info">{t('poinxtra.history.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {data.items.map((m) => (
              <ListItem key={m.id} divider data-testid="poinxtra-movement">
                <ListItemText
                  primary={lang === 'en' ? m.description.eng : m.description.idn}
                  secondary={[
                    formatBankDate(m.at, lang, { day: 'numeric', month: 'short', year: 'numeric' }),
                    t(`poinxtra.kinds.${m.kind}`),
                    m.referenceNo ? t('poinxtra.history.reference', { reference: m.referenceNo }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Typography sx={{ fontWeight: 700 }} color={m.points > 0 ? 'success.main' : 'text.primary'}>
                  {m.points > 0 ? '+' : ''}
                  {pointsText(m.points, lang)}
                </Typography>
              </ListItem>
            ))}
          </List>
          {data.total > data.pageSize && (
            <Pagination
              sx={{ p: 2, display: 'flex', justifyContent: 'center' }}
              page={page}
              count={Math.ceil(data.total / data.pageSize)}
              onChange={(_e, p: number) => setParams(p === 1 ? {} : { page: String(p) })}
            />
          )}
        </Paper>
      )}
    </Page>
  );
}
