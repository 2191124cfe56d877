import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { useErrorHandler } from '@/shared/ui';
import { myAccountApi, saveFile } from './api';
import { InlineNotice, formatMonth, langOf, type Lang } from './history-parts';

type Kind = 'combined' | 'tax';

/**
 * /myaccount/combined-statement/ (every product at a month's end) and /myaccount/tax-report/ (a
 * year's balances, interest and tax withheld): choose the period, get the PDF. None: ESTAT 404 in place.
 */
function StatementPage({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [options, setOptions] = useState<string[]>();
  const [chosen, setChosen] = useState('');
  const [none, setNone] = useState<ErrorView>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    myAccountApi.periods(ctrl.signal).then(
      (p) => {
        const list = kind === 'combined' ? p.months : p.years.map(String);
        setOptions(list);
        setChosen(list[0] ?? '');
      },
      (err: unknown) => {
        if (!ctrl.signal.aborted) errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [kind, errors]);

  const label = (v: string, l: Lang) => (kind === 'combined' ? formatMonth(v, l) : v);
  const download = async () => {
    setBusy(true);
    setNone(undefined);
    try {
      saveFile(
        kind === 'combined'
          ? await myAccountApi.combined(chosen, lang)
          : await myAccountApi.taxReport(Number(chosen), lang),
      );
    } catch (err) {
      const view = errors.describe(err);
      if (view.kind === 'inline') setNone(view);
      else errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }} data-testid={`${kind}-statement-page`}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t(kind === 'combined' ? 'statements.combinedTitle' : 'statements.taxTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(kind === 'combined' ? 'statements.combinedIntro' : 'statements.taxIntro')}
      </Typography>
      <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
        {!options ? (
          <CircularProgress aria-label={t('loading')} />
        ) : options.length === 0 ? (
          <InlineNotice
            view={{
              kind: 'inline',
              key: 'noStatement',
              title: t('errors:catalogue.noStatement.title'),
              message: t('errors:catalogue.noStatement.message'),
            }}
            testId="statement-none"
          />
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label={t(kind === 'combined' ? 'statements.month' : 'statements.year')}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              sx={{ minWidth: 220 }}
              data-testid="statement-period"
            >
              {options.map((v) => (
                <MenuItem key={v} value={v}>
                  {label(v, lang)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={!chosen || busy}
              onClick={() => void download()}
              data-testid="statement-download"
            >
              {t('statements.download')}
            </Button>
          </Stack>
        )}
        {none && (
          <Box sx={{ mt: 2 }}>
            <InlineNotice view={none} testId="statement-none" />
          </Box>
        )}
      </Paper>
    </Box>
  );
}

export const CombinedStatementPage = () => <StatementPage kind="combined" />;
export const TaxReportPage = () => <StatementPage kind="tax" />;
