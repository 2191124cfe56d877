import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/shared/api/client';
import { formatRate } from '@/shared/decimal';
import type { Lang } from '../format';

interface RateQuote {
  quoteId: string;
  currency: string;
  sell: string;
  quotedAt: string;
  refreshMs: number;
}

/**
 * The special exchange rate, quoted live for the currency of another field (ui:options.currencyFrom)
 * and quoted again every refreshMs (10 s, spec section 4) with a notice. The field's value is the
 * quote's id: the server books the rate of the quote the customer last saw.
 */
export function SpecialRateWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('engine');
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const from = props.options.currencyFrom as string | undefined;
  const formData = (props.registry.formContext as { formData: Record<string, unknown> }).formData;
  const currency = from ? (formData[from] as string | undefined) : undefined;
  const [quote, setQuote] = useState<RateQuote>();
  const [updates, setUpdates] = useState(0);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });

  useEffect(() => {
    setQuote(undefined);
    setUpdates(0);
    if (!currency || currency === 'IDR') return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (n: number) =>
      apiPost<RateQuote>('/api/transfer/v1/special-rate/quote', { currency }, { signal: ctrl.signal }).then(
        (q) => {
          setFailed(false);
          setQuote(q);
          setUpdates(n);
          onChange.current(q.quoteId);
          timer = setTimeout(() => void ask(n + 1), q.refreshMs);
        },
        () => {
          if (ctrl.signal.aborted) return;
          setFailed(true);
          timer = setTimeout(() => void ask(n), 10_000);
        },
      );
    void ask(0);
    return () => {
      ctrl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [currency]);

  const time = quote
    ? new Date(quote.quotedAt).toLocaleTimeString(lang === 'en' ? 'en-GB' : 'id-ID', {
        timeZone: 'Asia/Jakarta',
      })
    : '';
  return (
    <Box sx={{ my: 1 }} data-testid="special-rate">
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      {!currency ? (
        <Typography variant="body2">{t('inquiry.specialRate.chooseCurrency')}</Typography>
      ) : failed ? (
        <Alert severity="warning">{t('inquiry.specialRate.unavailable')}</Alert>
      ) : quote ? (
        <>
          <Typography variant="h6" component="p" data-testid="special-rate-value">
            1 {quote.currency} = Rp {formatRate(quote.sell, lang)}
          </Typography>
          <Alert severity="info" sx={{ mt: 0.5 }} role="status" data-testid="special-rate-notice">
            {updates > 0
              ? t('inquiry.specialRate.updated', { time })
              : t('inquiry.specialRate.notice', { seconds: Math.round(quote.refreshMs / 1000) })}
          </Alert>
        </>
      ) : (
        <Typography variant="body2">{t('inquiry.specialRate.loading')}</Typography>
      )}
    </Box>
  );
}
