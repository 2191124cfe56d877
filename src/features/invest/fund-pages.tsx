import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { FundSummary } from '@/shared/invest/types';
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
import { date, formatDecimal, money, percent, signedPercent, useLang } from './format';
import { BondDetails } from './bond-pages';

const FUND_TYPES = ['money_market', 'fixed_income', 'balanced', 'equity'] as const;
export const subscribePath = (code: string) =>
  `/applyandinvest/mutualfund/${encodeURIComponent(code)}/subscription/inquiry/`;
export const redeemPath = (code: string) =>
  `/applyandinvest/mutualfund/${encodeURIComponent(code)}/redemption/inquiry/`;
export const switchPath = (code: string) =>
  `/applyandinvest/mutualfund/${encodeURIComponent(code)}/switching/inquiry/`;
/** A regular plan (regular, crisp, crispplus) into the fund. */
export const planPath = (plan: 'regular' | 'crisp' | 'crispplus', code: string) =>
  `/applyandinvest/mutualfund/${plan}/subscription/inquiry/?fund=${encodeURIComponent(code)}`;
export const fundDetailsPath = (code: string) =>
  `/applyandinvest/pasardana/product-details/?code=${encodeURIComponent(code)}`;

function ReturnText({ value }: { value: string | null }) {
  const lang = useLang();
  if (value === null) return <>-</>;
  return (
    <Box component="span" sx={{ color: value.startsWith('-') ? 'error.main' : 'success.dark' }}>
      {signedPercent(value, lang)}
    </Box>
  );
}

