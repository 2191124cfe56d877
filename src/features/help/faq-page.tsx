import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorHandler } from '@/shared/ui';
import { helpApi, pick, type FaqEntry } from './api';
import { PageHeader } from './page-header';

/** Lower case without accents, so "bagaimana" finds "Bagaimana" and "transfer" finds "Transfer". */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Entries whose question or answer (in the user's language) hold every word of the query. */
export function searchFaq(entries: readonly FaqEntry[], query: string, lang: string): FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const hay = fold(`${pick(e.question, lang)} ${pick(e.answer, lang)}`);
    return words.every((w) => hay.includes(w));
  });
}

const CATEGORIES = ['access', 'transfer', 'payment', 'card', 'security', 'points'] as const;

/** /help/faq/: the questions, searchable as you type, by category; ?q= and ?open= keep the state in the address. */
export function FaqPage() {
  const { t, i18n } = useTranslation('help');
  const errors = useErrorHandler();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const [entries, setEntries] = useState<FaqEntry[]>();
  const [expanded, setExpanded] = useState<string | null>(params.get('open'));

  useEffect(() => {
    const ctrl = new AbortController();
    helpApi.faq(ctrl.signal).then(
      (r) => setEntries(r.entries),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setEntries([]);
        errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [errors]);

  const setParam = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('open');
        return next;
      },
      { replace: true },
    );

  const shown = useMemo(
    () => searchFaq(entries ?? [], query, i18n.language).filter((e) => !category || e.category === category),
    [entries, query, category, i18n.language],
  );

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="faq-page">
      <PageHeader title={t('faq.title')} back={{ to: '/help/', label: t('back') }} intro={t('faq.intro')} />
      <TextField
        fullWidth
        type="search"
        value={query}
        onChange={(e) => setParam('q', e.target.value)}
        placeholder={t('faq.searchPlaceholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('faq.searchLabel'), maxLength: 100, 'data-testid': 'faq-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1.5, bgcolor: 'background.paper' }}
      />
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
        role="group"
        aria-label={t('faq.categories')}
      >
        <Chip
          label={t('faq.category.all')}
          color={category ? 'default' : 'primary'}
          variant={category ? 'outlined' : 'filled'}
          onClick={() => setParam('category', '')}
          aria-pressed={!category}
        />
        {CATEGORIES.map((c) => (
          <Chip
            key={c}
            label={t(`faq.category.${c}`)}
            color={category === c ? 'primary' : 'default'}
            variant={category === c ? 'filled' : 'outlined'}
            onClick={() => setParam('category', category === c ? '' : c)}
            aria-pressed={category === c}
          />
        ))}
      </Stack>
      {!entries ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : shown.length === 0 ? (
        <Alert
          severity="info"
          data-testid="faq-empty"
          action={
            <Button color="inherit" size="small" component={Link} to="/help/compose/">
              {t('faq.askUs')}
            </Button>
          }
        >
          {query ? t('faq.noMatch', { query }) : t('faq.noneInCategory')}
        </Alert>
      ) : (
        <Box data-testid="faq-list">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t('faq.count', { count: shown.length })}
          </Typography>
          {shown.map((e) => (
            <Accordion
              key={e.id}
              disableGutters
              expanded={expanded === e.id}
              onChange={(_ev, open) => setExpanded(open ? e.id : null)}
              data-testid="faq-entry"
              data-faq-id={e.id}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography sx={{ fontWeight: 600 }}>{pick(e.question, i18n.language)}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary">{pick(e.answer, i18n.language)}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Box>
  );
}
