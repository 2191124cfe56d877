import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BondHolding, BondSummary } from '@/shared/invest/types';
import { investApi, useLoad } from './api';
import {
  Card,
  EligibilityAction,
  Facts,
  Loading,
  NotFound,
  Page,
  PriceChart,
  ProfileBanner,
  RiskChip,
} from './common';
import { date, dateTime, formatDecimal, money, percent, useLang } from './format';

const buyPath = (code: string) => `/applyandinvest/bonds/buy/inquiry/?code=${encodeURIComponent(code)}`;
export const bondDetailsPath = (code: string) =>
  `/applyandinvest/pasardana/product-details/?type=bond&code=${encodeURIComponent(code)}`;
const sellPath = (code: string) => `/applyandinvest/bonds/sell/inquiry/?code=${encodeURIComponent(code)}`;

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

/** /applyandinvest/bonds-register/inquiry/: whether the customer can hold bonds and funds, and what is missing. */
export function BondsRegisterPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data, loading } = useLoad('register', investApi.riskProfile);
  if (loading || !data)
    return (
      <Page title={t('register.title')} testId="bonds-register">
        {loading && <Loading />}
      </Page>
    );
  const profileOk = !!data.profile && !data.profile.expired;
  return (
    <Page title={t('register.title')} intro={t('register.intro')} testId="bonds-register">
      <Card testId="investor-account">
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('register.investorAccount')}
        </Typography>
        {data.investor ? (
          <Facts
            items={[
              [t('register.sid'), data.investor.sid],
              [t('register.securitiesAccount'), data.investor.securitiesAccountNo],
              [t('register.registeredOn'), date(data.investor.registeredAt, lang)],
              [t('register.status'), t('register.active')],
            ]}
          />
        ) : (
          <Alert severity="warning" data-testid="no-investor-account">
            {t('register.none')}
          </Alert>
        )}
      </Card>
      <ProfileBanner profile={data.profile} />
      <Alert severity={data.investor && profileOk ? 'success' : 'info'} data-testid="register-outcome">
        {data.investor && profileOk
          ? t('register.ready')
          : data.investor
            ? t('register.needProfile')
            : t('register.howTo')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to="/applyandinvest/product-list-bonds/"
          variant="contained"
          disabled={!data.investor || !profileOk}
        >
          {t('bonds.title')}
        </Button>
        <Button component={RouterLink} to="/applyandinvest/product-list-mf/">
          {t('funds.title')}
        </Button>
      </Stack>
    </Page>
  );
}

/** A bond's facts and six months of its price (pasardana/product-details/?type=bond&code=). */
export function BondDetails({ code }: { code: string }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data: bond, loading } = useLoad(code, () => investApi.bond(code));
  if (loading) return <Loading />;
  if (!bond)
    return (
      <Page title={t('bonds.title')} testId="bond-details">
        <NotFound message={t('productDetails.missing')} />
      </Page>
    );
  const pct = (p: string | null) => (p ? `${formatDecimal(p, lang, 2)}%` : '-');
  const buyable = bond.offer?.status === 'open' || (bond.tradable && !!bond.offerPrice);
  return (
    <Page title={bond.name} intro={`${bond.code} · ${bond.issuer}`} testId="bond-details">
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'flex-start' }}>
            <RiskChip level={bond.riskLevel} />
            {bond.sharia && (
              <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={bond.tradable ? t('bond.tradable') : t('bond.notTradable')}
            />
          </Stack>
          {buyable && (
            <EligibilityAction
              eligibility={bond.eligibility}
              code={bond.code}
              buyTo={buyPath(bond.code)}
              buyLabel={t('actions.buy')}
            />
          )}
        </Stack>
        <Box sx={{ mt: 2 }}>
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
              [t('bond.offerPrice'), pct(bond.offerPrice)],
              [t('bond.bidPrice'), pct(bond.bidPrice)],
              [t('bond.priceDate'), date(bond.priceDate, lang)],
            ]}
          />
        </Box>
      </Card>
      {bond.history.length > 1 && (
        <Card testId="bond-history">
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('bond.priceHistory')}
          </Typography>
          <PriceChart
            dates={bond.history.map((p) => p.date)}
            series={[{ label: t('bond.price'), values: bond.history.map((p) => Number(p.value)) }]}
            format={(v) => `${formatDecimal(v.toFixed(2), lang, 2)}%`}
            lang={lang}
            label={t('bond.chartLabel', { name: bond.name })}
          />
        </Card>
      )}
    </Page>
  );
}