function FundCard({ fund }: { fund: FundSummary }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  return (
    <Card component="li" testId="fund">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Stack spacing={1.25} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              <Box component={RouterLink} to={fundDetailsPath(fund.code)} sx={{ color: 'inherit' }}>
                {fund.name}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {fund.manager}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <RiskChip level={fund.riskLevel} />
            <Chip size="small" variant="outlined" label={t(`fundTypes.${fund.fundType}`)} />
            {fund.sharia && (
              <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
            )}
            {fund.currency !== 'IDR' && <Chip size="small" variant="outlined" label={fund.currency} />}
          </Stack>
          <Facts
            items={[
              [t('fund.navOn', { date: date(fund.navDate, lang) }), formatDecimal(fund.nav, lang, 4)],
              [t('fund.return1y'), <ReturnText key="r" value={fund.return1y} />],
              [t('fund.minSubscription'), money(fund.minSubscription, lang)],
              [t('fund.subscriptionFee'), percent(fund.subscriptionFee, lang)],
            ]}
          />
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' }, flexShrink: 0 }}>
          <EligibilityAction
            eligibility={fund.eligibility}
            code={fund.code}
            buyTo={subscribePath(fund.code)}
            buyLabel={t('actions.subscribe')}
          />
          <HeldActions fund={fund} />
          <Button size="small" component={RouterLink} to={fundDetailsPath(fund.code)}>
            {t('actions.details')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** What the customer can do with units they hold: sell (redeem) or switch them. */
function HeldActions({ fund }: { fund: FundSummary }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  if (!fund.heldUnits) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }} data-testid="held">
      <Typography variant="caption" color="text.secondary">
        {t('fund.held', { units: formatDecimal(fund.heldUnits, lang, 4) })}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={redeemPath(fund.code)}
          data-testid="redeem"
        >
          {t('actions.redeem')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={switchPath(fund.code)}
          data-testid="switch"
        >
          {t('actions.switch')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The bank's regular plans into a fund: a fixed monthly amount, or to a target (CRISP, CRISP Plus). */
function PlanLinks({ code }: { code: string }) {
  const { t } = useTranslation('invest');
  return (
    <Card testId="fund-plans">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('fund.plans.title')}
      </Typography>
      <Stack spacing={1}>
        {(['regular', 'crisp', 'crispplus'] as const).map((plan) => (
          <Stack
            key={plan}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`fund.plans.${plan}.name`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`fund.plans.${plan}.text`)}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={planPath(plan, code)}
              data-testid={`plan-${plan}`}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              {t('fund.plans.start')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** /applyandinvest/product-list-mf/: the funds, their risk and returns, and which the profile allows. */
export function FundListPage() {
  const { t } = useTranslation('invest');
  const [params, setParams] = useSearchParams();
  const type = FUND_TYPES.find((f) => f === params.get('type'));
  const sharia = params.get('sharia') === '1';
  const { data, loading } = useLoad('funds', investApi.funds);
  const shown = (data?.funds ?? []).filter((f) => (!type || f.fundType === type) && (!sharia || f.sharia));
  const set = (nextType: string | undefined, nextSharia: boolean) => {
    const p = new URLSearchParams();
    if (nextType) p.set('type', nextType);
    if (nextSharia) p.set('sharia', '1');
    setParams(p, { replace: true });
  };
  return (
    <Page title={t('funds.title')} intro={t('funds.intro')} testId="fund-list">
      {data && <ProfileBanner profile={data.profile} />}
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label={t('funds.filter')}
      >
        <Chip
          label={t('productList.all')}
          color={!type ? 'primary' : 'default'}
          variant={!type ? 'filled' : 'outlined'}
          onClick={() => set(undefined, sharia)}
          aria-pressed={!type}
        />
        {FUND_TYPES.map((f) => (
          <Chip
            key={f}
            label={t(`fundTypes.${f}`)}
            color={type === f ? 'primary' : 'default'}
            variant={type === f ? 'filled' : 'outlined'}
            onClick={() => set(f, sharia)}
            aria-pressed={type === f}
          />
        ))}
        <Chip
          label={t('labels.shariaOnly')}
          color={sharia ? 'success' : 'default'}
          variant={sharia ? 'filled' : 'outlined'}
          onClick={() => set(type, !sharia)}
          aria-pressed={sharia}
        />
      </Stack>
      {loading ? (
        <Loading />
      ) : shown.length ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {shown.map((f) => (
            <FundCard key={f.code} fund={f} />
          ))}
        </Stack>
      ) : (
        <NotFound message={t('funds.empty')} />
      )}
      <Typography variant="caption" color="text.secondary">
        {t('funds.disclaimer')}
      </Typography>
    </Page>
  );
}

const RANGES = { m1: 30, m3: 91, m6: 182, y1: 366 } as const;
type Range = keyof typeof RANGES;

/** /applyandinvest/pasardana/product-details/?code=: a fund (or with type=bond, a bond) in detail. */
export function ProductDetailsPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (params.get('type') === 'bond' && code && /^[A-Z0-9-]{1,30}$/.test(code))
    return <BondDetails code={code} />;
  return <FundDetailsPage />;
}

/** A fund's facts, fees, returns and NAV chart. */
function FundDetailsPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const [params] = useSearchParams();
  const code = params.get('code');
  const valid = !!code && /^[A-Z0-9-]{1,30}$/.test(code);
  const { data: fund, loading } = useLoad(valid ? code : null, () => investApi.fund(code!));
  const [range, setRange] = useState<Range>('y1');
  const points = useMemo(() => {
    const h = fund?.history ?? [];
    const last = h[h.length - 1];
    if (!last) return [];
    const from = new Date(Date.parse(`${last.date}T00:00:00Z`) - RANGES[range] * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return h.filter((p) => p.date > from);
  }, [fund, range]);
  if (!valid || (!loading && !fund))
    return (
      <Page title={t('fund.title')} testId="fund-details">
        <NotFound message={t('productDetails.missing')} />
        <Button component={RouterLink} to="/applyandinvest/product-list-mf/" sx={{ alignSelf: 'flex-start' }}>
          {t('funds.title')}
        </Button>
      </Page>
    );
  if (!fund) return <Loading />;
  const digits = fund.currency === 'IDR' ? 2 : 4;
  return (
    <Page
      title={fund.name}
      intro={`${fund.manager} · ${t(`fundTypes.${fund.fundType}`)}`}
      testId="fund-details"
    >
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('fund.navOn', { date: date(fund.navDate, lang) })}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="fund-nav">
              {fund.currency === 'IDR' && lang === 'id' ? 'Rp' : fund.currency}{' '}
              {formatDecimal(fund.nav, lang, 4)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
              <RiskChip level={fund.riskLevel} />
              {fund.sharia && (
                <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
              )}
            </Stack>
          </Box>
          <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
            <EligibilityAction
              eligibility={fund.eligibility}
              code={fund.code}
              buyTo={subscribePath(fund.code)}
              buyLabel={t('actions.subscribe')}
            />
            <HeldActions fund={fund} />
          </Stack>
        </Stack>
      </Card>
      {fund.eligibility.allowed && <PlanLinks code={fund.code} />}
      <Card testId="nav-history">
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('fund.navHistory')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_, v: Range | null) => v && setRange(v)}
            aria-label={t('fund.range')}
          >
            {(Object.keys(RANGES) as Range[]).map((r) => (
              <ToggleButton key={r} value={r}>
                {t(`fund.ranges.${r}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <PriceChart
          dates={points.map((p) => p.date)}
          series={[{ label: t('fund.nav'), values: points.map((p) => Number(p.value)) }]}
          format={(v) => formatDecimal(v.toFixed(digits), lang, digits)}
          lang={lang}
          label={t('fund.chartLabel', { name: fund.name, range: t(`fund.ranges.${range}`) })}
        />
        <Box sx={{ mt: 1.5 }}>
          <Facts
            items={[
              [t('fund.ranges.m1'), <ReturnText key="m1" value={fund.returns.m1} />],
              [t('fund.ranges.m3'), <ReturnText key="m3" value={fund.returns.m3} />],
              [t('fund.ranges.m6'), <ReturnText key="m6" value={fund.returns.m6} />],
              [t('fund.ranges.y1'), <ReturnText key="y1" value={fund.returns.y1} />],
            ]}
          />
        </Box>
      </Card>
      <Card testId="fund-facts">
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('fund.facts')}
        </Typography>
        <Facts
          items={[
            [t('fund.minSubscription'), money(fund.minSubscription, lang)],
            [t('fund.minTopup'), money(fund.minTopup, lang)],
            [t('fund.multiple'), money(fund.subscriptionMultiple, lang)],
            [
              t('fund.minRedemption'),
              t('fund.units', { units: formatDecimal(fund.minRedemptionUnits, lang, 4) }),
            ],
            [t('fund.cutoff'), t('fund.cutoffValue', { time: fund.cutoffTime })],
            [t('fund.subscriptionFee'), percent(fund.subscriptionFee, lang)],
            [t('fund.redemptionFee'), percent(fund.redemptionFee, lang)],
            [t('fund.switchingFee'), percent(fund.switchingFee, lang)],
            [t('fund.managementFee'), t('fund.perYear', { rate: percent(fund.managementFee, lang) })],
            [t('fund.settlement'), t('fund.settlementValue', { days: fund.settlementDays })],
            [t('fund.aum'), money(fund.aum, lang)],
            [t('fund.custodian'), fund.custodian],
            [t('fund.launch'), date(fund.launchDate, lang)],
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('fund.cutoffNote', { time: fund.cutoffTime })}
        </Typography>
      </Card>
      <Typography variant="caption" color="text.secondary">
        {t('funds.disclaimer')}
      </Typography>
    </Page>
  );
}
