import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDecimal } from '@/shared/decimal';
import type { MyAccountOverview } from '@/shared/myaccount';
import { useErrorHandler, useFeatureGate } from '@/shared/ui';
import { myAccountApi } from './api';
import { formatDate, langOf, money } from './history-parts';

const productLink = (code: string) =>
  `/myaccount/investment/product-detail/?code=${encodeURIComponent(code)}`;

interface LinkSpec {
  to: string;
  label: string;
  testId?: string;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper component="section" sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }} data-testid={testId} aria-label={title}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Row({
  title,
  sub,
  right,
  rightSub,
  chips = [],
  links = [],
}: {
  title: string;
  sub: string;
  right: string;
  rightSub?: string;
  chips?: string[];
  links?: LinkSpec[];
}) {
  return (
    <Box
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
      data-testid="product-row"
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {sub}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{right}</Typography>
          {rightSub && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {rightSub}
            </Typography>
          )}
        </Box>
      </Stack>
      {(chips.length > 0 || links.length > 0) && (
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {chips.map((c) => (
            <Chip key={c} size="small" label={c} />
          ))}
          <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {links.map((l) => (
              <Button key={l.to} size="small" component={RouterLink} to={l.to} data-testid={l.testId}>
                {l.label}
              </Button>
            ))}
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/**
 * /myaccount/: every product the customer holds, each leading to its pages (histories, statements,
 * portfolio, loans, insurance), and the statements of all of them together.
 */
export function MyAccountPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [o, setO] = useState<MyAccountOverview>();
  const gate = useFeatureGate(o?.customer);

  useEffect(() => {
    const ctrl = new AbortController();
    myAccountApi.overview(ctrl.signal).then(setO, (err: unknown) => {
      if (!ctrl.signal.aborted) errors.showError(err);
    });
    return () => ctrl.abort();
  }, [errors]);

  if (!o) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  const casa = o.accounts.filter((a) => !a.rekpon);
  const rekpon = o.accounts.filter((a) => a.rekpon);
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid="myaccount-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('overview.title')}
      </Typography>
      {gate.dialogs}
      {!o.customer.hasCasa && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="myaccount-no-casa"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => gate.check('casa')}
              data-testid="myaccount-open-account"
            >
              {t(o.customer.supplementary ? 'overview.why' : 'overview.openAccount')}
            </Button>
          }
        >
          {t(o.customer.supplementary ? 'overview.supplementaryOnly' : 'overview.cardOnly')}
        </Alert>
      )}
      {casa.length > 0 && (
        <Section title={t('overview.casa')} testId="myaccount-casa">
          {casa.map((a) => (
            <Row
              key={a.id}
              title={a.name}
              sub={`${t(`overview.product.${a.product}`)} · ${a.accountNo}`}
              right={money(a.balance, lang)}
              rightSub={t('overview.available', { amount: money(a.availableBalance, lang) })}
              chips={[
                ...(a.hiddenOnDashboard ? [t('overview.hiddenOnDashboard')] : []),
                ...(a.hiddenAsSource ? [t('overview.hiddenAsSource')] : []),
              ]}
              links={[
                {
                  to: `/myaccount/history/casa/?account=${a.id}`,
                  label: t('overview.historyAndStatements'),
                  testId: `myaccount-history-${a.accountNo}`,
                },
              ]}
            />
          ))}
        </Section>
      )}
      {rekpon.length > 0 && (
        <Section title={t('overview.rekpon')} testId="myaccount-rekpon">
          {rekpon.map((a) => (
            <Row
              key={a.id}
              title={a.name}
              sub={`${a.phone ?? ''} · ${a.accountNo}`}
              right={money(a.balance, lang)}
              links={[
                {
                  to: `/myaccount/history/rekpon/?account=${a.id}`,
                  label: t('overview.historyAndStatements'),
                  testId: `myaccount-history-${a.accountNo}`,
                },
              ]}
            />
          ))}
        </Section>
      )}
      {o.creditCards.length > 0 && (
        <Section title={t('overview.cards')} testId="myaccount-cards">
          {o.creditCards.map((c) => (
            <Row
              key={c.id}
              title={c.name}
              sub={c.maskedNumber}
              right={money(c.outstanding, lang)}
              rightSub={t('overview.availableLimit', { amount: money(c.availableLimit, lang) })}
              chips={[
                ...(c.supplementary ? [t('overview.supplementary')] : []),
                ...(c.status !== 'active' ? [t(`overview.cardStatus.${c.status}`)] : []),
              ]}
              links={[
                {
                  to: `/myaccount/history/cc/?account=${c.id}`,
                  label: t('overview.billsAndTransactions'),
                  testId: `myaccount-cc-${c.maskedNumber.slice(-4)}`,
                },
              ]}
            />
          ))}
        </Section>
      )}
      {o.deposits.length > 0 && (
        <Section title={t('overview.deposits')} testId="myaccount-deposits">
          {o.deposits.map((d) => (
            <Row
              key={d.id}
              title={d.accountNo}
              sub={t('overview.depositTerms', {
                months: d.tenorMonths,
                rate: formatDecimal(d.rate, lang, 2),
              })}
              right={money(d.principal, lang)}
              rightSub={t('overview.maturity', { date: formatDate(d.maturityDate, lang) })}
              chips={[t(d.aro ? 'overview.aroOn' : 'overview.aroOff')]}
            />
          ))}
        </Section>
      )}
      {o.loans.length > 0 && (
        <Section title={t('overview.loans')} testId="myaccount-loans">
          {o.loans.map((l) => (
            <Row
              key={l.id}
              title={l.accountNo}
              sub={t('overview.nextInstallment', {
                amount: money(l.installment, lang),
                date: formatDate(l.nextDueDate, lang),
              })}
              right={money(l.outstanding, lang)}
              rightSub={t('overview.outstanding')}
              links={[
                {
                  to: '/myaccount/octoloan/',
                  label: t('overview.loanDetails'),
                  testId: 'myaccount-octoloan',
                },
                { to: '/installment-summary/', label: t('installments.title') },
              ]}
            />
          ))}
        </Section>
      )}
      {(o.mutualFunds.length > 0 || o.bonds.length > 0) && (
        <Section title={t('overview.investments')} testId="myaccount-investments">
          {o.mutualFunds.map((f) => (
            <Row
              key={f.code}
              title={f.name}
              sub={t('overview.units', {
                units: formatDecimal(f.units, lang, 4),
                nav: formatDecimal(f.nav, lang, 4),
              })}
              right={money(f.marketValue, lang)}
              links={[{ to: productLink(f.code), label: t('overview.productDetail') }]}
            />
          ))}
          {o.bonds.map((b) => (
            <Row
              key={b.code}
              title={b.name}
              sub={t('overview.faceValue', { amount: money(b.faceValue, lang) })}
              right={money(b.marketValue, lang)}
              links={[{ to: productLink(b.code), label: t('overview.productDetail') }]}
            />
          ))}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            {o.mutualFunds.length > 0 && (
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to="/myaccount/history/investment-mf/"
                data-testid="myaccount-mf-history"
              >
                {t('overview.mfHistory')}
              </Button>
            )}
            {o.bonds.length > 0 && (
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to="/myaccount/history/investment-bonds/"
                data-testid="myaccount-bonds-history"
              >
                {t('overview.bondsHistory')}
              </Button>
            )}
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to="/myaccount/portfolio/"
              data-testid="myaccount-portfolio"
            >
              {t('portfolio.title')}
            </Button>
          </Stack>
        </Section>
      )}
      {o.insurance.length > 0 && (
        <Section title={t('overview.insurance')} testId="myaccount-insurance">
          {o.insurance.map((p) => (
            <Row
              key={p.policyNo}
              title={p.product}
              sub={`${p.provider} · ${p.policyNo}`}
              right={money(p.sumAssured, lang)}
              rightSub={t('overview.sumAssured')}
              chips={[t(`overview.policyStatus.${p.status}`, { defaultValue: p.status })]}
              links={[
                {
                  to: `/myaccount/${p.provider === 'SLFI' ? 'insurance-slfi' : 'investment-ba'}/detail/?policy=${encodeURIComponent(p.policyNo)}`,
                  label: t('overview.policyDetails'),
                  testId: `myaccount-policy-${p.policyNo}`,
                },
              ]}
            />
          ))}
        </Section>
      )}
      {o.gold && (
        <Section title={t('overview.gold')} testId="myaccount-gold">
          <Row
            title={o.gold.accountNo}
            sub={t('overview.grams', { grams: formatDecimal(o.gold.grams, lang, 4) })}
            right={money(o.gold.marketValue, lang)}
          />
        </Section>
      )}
      <Section title={t('overview.statements')} testId="myaccount-statements">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            component={RouterLink}
            to="/myaccount/combined-statement/"
            data-testid="myaccount-combined"
          >
            {t('statements.combinedTitle')}
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to="/myaccount/tax-report/"
            data-testid="myaccount-tax"
          >
            {t('statements.taxTitle')}
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to="/myaccount/consolidated-portfolio/"
            data-testid="myaccount-consolidated"
          >
            {t('consolidated.title')}
          </Button>
        </Stack>
      </Section>
    </Box>
  );
}
