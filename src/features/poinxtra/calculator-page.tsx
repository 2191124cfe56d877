import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/money';
import { langOf, poinApi, pointsText, type PointsCatalogue } from './api';
import { PageFrame as Page, PageLoading as Loading } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';

/** What `points` buy: cashback, how many of each voucher, miles in each programme (below its minimum: not enough). */
export function worthOf(points: number, c: PointsCatalogue) {
  return {
    cashback: { amount: points * c.cashbackPerPoint.amount, currency: c.cashbackPerPoint.currency },
    vouchers: c.vouchers.map((v) => ({ ...v, count: Math.floor(points / v.points) })),
    programmes: c.programmes.map((p) => {
      const miles = Math.floor(points / p.pointsPerMile);
      return { ...p, miles, enough: miles >= p.minimumMiles };
    }),
  };
}

/** /poinxtra/calculator/: starts at the customer's own points; any number can be tried. */
export function CalculatorPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const catalogue = useLoad(poinApi.catalogue);
  const summary = useLoad(poinApi.summary);
  const [typed, setTyped] = useState<string>();
  const text = typed ?? (summary.data ? String(summary.data.points) : '');
  const valid = /^\d{1,10}$/.test(text);
  const worth = catalogue.data && valid ? worthOf(Number(text), catalogue.data) : undefined;
  return (
    <Page title={t('poinxtra.calculator.title')} back="/poinxtra/" testId="poinxtra-calculator">
      <TextField
        label={t('poinxtra.calculator.points')}
        value={text}
        onChange={(e) => setTyped(e.target.value.trim())}
        error={text !== '' && !valid}
        helperText={
          text !== '' && !valid ? t('poinxtra.calculator.enterPoints') : t('poinxtra.calculator.pointsHelp')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'calculator-points' } }}
        sx={{ mb: 2, maxWidth: 320 }}
        fullWidth
      />
      {catalogue.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !catalogue.data ? (
        <Loading />
      ) : worth ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography color="text.secondary">{t('poinxtra.calculator.cashback')}</Typography>
            <Typography variant="h5" component="p" data-testid="calculator-cashback">
              {formatMoney(worth.cashback, lang)}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('poinxtra.calculator.programmes')}
            </Typography>
            <List>
              {worth.programmes.map((p) => (
                <ListItem key={p.code} divider>
                  <ListItemText
                    primary={`${p.name[lang]} (${p.airline})`}
                    secondary={`${t('poinxtra.calculator.rate', { points: p.pointsPerMile })}, ${t('poinxtra.calculator.minimum', { miles: pointsText(p.minimumMiles, lang) })}`}
                  />
                  <Typography sx={{ fontWeight: 600 }} color={p.enough ? 'text.primary' : 'text.secondary'}>
                    {p.enough
                      ? t('poinxtra.calculator.miles', { miles: pointsText(p.miles, lang) })
                      : t('poinxtra.calculator.notEnough')}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Paper>
          <Paper variant="outlined">
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('poinxtra.calculator.vouchers')}
            </Typography>
            <List>
              {worth.vouchers.map((v) => (
                <ListItem key={v.code} divider>
                  <ListItemText
                    primary={v.name[lang]}
                    secondary={`${pointsText(v.points, lang)} ${t('poinxtra.calculator.points')}`}
                  />
                  <Typography
                    sx={{ fontWeight: 600 }}
                    color={v.count > 0 ? 'text.primary' : 'text.secondary'}
                  >
                    {v.count > 0
                      ? t('poinxtra.calculator.affordable', { count: v.count })
                      : t('poinxtra.calculator.notEnough')}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      ) : null}
    </Page>
  );
}
