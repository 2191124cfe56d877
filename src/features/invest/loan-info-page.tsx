import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { simulateLoan } from '@/shared/invest/loan-simulation';
import type { CatalogueProduct } from '@/shared/invest/types';
import { investApi, useLoad } from './api';
import { Card, Facts, Loading, NotFound, Page } from './common';
import { money, useLang } from './format';
import { applyPath, Highlights, ProductFacts } from './product-facts';

const SHOWN_ROWS = 12;

/** Percent text × amount in minor units, rounded half up (fees are at most 2 decimals). */
const percentOf = (amount: number, rate: string) =>
  Math.round((amount * Math.round(Number(rate) * 100)) / 10_000);

function Simulator({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const f = product.facts;
  const tenors = f.tenorMonths ?? [12];
  const min = f.minAmount?.amount ?? 0;
  const max = f.maxAmount?.amount ?? 0;
  const [text, setText] = useState(String(Math.min(max, Math.max(min, 50_000_000_00)) / 100));
  const [tenor, setTenor] = useState(tenors[Math.min(1, tenors.length - 1)]!);
  const [all, setAll] = useState(false);
  const digits = text.replace(/\D/g, '');
  const amount = digits ? Number(digits) * 100 : 0;
  const error = !digits
    ? t('loan.amountRequired')
    : amount < min || amount > max
      ? t('loan.amountRange', { min: money(f.minAmount!, lang), max: money(f.maxAmount!, lang) })
      : null;
  const sim = useMemo(
    () =>
      error || !f.yearlyRate ? null : simulateLoan({ amount, yearlyRate: f.yearlyRate, tenorMonths: tenor }),
    [amount, tenor, error, f.yearlyRate],
  );
  const idr = (v: number) => money({ amount: v, currency: product.currency }, lang);
  const provision = f.provisionFee ? percentOf(amount, f.provisionFee) : 0;
  const admin = f.adminFee?.amount ?? 0;
  return (
    <Card testId="loan-simulator">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('loan.simulation')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={t('loan.amount')}
          value={
            digits ? new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(Number(digits)) : ''
          }
          onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 12))}
          error={!!error}
          helperText={
            error ?? t('loan.amountHint', { min: money(f.minAmount!, lang), max: money(f.maxAmount!, lang) })
          }
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">{lang === 'id' ? 'Rp' : 'IDR'}</InputAdornment>
              ),
            },
            htmlInput: { inputMode: 'numeric', 'data-testid': 'loan-amount' },
          }}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label={t('loan.tenor')}
          value={tenor}
          onChange={(e) => setTenor(Number(e.target.value))}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'loan-tenor' } }}
        >
          {tenors.map((m) => (
            <MenuItem key={m} value={m}>
              {t('facts.months', { count: m })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {sim && (
        <>
          <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('loan.monthly')}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="loan-instalment">
              {idr(sim.instalment)}
            </Typography>
          </Box>
          <Facts
            items={[
              [t('loan.totalInterest'), idr(sim.totalInterest)],
              [t('loan.totalPayment'), idr(sim.totalPayment)],
              [t('facts.provisionFee'), idr(provision)],
              [t('facts.adminFee'), idr(admin)],
              [t('loan.disbursed'), idr(amount - provision - admin)],
            ]}
          />
          <Box sx={{ overflowX: 'auto', mt: 2 }}>
            <Table
              size="small"
              aria-label={t('loan.schedule')}
              data-testid="loan-schedule"
              // On a phone the instalment column goes (it is the figure above, but for the last month).
              sx={{
                '& td, & th': { whiteSpace: 'nowrap', px: { xs: 0.75, sm: 2 } },
                '& .instalment': { display: { xs: 'none', sm: 'table-cell' } },
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('loan.month')}</TableCell>
                  <TableCell align="right" className="instalment">
                    {t('loan.instalment')}
                  </TableCell>
                  <TableCell align="right">{t('loan.principal')}</TableCell>
                  <TableCell align="right">{t('loan.interest')}</TableCell>
                  <TableCell align="right">{t('loan.balance')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(all ? sim.schedule : sim.schedule.slice(0, SHOWN_ROWS)).map((r) => (
                  <TableRow key={r.month}>
                    <TableCell>{r.month}</TableCell>
                    <TableCell align="right" className="instalment">
                      {idr(r.instalment)}
                    </TableCell>
                    <TableCell align="right">{idr(r.principal)}</TableCell>
                    <TableCell align="right">{idr(r.interest)}</TableCell>
                    <TableCell align="right">{idr(r.balance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {sim.schedule.length > SHOWN_ROWS && (
            <Button size="small" onClick={() => setAll((v) => !v)} sx={{ mt: 1 }}>
              {all ? t('loan.showFewer') : t('loan.showAll', { count: sim.schedule.length })}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('loan.note')}
          </Typography>
        </>
      )}
    </Card>
  );
}

/** /applyandinvest/loan/product-info/?code=: a loan's terms and an instalment simulation. */
export function LoanProductInfoPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const [params] = useSearchParams();
  const code = params.get('code') ?? 'LOAN-KTA';
  const { data, loading } = useLoad('loans', () => investApi.products('loan'));
  const product = data?.products.find((p) => p.code === code);
  return (
    <Page
      title={product?.name ?? t('loan.title')}
      intro={product?.description[lang]}
      testId="loan-product-info"
    >
      {loading && <Loading />}
      {data && !product && <NotFound message={t('productDetails.missing')} />}
      {product && (
        <>
          <Card>
            <ProductFacts product={product} />
            <Box sx={{ mt: 1.5 }}>
              <Highlights product={product} />
            </Box>
          </Card>
          <Simulator key={product.code} product={product} />
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={applyPath(product)}
                data-testid="apply"
              >
                {t('actions.apply.loan')}
              </Button>
            }
          >
            {t('loan.applyNote')}
          </Alert>
        </>
      )}
    </Page>
  );
}
