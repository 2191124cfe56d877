import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatBankDateTime } from '@/shared/bank-time';
import { formatDecimal } from '@/shared/decimal';
import { myAccountApi } from './api';
import { formatDate, langOf, money } from './history-parts';
import { Card, Facts, Line, Loading, Notice, Page, useLoad, WayBack } from './page-kit';

/** /myaccount/octoloan/: the loan line (plafond, owed, what can still be drawn) and its instalments. */
export function OctoloanPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const { data } = useLoad((s) => myAccountApi.octoloan(s), [], { product: 'loan' });
  return (
    <Page title={t('octoloan.title')} testId="octoloan-page">
      {!data ? (
        <Loading />
      ) : (
        data.loans.map((l) => (
          <Card key={l.id} title={`${l.name} · ${l.accountNo}`} testId="octoloan-line">
            <Facts
              items={[
                [t('octoloan.plafond'), money(l.plafond, lang)],
                [t('octoloan.outstanding'), money(l.outstanding, lang)],
                [t('octoloan.available'), money(l.available, lang)],
                [t('octoloan.rate'), `${formatDecimal(l.rate, lang, 2)}%`],
                [t('octoloan.installment'), money(l.installment, lang)],
                [t('octoloan.nextDue'), formatDate(l.nextDueDate, lang)],
                [
                  t('octoloan.paidOf', { paid: l.installmentsPaid, tenor: l.tenorMonths }),
                  `${l.installmentsLeft}`,
                ],
                [t('octoloan.debitAccount'), l.debitAccountNo ?? '-'],
              ]}
            />
            <LinearProgress
              variant="determinate"
              value={(l.installmentsPaid * 100) / Math.max(1, l.tenorMonths)}
              sx={{ mt: 2, height: 8, borderRadius: 4 }}
              aria-label={t('octoloan.progress')}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                component={RouterLink}
                to="/myaccount/octoloan/withdrawal-history/"
                data-testid="octoloan-history"
              >
                {t('octoloan.history')}
              </Button>
              <Button variant="outlined" component={RouterLink} to="/installment-summary/">
                {t('installments.title')}
              </Button>
            </Stack>
          </Card>
        ))
      )}
    </Page>
  );
}

/** /myaccount/octoloan/withdrawal-history/: the money drawn from the loan, newest first, each to its details. */
export function WithdrawalHistoryPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const { data } = useLoad((s) => myAccountApi.withdrawals(s), [], { product: 'loan' });
  return (
    <Page title={t('octoloan.history')} testId="withdrawal-history-page">
      {!data ? (
        <Loading />
      ) : (
        <Card>
          {data.withdrawals.map((w) => (
            <Line
              key={w.referenceNo}
              testId="withdrawal"
              title={
                <RouterLink
                  to={`/myaccount/octoloan/withdrawal-details/?ref=${encodeURIComponent(w.referenceNo)}`}
                >
                  {w.description}
                </RouterLink>
              }
              sub={`${formatBankDateTime(w.at, lang)} · ${t('history.reference', { referenceNo: w.referenceNo })}`}
              right={money(w.amount, lang)}
              rightSub={w.toAccountNo ? t('octoloan.to', { account: w.toAccountNo }) : undefined}
            />
          ))}
        </Card>
      )}
    </Page>
  );
}

/** /myaccount/octoloan/withdrawal-details/?ref=: one withdrawal with the loan's terms. */
export function WithdrawalDetailsPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  // Opened without a withdrawal (a bookmark, an address typed): nothing to ask; the history to choose from.
  const { data, failed, notice } = useLoad(
    (s) => (ref ? myAccountApi.withdrawal(ref, s) : Promise.resolve(null)),
    [ref],
    { product: 'loan' },
  );
  return (
    <Page title={t('octoloan.details')} testId="withdrawal-details-page">
      {failed || notice || data === null ? (
        <WayBack
          notice={notice}
          noneChosen={data === null ? t('octoloan.noneChosen') : undefined}
          testId="withdrawal-none-chosen"
          to="/myaccount/octoloan/withdrawal-history/"
          label={t('octoloan.history')}
        />
      ) : !data ? (
        <Loading />
      ) : (
        <Card testId="withdrawal-facts">
          <Facts
            items={[
              [t('octoloan.amount'), money(data.amount, lang)],
              [t('octoloan.date'), formatBankDateTime(data.at, lang)],
              [t('octoloan.reference'), data.referenceNo],
              [t('octoloan.status'), t(`history.status.${data.status}`, { defaultValue: data.status })],
              [t('octoloan.loanAccount'), data.loanAccountNo],
              [t('octoloan.toAccount'), data.toAccountNo ?? '-'],
              [t('octoloan.rate'), `${formatDecimal(data.rate, lang, 2)}%`],
              [t('octoloan.tenor'), t('octoloan.months', { months: data.tenorMonths })],
              [t('octoloan.installment'), money(data.installment, lang)],
            ]}
          />
        </Card>
      )}
    </Page>
  );
}

/** /installment-summary/: every instalment the customer pays; none is said in place (T1, T2, 5072, 1213). */
export function InstallmentSummaryPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const { data, notice } = useLoad((s) => myAccountApi.installments(s), [], { area: 'installment' });
  return (
    <Page title={t('installments.title')} testId="installment-summary-page">
      {notice ? (
        <Notice view={notice} testId="installments-none" />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <Card testId="installments-total">
            <Facts items={[[t('installments.monthly'), money(data.monthlyTotal, lang)]]} />
          </Card>
          <Card>
            {data.items.map((i) => (
              <Line
                key={i.accountNo}
                testId="installment"
                title={`${i.name} · ${i.accountNo}`}
                sub={t('installments.progress', {
                  paid: i.paid,
                  tenor: i.tenorMonths,
                  date: formatDate(i.nextDueDate, lang),
                })}
                right={money(i.installment, lang)}
                rightSub={t('installments.remaining', { amount: money(i.remaining, lang) })}
              />
            ))}
          </Card>
        </>
      )}
    </Page>
  );
}
