// The bond pages the routes load (one chunk): the list, monitoring (bond-monitoring-page.tsx), registering
// (bond-register-page.tsx), and a bond's details (bond-details.tsx) for the product details page.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BondSummary } from '@/shared/invest/types';
import { investApi, useLoad } from './api';
import { Card, EligibilityAction, Facts, Loading, Page, ProfileBanner, RiskChip } from './common';
import { date, dateTime, formatDecimal, money, percent, useLang } from './format';
import { bondDetailsPath, buyPath } from './bond-paths';

export { bondDetailsPath } from './bond-paths';
export { BondsMonitoringPage } from './bond-monitoring-page';
export { BondsRegisterPage } from './bond-register-page';
export { BondDetails } from './bond-details';

function BondCard({ bond, market }: { bond: BondSummary; market: 'primary' | 'secondary' }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const offer = bond.offer;
  const price = (p: string | null) => (p ? `${formatDecimal(p, lang, 2)}%` : '-');
  return (
    <Card component="li" testId={`bond-${bond.code}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Stack spacing={1.25} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography component="h3" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {bond.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {bond.code} · {bond.issuer}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <RiskChip level={bond.riskLevel} />
            {bond.sharia && (
              <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={bond.tradable ? t('bond.tradable') : t('bond.notTradable')}
            />
            {market === 'primary' && offer && (
              <Chip
                size="small"
                color={offer.status === 'open' ? 'primary' : 'default'}
                label={t(`bond.offer.${offer.status}`)}
                data-testid="offer-status"
              />
            )}
          </Stack>
          <Facts
            items={[
              [
                t('bond.coupon'),
                `${percent(bond.couponRate, lang)} ${t(`bond.couponTypes.${bond.couponType}`)}`,
              ],
              [t('bond.couponPaid'), t('bond.everyMonths', { count: bond.couponFrequencyMonths })],
              [t('bond.maturity'), date(bond.maturityDate, lang)],
              [
                t('bond.minOrder'),
                t('bond.minAndMultiple', {
                  min: money(bond.minOrder, lang),
                  multiple: money(bond.orderMultiple, lang),
                }),
              ],
              market === 'primary' &&
                offer && [
                  t('bond.offerPeriod'),
                  `${dateTime(offer.start, lang)} – ${dateTime(offer.end, lang)}`,
                ],
              market === 'primary' && offer && [t('bond.settlement'), date(offer.settlementDate, lang)],
              market === 'primary' && bond.maxOrder && [t('bond.maxOrder'), money(bond.maxOrder, lang)],
              market === 'primary' && [t('bond.issuePrice'), price(bond.price)],
              market === 'secondary' && [t('bond.offerPrice'), price(bond.offerPrice)],
              market === 'secondary' && [t('bond.bidPrice'), price(bond.bidPrice)],
              market === 'secondary' && [t('bond.priceDate'), date(bond.priceDate, lang)],
            ]}
          />
        </Stack>
        <Box sx={{ flexShrink: 0 }}>
          {market === 'primary' && offer?.status !== 'open' ? (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
              {offer?.status === 'upcoming'
                ? t('bond.opensOn', { date: dateTime(offer.start, lang) })
                : t('bond.closed')}
            </Typography>
          ) : (
            <EligibilityAction
              eligibility={bond.eligibility}
              code={bond.code}
              buyTo={buyPath(bond.code)}
              buyLabel={t('actions.buy')}
            />
          )}
          {market === 'secondary' && (
            <Box sx={{ textAlign: { sm: 'right' }, mt: 1 }}>
              <Button size="small" component={RouterLink} to={bondDetailsPath(bond.code)}>
                {t('actions.details')}
              </Button>
            </Box>
          )}
        </Box>
      </Stack>
    </Card>
  );
}

/** /applyandinvest/product-list-bonds/: offerings with their period, and bonds on the secondary market. */
export function BondListPage() {
  const { t } = useTranslation('invest');
  const { data, loading } = useLoad('bonds', investApi.bonds);
  // Open offerings first, then those about to open.
  const primary = (data?.bonds ?? [])
    .filter((b) => b.offer && b.offer.status !== 'closed')
    .sort((a, b) => Number(b.offer?.status === 'open') - Number(a.offer?.status === 'open'));
  const secondary = (data?.bonds ?? []).filter((b) => b.tradable && b.offerPrice);
  return (
    <Page title={t('bonds.title')} intro={t('bonds.intro')} testId="bond-list">
      {data && <ProfileBanner profile={data.profile} />}
      {loading && <Loading />}
      {data && (
        <>
          <Box component="section" aria-labelledby="primary-title">
            <Typography id="primary-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('bonds.primary')}
            </Typography>
            {primary.length ? (
              <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
                {primary.map((b) => (
                  <BondCard key={b.code} bond={b} market="primary" />
                ))}
              </Stack>
            ) : (
              <Alert severity="info">{t('bonds.noOffering')}</Alert>
            )}
          </Box>
          <Box component="section" aria-labelledby="secondary-title">
            <Typography id="secondary-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
              {t('bonds.secondary')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('bonds.secondaryIntro')}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
              {secondary.map((b) => (
                <BondCard key={b.code} bond={b} market="secondary" />
              ))}
            </Stack>
          </Box>
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/applyandinvest/bonds-monitoring/">
          {t('monitoring.title')}
        </Button>
        <Button component={RouterLink} to="/applyandinvest/bonds-register/inquiry/">
          {t('register.title')}
        </Button>
      </Stack>
    </Page>
  );
}
