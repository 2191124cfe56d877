import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatBankDateTime } from '@/shared/bank-time';
import { formatDecimal } from '@/shared/decimal';
import type { PolicyDetail } from '@/shared/myaccount';
import { myAccountApi } from './api';
import { formatDate, formatMonth, langOf, money, type Lang } from './history-parts';
import { Card, Facts, Line, Loading, Page, useLoad } from './page-kit';

export type PolicyGroup = 'ba' | 'slfi';
export type PolicyView =
  'detail' | 'history' | 'claim-history' | 'beneficiary' | 'fund-detail' | 'other-services' | 'aia-detail';

/** The views of each group, as spec section 2 lists them (policy update waits for the engine's flows). */
export const POLICY_VIEWS: Record<PolicyGroup, PolicyView[]> = {
  ba: ['detail', 'history', 'claim-history', 'beneficiary', 'fund-detail', 'aia-detail'],
  slfi: ['detail', 'history', 'claim-history', 'beneficiary', 'fund-detail', 'other-services'],
};
const base = (g: PolicyGroup) => (g === 'ba' ? '/myaccount/investment-ba/' : '/myaccount/insurance-slfi/');

function DetailView({ p, lang }: { p: PolicyDetail; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  const method = p.paymentMethod.split(':');
  return (
    <Card testId="policy-detail">
      <Facts
        items={[
          [t('insurance.policyNo'), p.policyNo],
          [t('insurance.status'), t(`overview.policyStatus.${p.status}`, { defaultValue: p.status })],
          [t('insurance.insured'), p.insuredName],
          [t('insurance.plan'), t(`insurance.planType.${p.planType}`, { defaultValue: p.planType })],
          [t('insurance.sumAssured'), money(p.sumAssured, lang)],
          [
            t('insurance.premium'),
            `${money(p.premium, lang)} / ${t(`insurance.frequency.${p.premiumFrequency}`, { defaultValue: p.premiumFrequency })}`,
          ],
          [t('insurance.start'), formatDate(p.startDate, lang)],
          [t('insurance.end'), p.endDate ? formatDate(p.endDate, lang) : '-'],
          [t('insurance.nextPremium'), p.nextPremiumDate ? formatDate(p.nextPremiumDate, lang) : '-'],
          [
            t('insurance.paymentMethod'),
            method[1] ? t(`insurance.method.${method[0]}`, { source: method[1] }) : '-',
          ],
          [t('insurance.grace'), t('insurance.days', { days: p.graceDays })],
          ...(p.unitLinked
            ? ([[t('insurance.fundValue'), money(p.fundValue, lang)]] as Array<[string, string]>)
            : []),
        ]}
      />
      {p.riders.length > 0 && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {p.riders.map((r) => (
            <Chip key={r} size="small" label={t(`insurance.rider.${r}`, { defaultValue: r })} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function HistoryView({ p, lang }: { p: PolicyDetail; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  return (
    <Card title={t('insurance.views.history')}>
      {p.premiums.map((x) => (
        <Line
          key={`${x.period}-${x.status}`}
          testId="premium"
          title={t('insurance.premiumFor', { month: formatMonth(x.period, lang) })}
          sub={x.paidAt ? formatBankDateTime(x.paidAt, lang) : t(`insurance.premiumStatus.${x.status}`)}
          right={money(x.amount, lang)}
          rightSub={t(`insurance.premiumStatus.${x.status}`)}
        />
      ))}
    </Card>
  );
}

function ClaimsView({ p, lang }: { p: PolicyDetail; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  return (
    <Card title={t('insurance.views.claim-history')}>
      {p.claims.length === 0 ? (
        <Typography color="text.secondary" data-testid="claims-none">
          {t('insurance.noClaims')}
        </Typography>
      ) : (
        p.claims.map((c) => (
          <Line
            key={c.claimNo}
            testId="claim"
            title={`${t(`insurance.claimKind.${c.kind}`)} · ${c.claimNo}`}
            sub={t('insurance.submitted', { date: formatDate(c.submittedOn, lang) })}
            right={c.paid ? money(c.paid, lang) : money(c.claimed, lang)}
            rightSub={t(`insurance.claimStatus.${c.status}`)}
          />
        ))
      )}
    </Card>
  );
}

function BeneficiaryView({ p, lang }: { p: PolicyDetail; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  return (
    <Card title={t('insurance.views.beneficiary')}>
      {p.beneficiaries.map((b) => (
        <Line
          key={b.name}
          testId="beneficiary"
          title={b.name}
          sub={`${t(`insurance.relation.${b.relation}`)}${b.dateOfBirth ? ` · ${formatDate(b.dateOfBirth, lang)}` : ''}`}
          right={`${formatDecimal(b.sharePercent, lang, 2)}%`}
        />
      ))}
    </Card>
  );
}

function FundView({ p, lang }: { p: PolicyDetail; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  return (
    <Card title={t('insurance.views.fund-detail')}>
      {p.funds.length === 0 ? (
        <Typography color="text.secondary" data-testid="funds-none">
          {t('insurance.noFunds')}
        </Typography>
      ) : (
        <>
          {p.funds.map((f) => (
            <Line
              key={f.code}
              testId="fund"
              title={f.name}
              sub={t('insurance.fundLine', {
                units: formatDecimal(f.units, lang, 4),
                price: formatDecimal(f.unitPrice, lang, 4),
                date: formatDate(f.priceDate, lang),
                allocation: formatDecimal(f.allocationPercent, lang, 0),
              })}
              right={money(f.value, lang)}
              rightSub={t('product.risk', { level: f.riskLevel })}
            />
          ))}
          <Line title={t('insurance.fundValue')} right={money(p.fundValue, lang)} />
        </>
      )}
    </Card>
  );
}

function InsurerView({ p, services }: { p: PolicyDetail; services: boolean }) {
  const { t } = useTranslation('myaccount');
  const i = p.insurer;
  return (
    <>
      {i && (
        <Card title={i.name} testId="insurer">
          <Facts
            items={[
              [t('insurance.callCentre'), i.callCentre],
              [t('insurance.email'), i.email],
              [t('insurance.website'), i.website],
              [t('insurance.address'), i.address],
            ]}
          />
        </Card>
      )}
      {services && (
        <Card title={t('insurance.views.other-services')} testId="policy-services">
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('insurance.servicesIntro')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(['withdrawal', 'payout', 'maturity', 'disbursement-tax'] as const).map((s) => (
              <Button
                key={s}
                variant="outlined"
                component={RouterLink}
                to={`/myaccount/insurance/${s}/inquiry/`}
              >
                {t(`insurance.service.${s}`)}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
    </>
  );
}

/**
 * /myaccount/investment-ba/<view>/ and /myaccount/insurance-slfi/<view>/?policy=: one policy (the first
 * of the group when none is named) seen from one side. No policy of the group: its no-account dialog (0040).
 */
export function PolicyPage({ group, view }: { group: PolicyGroup; view: PolicyView }) {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const policyNo = params.get('policy') ?? undefined;
  const { data: p } = useLoad((s) => myAccountApi.policy(group, policyNo, s), [group, policyNo], {
    product: 'insurance',
  });
  const query = p ? `?policy=${encodeURIComponent(p.policyNo)}` : '';
  return (
    <Page
      title={p ? `${p.product}` : t(`insurance.group.${group}`)}
      testId="policy-page"
      intro={p ? `${p.provider} · ${p.policyNo}` : undefined}
    >
      {!p ? (
        <Loading />
      ) : (
        <>
          {p.others.length > 1 && (
            <TextField
              select
              size="small"
              label={t('insurance.policy')}
              value={p.policyNo}
              onChange={(e) => setParams({ policy: e.target.value })}
              sx={{ mb: 2, minWidth: 280 }}
            >
              {p.others.map((o) => (
                <MenuItem key={o.policyNo} value={o.policyNo}>
                  {o.product} · {o.policyNo}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Tabs
            value={view}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
            aria-label={t(`insurance.group.${group}`)}
          >
            {POLICY_VIEWS[group].map((v) => (
              <Tab
                key={v}
                value={v}
                label={t(`insurance.views.${v}`)}
                component={RouterLink}
                to={`${base(group)}${v}/${query}`}
                data-testid={`policy-tab-${v}`}
              />
            ))}
          </Tabs>
          {view === 'detail' && <DetailView p={p} lang={lang} />}
          {view === 'history' && <HistoryView p={p} lang={lang} />}
          {view === 'claim-history' && <ClaimsView p={p} lang={lang} />}
          {view === 'beneficiary' && <BeneficiaryView p={p} lang={lang} />}
          {view === 'fund-detail' && <FundView p={p} lang={lang} />}
          {(view === 'aia-detail' || view === 'other-services') && (
            <InsurerView p={p} services={view === 'other-services'} />
          )}
        </>
      )}
    </Page>
  );
}
