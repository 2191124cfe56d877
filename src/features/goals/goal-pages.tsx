import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiPost } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';
import { PageFrame } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';

export interface Goal {
  id: number;
  name: string;
  category: string;
  target: Money;
  targetDate: string;
  saved: Money;
  progress: number;
  monthly: Money;
  dayOfMonth: number;
  nextTransferDate?: string;
  accountNo: string;
  sourceAccountNo: string;
  transferStatus: string;
}
interface GoalDetail {
  goal: Goal;
  transfers: { date: string; status: string; referenceNo?: string }[];
}

const langOf = (l: string): 'en' | 'id' => (l === 'en' ? 'en' : 'id');
const day = (d: string, lang: 'en' | 'id') =>
  formatBankDate(`${d}T05:00:00Z`, lang, { day: 'numeric', month: 'long', year: 'numeric' });

function Progress({ g }: { g: Goal }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={g.progress}
        aria-label={t('goals.progress', { percent: g.progress })}
        sx={{ height: 10, borderRadius: 5, my: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('goals.savedOf', {
          saved: formatMoney(g.saved, lang),
          target: formatMoney(g.target, lang),
          percent: g.progress,
        })}
      </Typography>
    </Box>
  );
}

/** /dashboard/my-goal/: every goal with what is saved so far. */
export function GoalsPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const state = useLoad((signal) => apiPost<{ goals: Goal[] }>('/api/goal/v1/list', {}, { signal }));
  return (
    <PageFrame
      title={t('goals.title')}
      testId="goals-page"
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to="/my-goal/create/"
          data-testid="goal-create"
        >
          {t('goals.create')}
        </Button>
      }
    >
      {state?.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !state?.data ? (
        <CircularProgress aria-label={t('loading')} />
      ) : state.data.goals.length === 0 ? (
        <Alert severity="info">{t('goals.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {state.data.goals.map((g) => (
              <ListItemButton
                key={g.id}
                component={Link}
                to={`/my-goal/detail/?id=${g.id}`}
                divider
                data-testid="goal-item"
                sx={{ display: 'block', py: 2 }}
              >
                <Typography sx={{ fontWeight: 700 }}>{g.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('goals.by', { date: day(g.targetDate, lang) })} ·{' '}
                  {t('goals.monthly', { amount: formatMoney(g.monthly, lang), day: g.dayOfMonth })}
                </Typography>
                <Progress g={g} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </PageFrame>
  );
}

/** /my-goal/detail/?id=: the goal, its monthly transfer and the transfers made. */
export function GoalDetailPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const state = useLoad(
    (signal) =>
      valid
        ? apiPost<GoalDetail>('/api/goal/v1/detail', { id }, { signal })
        : Promise.reject(new Error('no goal')),
    String(id),
  );
  const g = state?.data?.goal;
  return (
    <PageFrame
      title={g?.name ?? t('goals.detail')}
      back="/dashboard/my-goal/"
      testId="goal-detail"
      actions={
        g && (
          <Button
            variant="outlined"
            component={Link}
            to={`/my-goal/edit/?goal=${g.id}`}
            data-testid="goal-edit"
          >
            {t('goals.edit')}
          </Button>
        )
      }
    >
      {state?.failed ? (
        <Alert severity="warning">{t('goals.notFound')}</Alert>
      ) : !g ? (
        <CircularProgress aria-label={t('loading')} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="goal-saved">
              {formatMoney(g.saved, lang)}
            </Typography>
            <Progress g={g} />
            <List dense>
              {[
                [t('goals.targetDate'), day(g.targetDate, lang)],
                [
                  t('goals.monthlyLabel'),
                  t('goals.monthly', { amount: formatMoney(g.monthly, lang), day: g.dayOfMonth }),
                ],
                [t('goals.next'), g.nextTransferDate ? day(g.nextTransferDate, lang) : t('goals.noNext')],
                [t('goals.from'), g.sourceAccountNo],
                [t('goals.account'), g.accountNo],
              ].map(([k, v]) => (
                <ListItem key={k} disableGutters>
                  <ListItemText primary={v} secondary={k} />
                </ListItem>
              ))}
            </List>
          </Paper>
          <Paper variant="outlined">
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('goals.transfers')}
            </Typography>
            {state.data!.transfers.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('goals.noTransfers')}
              </Typography>
            ) : (
              <List>
                {state.data!.transfers.map((r) => (
                  <ListItem key={r.date} divider>
                    <ListItemText primary={day(r.date, lang)} secondary={r.referenceNo} />
                    <Typography>{t(`goals.status.${r.status}`, { defaultValue: r.status })}</Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </>
      )}
    </PageFrame>
  );
}
