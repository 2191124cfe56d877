import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody } from '@/shared/api-error';
import { formatBankTime } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import type { PriceQuote } from '../services/transaction-services';
import type { Lang } from '../format';
import type { EngineFormContext } from './form-context';

/**
 * A live price held for the customer (gold's buy or sell price per gram): asked of ui:options.quoteUrl
 * with ui:options.side through the page's services (the form context's priceQuote), shown with the
 * time it is held until, and asked again when it runs out. The field's value is the quote's id: the server books at that quote's price, or refuses once it expired.
 */
export function PriceQuoteWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('engine');
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const url = props.options.quoteUrl as string | undefined;
  const side = props.options.side as string | undefined;
  const priceQuote = (props.registry.formContext as EngineFormContext | undefined)?.priceQuote;
  const [quote, setQuote] = useState<PriceQuote>();
  const [failure, setFailure] = useState<ApiErrorBody | 'unavailable'>();
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });

  useEffect(() => {
    if (!url) return;
    if (!priceQuote) {
      setFailure('unavailable');
      return;
    }
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      priceQuote(url, side, ctrl.signal).then(
        (q) => {
          setFailure(undefined);
          setQuote(q);
          onChange.current(q.quoteId);
          // Asked again a moment before it runs out, so the form always holds a valid price.
          const left = Date.parse(q.expiresAt) - Date.now() - 2_000;
          timer = setTimeout(() => void ask(), Math.max(5_000, left));
        },
        (err: { body?: ApiErrorBody }) => {
          if (ctrl.signal.aborted) return;
          setFailure(err.body ?? 'unavailable');
          onChange.current(undefined);
          timer = setTimeout(() => void ask(), 15_000);
        },
      );
    void ask();
    return () => {
      ctrl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [url, side, priceQuote]);

  const err = props.rawErrors?.[0];
  return (
    <Box sx={{ my: 1 }} data-testid="price-quote">
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      {failure ? (
        <Alert severity="warning" data-testid="price-quote-failed">
          {failure === 'unavailable'
            ? t('inquiry.priceQuote.unavailable')
            : lang === 'en'
              ? failure.errorMessageEng
              : failure.errorMessageIdn}
        </Alert>
      ) : quote ? (
        <>
          <Typography variant="h6" component="p" data-testid="price-quote-value">
            {t('inquiry.priceQuote.perGram', { price: formatMoney(quote.pricePerGram, lang) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status" data-testid="price-quote-held">
            {t('inquiry.priceQuote.heldUntil', { time: formatBankTime(quote.expiresAt, lang) })}
          </Typography>
        </>
      ) : (
        <Typography variant="body2">{t('inquiry.priceQuote.loading')}</Typography>
      )}
      {err && !failure && (
        <Typography variant="caption" color="error">
          {err}
        </Typography>
      )}
    </Box>
  );
}
