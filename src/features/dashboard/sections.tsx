import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { DashboardSummary } from './api';
import { formatDate, formatDecimal, money, type Lang } from './format';

function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'id';
}

export function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={`section-${id}`}
      sx={{ p: { xs: 2, md: 2.5 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {aside}
      </Stack>
      <Stack divider={<Divider flexItem />} spacing={1.5}>
        {children}
      </Stack>
    </Paper>
  );
}

function Row({
  left,
  sub,
  right,
  rightSub,
  testId,
}: {
  left: ReactNode;
  sub?: ReactNode;
  right: ReactNode;
  rightSub?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
      data-testid={testId}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{left}</Typography>
        {sub && (
          <Typography variant="body2" color="text.secondary" component="div">
            {sub}
          </Typography>
        )}
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{right}</Typography>
        {rightSub && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {rightSub}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export function AccountsSection({ accounts }: { accounts: DashboardSummary['accounts'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (accounts.length === 0) return null;
  return (
    <Section id="accounts" title={t('accounts.title')}>
      {accounts.map((a) => (
        <Box key={a.id} data-testid={`account-${a.accountNo}`}>
          <Row
            left={a.name}
            sub={`${t(`accounts.product.${a.product}`)} · ${a.accountNo}`}
            right={money(a.balance, lang)}
            rightSub={t('accounts.available', { amount: money(a.availableBalance, lang) })}
          />
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {a.isDefaultSource && <Chip size="small" label={t('accounts.defaultSource')} />}
            {a.isDefaultReceiving && <Chip size="small" label={t('accounts.defaultReceiving')} />}
            <Button
              size="small"
              component={RouterLink}
              to={`/myaccount/history/casa/?account=${a.id}`}
              aria-label={t('accounts.historyOf', { account: a.accountNo })}
              sx={{ ml: 'auto' }}
              data-testid={`account-history-${a.accountNo}`}
            >
              {t('accounts.history')}
            </Button>
          </Stack>
        </Box>
      ))}
    </Section>
  );
}

export function CreditCardsSection({ cards }: { cards: DashboardSummary['creditCards'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (cards.length === 0) return null;
  return (
    <Section id="cards" title={t('cards.title')}>
      {cards.map((c) => (
        <Box key={c.id} data-testid={`card-${c.id}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
            {c.supplementary && <Chip size="small" color="secondary" label={t('cards.supplementary')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {c.maskedNumber}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
            {(
              [
                ['limit', c.creditLimit],
                ['available', c.availableLimit],
                ['outstanding', c.outstanding],
              ] as const
            ).map(([k, m]) => (
              <Box key={k}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t(`cards.${k}`)}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: { xs: 13, sm: 15 } }}>
                  {money(m, lang)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Section>
  );
}

export function DepositsSection({ deposits }: { deposits: DashboardSummary['deposits'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (deposits.length === 0) return null;
  return (
    <Section id="deposits" title={t('deposits.title')}>
      {deposits.map((d) => (
        <Row
          key={d.id}
          left={d.accountNo}
          sub={
            <>
              {t('deposits.terms', { months: d.tenorMonths, rate: formatDecimal(d.rate, lang) })}
              {' · '}
              {t('deposits.maturity', { date: formatDate(d.maturityDate, lang) })}
              {d.aro && ` · ${t('deposits.aro')}`}
            </>
          }
          right={money(d.principal, lang)}
        />
      ))}
    </Section>
  );
}

export function LoansSection({ loans }: { loans: DashboardSummary['loans'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (loans.length === 0) return null;
  return (
    <Section id="loans" title={t('loans.title')}>
      {loans.map((l) => (
        <Row
          key={l.id}
          left={l.accountNo}
          sub={t('loans.next', { amount: money(l.installment, lang), date: formatDate(l.nextDueDate, lang) })}
          right={money(l.outstanding, lang)}
          rightSub={t('loans.outstanding')}
        />
      ))}
    </Section>
  );
}

export function InvestmentsSection({ investments }: { investments: DashboardSummary['investments'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const { mutualFunds, bonds, totalMarketValue } = investments;
  const pending = investments.pendingOrders ?? [];
  if (mutualFunds.length === 0 && bonds.length === 0 && pending.length === 0) return null;
  return (
    <Section id="investments" title={t('investments.title')}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('investments.total')}
        </Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 22 }} data-testid="investment-total">
          {money(totalMarketValue, lang)}
        </Typography>
      </Box>
      {mutualFunds.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('investments.mutualFunds')}
          </Typography>
          <Stack spacing={1}>
            {mutualFunds.map((f) => (
              <Row
                key={f.code}
                left={f.name}
                sub={t('investments.units', {
                  units: formatDecimal(f.units, lang, 4),
                  nav: formatDecimal(f.nav, lang, 4),
                })}
                right={money(f.marketValue, lang)}
              />
            ))}
          </Stack>
        </Box>
      )}
      {bonds.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('investments.bonds')}
          </Typography>
          <Stack spacing={1}>
            {bonds.map((b) => (
              <Row
                key={b.code}
                left={b.name}
                sub={t('investments.faceValue', { amount: money(b.faceValue, lang) })}
                right={money(b.marketValue, lang)}
              />
            ))}
          </Stack>
        </Box>
      )}
      {pending.length > 0 && (
        <Box data-testid="investment-pending">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('investments.pending')}
          </Typography>
          <Stack spacing={1}>
            {pending.map((o) => (
              <Row
                key={o.referenceNo}
                left={o.productName}
                sub={t(`investments.orderKinds.${o.kind}`)}
                right={money(o.value, lang)}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Section>
  );
}

export function InsuranceSection({ policies }: { policies: DashboardSummary['insurance'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (policies.length === 0) return null;
  return (
    <Section id="insurance" title={t('insurance.title')}>
      {policies.map((p) => (
        <Row
          key={p.policyNo}
          left={p.product}
          sub={`${p.policyNo} · ${t(`insurance.status.${p.status}`)}`}
          right={money(p.sumAssured, lang)}
          rightSub={t('insurance.sumAssured')}
        />
      ))}
    </Section>
  );
}

export function GoldSection({ gold }: { gold: DashboardSummary['gold'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (!gold) return null;
  return (
    <Section id="gold" title={t('gold.title')}>
      <Row
        left={t('gold.grams', { grams: formatDecimal(gold.grams, lang, 4) })}
        sub={gold.accountNo}
        right={money(gold.marketValue, lang)}
        rightSub={t('gold.marketValue')}
      />
    </Section>
  );
}

export function PoinXtraSection({ poin }: { poin: DashboardSummary['poinXtra'] }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (!poin) return null;
  return (
    <Section id="poinxtra" title={t('poinXtra.title')}>
      <Row
        left={t('poinXtra.balance')}
        right={t('poinXtra.points', {
          // (grouped as money is, not by Intl.NumberFormat, whose first use loads ICU's number data)
          points: formatDecimal(String(poin.points), lang, 0),
        })}
      />
    </Section>
  );
}
