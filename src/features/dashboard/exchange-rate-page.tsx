import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SPECIAL_RATE_REFRESH_MS } from '@/shared/constants';
import { useErrorHandler } from '@/shared/ui';
import { dashboardApi, type Rate, type RateBoard } from './api';
import { formatDecimal, formatTime, type Lang } from './format';

function RateTable({ id, title, rates, lang }: { id: string; title: string; rates: Rate[]; lang: Lang }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper sx={{ p: { xs: 1.5, md: 2.5 }, minWidth: 0 }} data-testid={`rates-${id}`}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('rates.currency')}</TableCell>
            <TableCell align="right">{t('rates.buy')}</TableCell>
            <TableCell align="right">{t('rates.sell')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rates.map((r) => (
            <TableRow key={r.currency} data-testid={`rate-${id}-${r.currency}`}>
              <TableCell>
                <Typography sx={{ fontWeight: 700 }}>{r.currency}</Typography>
                {(lang === 'en' ? r.nameEng : r.nameIdn) && (
                  <Typography variant="caption" color="text.secondary">
                    {lang === 'en' ? r.nameEng : r.nameIdn}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDecimal(r.buy, lang)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDecimal(r.sell, lang)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** /exchange-rate/: board rates and the special (e-channel) rates, refreshed every 10 seconds. */
export function ExchangeRatePage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [board, setBoard] = useState<RateBoard | null>(null);
  const shownError = useRef(false);

  useEffect(() => {
    let ctrl = new AbortController();
    const fetchRates = () => {
      ctrl.abort();
      ctrl = new AbortController();
      dashboardApi.rates(ctrl.signal).then(
        (b) => {
          shownError.current = false;
          setBoard(b);
        },
        (err: unknown) => {
          // Say it once; the next tick may well succeed.
          if (!shownError.current) {
            const v = errors.showError(err);
            if (v.kind !== 'none') shownError.current = true;
          }
        },
      );
    };
    fetchRates();
    const timer = setInterval(fetchRates, SPECIAL_RATE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [errors]);

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('rates.title')}
      </Typography>
      <Alert severity="info" data-testid="special-rate-notice">
        {t('rates.specialNotice', { seconds: SPECIAL_RATE_REFRESH_MS / 1000 })}
        {board && (
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid="rates-updated">
            {t('rates.updatedAt', { time: formatTime(board.updatedAt, lang) })}
          </Box>
        )}
      </Alert>
      {board && (
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <RateTable id="special" title={t('rates.special')} rates={board.specialRates} lang={lang} />
          <RateTable id="board" title={t('rates.board')} rates={board.rates} lang={lang} />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('rates.disclaimer')}
      </Typography>
    </Stack>
  );
}
