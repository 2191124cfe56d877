import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowNames } from '@/engine/strings';
import { useStrings } from '@/shared/i18n/use-strings';
import { useNavigate } from 'react-router';
import { favouriteUrl } from '@/engine/favourites';
import { flowMetaById } from '@/engine/flows-data';
import { flowMenuEntries } from '@/engine/index';
import { apiPost } from '@/shared/api/client';
import { catalogueText } from '@/shared/api/error-catalogue';
import { SEARCH_MIN_CHARS } from '@/shared/constants';
import { stepUrl } from '@/shared/flows';
import { MENU } from '../menu';

type Group = 'menu' | 'flows' | 'billers' | 'favourites';

export interface SearchOption {
  group: Group;
  key: string;
  label: string;
  description?: string;
  /** A route, or the chat panel. */
  to: string | { action: 'chat' };
}

interface ServerResults {
  billers: { name: string; flowId: string; nameIdn?: string; field?: string; code?: string }[];
  favourites: { id: string; name: string; flowId: string }[];
}

const DEBOUNCE_MS = 250;

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Options whose label or description hold every word of the query. */
export function matching(options: readonly SearchOption[], query: string): SearchOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return options.filter((o) => {
    const hay = fold(`${o.label} ${o.description ?? ''}`);
    return words.every((w) => hay.includes(w));
  });
}

/**
 * The header's search (spec sections 5 and 9: from 3 characters): menu entries and flows found in
 * the browser in the customer's language, billers and favourites asked of the server; 'no results
 * found' when none. Choosing one goes there.
 */
export default function SearchField(p: {
  onChat: () => void;
  onDone?: () => void;
  autoFocus?: boolean;
  /** What the customer typed before the field's code was in (search-box.tsx). */
  initialInput?: string;
}) {
  useStrings(flowNames); // the flows' names it finds (search-box.tsx loads them before it draws on a wide screen)
  const { t, i18n } = useTranslation(['shell', 'flows']);
  const tx = t as unknown as (k: string) => string;
  const navigate = useNavigate();
  const [input, setInput] = useState(p.initialInput ?? '');
  const [server, setServer] = useState<{ query: string; results: ServerResults }>();
  const query = input.trim();
  const ready = query.length >= SEARCH_MIN_CHARS;

  const local = useMemo<SearchOption[]>(
    () => [
      ...MENU.flatMap((g) => g.items).map((item): SearchOption => ({
        group: 'menu',
        key: `menu:${item.id}`,
        label: tx(`shell:menu.items.${item.id}`),
        to: item.to,
      })),
      ...flowMenuEntries.map((f): SearchOption => ({
        group: 'flows',
        key: `flow:${f.flowId}`,
        label: tx(f.labelKey),
        description: f.descriptionKey ? tx(f.descriptionKey) : undefined,
        to: f.path,
      })),
    ],
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );

  useEffect(() => {
    if (!ready) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      apiPost<ServerResults>('/api/searchbox/v1/search', { query }, { signal: ctrl.signal }).then(
        (results) => setServer({ query, results }),
        // Menu and flows still answer; the server's part is left out.
        () => !ctrl.signal.aborted && setServer({ query, results: { billers: [], favourites: [] } }),
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, ready]);

  const loading = ready && server?.query !== query;
  const options = useMemo<SearchOption[]>(() => {
    if (!ready) return [];
    const remote: SearchOption[] = [];
    if (server?.query === query) {
      for (const b of server.results.billers) {
        const flow = flowMetaById(b.flowId);
        if (flow) {
          // A provider the flow lets the customer pick opens the form with it chosen.
          const base = stepUrl(flow, 'inquiry/');
          const chosen =
            b.field && b.code
              ? `${base.includes('?') ? '&' : '?'}${b.field}=${encodeURIComponent(b.code)}`
              : '';
          remote.push({
            group: 'billers',
            key: `biller:${b.flowId}:${b.code ?? b.name}`,
            label: i18n.language === 'id' && b.nameIdn ? b.nameIdn : b.name,
            description: tx(flow.titleKey),
            to: `${base}${chosen}`,
          });
        }
      }
      for (const f of server.results.favourites) {
        const flow = flowMetaById(f.flowId);
        if (flow)
          remote.push({
            group: 'favourites',
            key: `favourite:${f.id}`,
            label: f.name,
            description: tx(flow.titleKey),
            to: favouriteUrl(flow, f.id),
          });
      }
    }
    return [...matching(local, query), ...remote];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, query, server, local]);

  const go = (o: SearchOption) => {
    setInput('');
    p.onDone?.();
    if (typeof o.to === 'string') navigate(o.to);
    else p.onChat();
  };

  return (
    <Autocomplete<SearchOption, false, false, false>
      options={options}
      filterOptions={(x) => x}
      groupBy={(o) => o.group}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.key}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== 'reset' && setInput(v)}
      onChange={(_e, o) => o && go(o)}
      open={input.trim().length > 0}
      loading={loading}
      loadingText={t('shell:search.searching')}
      noOptionsText={
        ready
          ? catalogueText('searchNoResult', i18n).message
          : t('shell:search.minChars', { count: SEARCH_MIN_CHARS })
      }
      blurOnSelect
      forcePopupIcon={false}
      clearOnBlur={false}
      renderGroup={(g) => (
        <li key={g.key}>
          <Typography
            variant="caption"
            component="div"
            sx={{ px: 2, pt: 1, fontWeight: 700, color: 'text.secondary', textTransform: 'uppercase' }}
          >
            {tx(`shell:search.groups.${g.group}`)}
          </Typography>
          <Box component="ul" sx={{ p: 0 }}>
            {g.children}
          </Box>
        </li>
      )}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props} data-testid="search-option" data-group={o.group}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {o.label}
            </Typography>
            {o.description && (
              <Typography variant="caption" color="text.secondary">
                {o.description}
              </Typography>
            )}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder={t('shell:search.placeholder')}
          autoFocus={p.autoFocus}
          slotProps={{
            inputLabel: params.slotProps.inputLabel,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: loading ? (
                <CircularProgress size={16} sx={{ mr: 1 }} />
              ) : (
                params.slotProps.input.endAdornment
              ),
            },
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('shell:search.label'),
              maxLength: 50,
              'data-testid': 'search-input',
            },
          }}
        />
      )}
      sx={{ width: '100%' }}
    />
  );
}
