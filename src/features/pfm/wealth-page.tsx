import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { PALETTE, pfmApi, type Wealth, type WealthCategory } from './api';

const ORDER: WealthCategory[] = ['casa', 'deposits', 'mutualFunds', 'bonds', 'gold', 'creditCards', 'loans'];

/** /dashboard/wealth/: net worth across every product, in IDR, with what makes it up. */
export function WealthPage() {
  const { t, i18n } = useTranslation(['pfm', 'shell']);
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [wealth, setWealth] = useState<Wealth>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    pfmApi.wealth(ctrl.signal).then(setWealth, (err: unknown) => {
      if (ctrl.signal.aborted) return;
      setFailed(true);
      errors.showError(err);
    });
    return () => ctrl.abort();
  }, [errors]);

  const idr = (amount: number) => formatMoney({ amount, currency: 'IDR' }, lang);
  const byCategory = ORDER.map((c) => ({
    category: c,
    amount: wealth?.items.filter((i) => i.category === c).reduce((s, i) => s + i.idr.amount, 0) ?? 0,
    items: wealth?.items.filter((i) => i.category === c) ?? [],
  })).filter((g) => g.items.length > 0);
  const assets = byCategory.filter((g) => g.amount > 0);

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="wealth-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('shell:menu.items.wealth')}
        </Typography>
        <Button variant="outlined" component={Link} to="/new-pfm/" data-testid="to-pfm">
          {t('wealth.toPlanner')}
        </Button>
      </Box>
      {failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !wealth ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          }}
        >
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography color="text.secondary">{t('wealth.netWorth')}</Typography>
            <Typography sx={{ fontSize: { xs: 26, sm: 32 }, fontWeight: 700 }} data-testid="net-worth">
              {idr(wealth.netWorth.amount)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 3, mt: 1, flexWrap: 'wrap' }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('wealth.assets')}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{idr(wealth.assets.amount)}</Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('wealth.liabilities')}
                </Typography>
                <Typography sx={{ fontWeight: 600, color: 'error.main' }}>
                  {idr(wealth.liabilities.amount)}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ height: 240, mt: 2 }} data-testid="wealth-chart">
              <PieChart
                colors={PALETTE}
                series={[
                  {
                    innerRadius: 50,
                    paddingAngle: 1,
                    cornerRadius: 3,
                    data: assets.map((g) => ({
                      id: g.category,
                      value: g.amount / 100,
                      label: t(`wealth.categories.${g.category}`),
                    })),
                    valueFormatter: (v) => idr(Math.round(v.value * 100)),
                  },
                ]}
                slotProps={{
                  legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } },
                }}
              />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t('wealth.rateNote')}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
            <Table size="small" aria-label={t('wealth.breakdown')}>
              <TableBody>
                {byCategory.map((g) => (
                  <Fragment key={g.category}>
                    <TableRow data-testid="wealth-category" data-category={g.category}>
                      <TableCell sx={{ fontWeight: 700, borderBottom: 0, pt: 2 }}>
                        {t(`wealth.categories.${g.category}`)}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{
                          fontWeight: 700,
                          borderBottom: 0,
                          pt: 2,
                          whiteSpace: 'nowrap',
                          color: g.amount < 0 ? 'error.main' : undefined,
                        }}
                      >
                        {idr(g.amount)}
                      </TableCell>
                    </TableRow>
                    {g.items.map((i) => (
                      <TableRow key={`${g.category}:${i.reference}`}>
                        <TableCell sx={{ pl: 3 }}>
                          <Typography variant="body2">
                            {i.category === 'deposits' || i.category === 'loans'
                              ? t(`wealth.itemNames.${i.category}`)
                              : i.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {i.reference}
                          </Typography>
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <Typography variant="body2">{idr(i.idr.amount)}</Typography>
                          {i.original.currency !== 'IDR' && (
                            <Typography variant="caption" color="text.secondary">
                              {formatMoney(i.original, lang)}
                            </Typography>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
