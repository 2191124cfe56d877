import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BondHolding } from '@/shared/invest/types';
import { investApi, useLoad } from './api';
import { Card, Facts, Loading, Page } from './common';
import { date, formatDecimal, money, percent, useLang } from './format';
import { sellPath } from './bond-paths';

function HoldingCard({ h }: { h: BondHolding }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const gain = h.unrealized.amount;
  return (
    <Card component="li" testId={`holding-${h.code}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Stack spacing={1.25} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {h.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {h.code}
            </Typography>
          </Box>
          <Facts
            items={[
              [t('monitoring.faceValue'), money(h.faceValue, lang)],
              [t('monitoring.cost'), money(h.cost, lang)],
              [t('monitoring.bid'), h.bidPrice ? `${formatDecimal(h.bidPrice, lang, 2)}%` : '-'],
              [t('monitoring.marketValue'), money(h.marketValue, lang)],
              [
                t('monitoring.unrealized'),
                <Box key="g" component="span" sx={{ color: gain < 0 ? 'error.main' : 'success.dark' }}>
                  {gain > 0 ? '+' : ''}
                  {money(h.unrealized, lang)}
                </Box>,
              ],
              [t('monitoring.nextCoupon'), `${money(h.nextCoupon, lang)} · ${date(h.nextCouponDate, lang)}`],
              [t('bond.coupon'), percent(h.couponRate, lang)],
              [t('bond.maturity'), date(h.maturityDate, lang)],
            ]}
          />
        </Stack>
        <Box sx={{ flexShrink: 0 }}>
          {h.tradable ? (
            <Button
              variant="outlined"
              size="small"
              component={RouterLink}
              to={sellPath(h.code)}
              data-testid="sell"
            >
              {t('actions.sell')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('bond.holdToMaturity')}
            </Typography>
          )}
        </Box>
      </Stack>
    </Card>
  );
}

/** /applyandinvest/bonds-monitoring/: the customer's bonds at today's bid, with coupons to come. */
export function BondsMonitoringPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data, loading } = useLoad('monitoring', investApi.bondsMonitoring);
  const total = (data?.holdings ?? []).reduce((s, h) => s + h.marketValue.amount, 0);
  return (
    <Page title={t('monitoring.title')} intro={t('monitoring.intro')} testId="bonds-monitoring">
      {loading && <Loading />}
      {data && data.holdings.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to="/applyandinvest/product-list-bonds/"
            >
              {t('bonds.title')}
            </Button>
          }
        >
          {t('monitoring.empty')}
        </Alert>
      )}
      {data && data.holdings.length > 0 && (
        <>
          <Card>
            <Typography variant="body2" color="text.secondary">
              {t('monitoring.total')}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="bonds-total">
              {money({ amount: total, currency: 'IDR' }, lang)}
            </Typography>
            {data.investor && (
              <Typography variant="body2" color="text.secondary">
                {t('register.securitiesAccount')}: {data.investor.securitiesAccountNo}
              </Typography>
            )}
          </Card>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {data.holdings.map((h) => (
              <HoldingCard key={h.code} h={h} />
            ))}
          </Stack>
        </>
      )}
    </Page>
  );
}
