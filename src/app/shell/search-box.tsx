import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { flowNames } from '@/engine/strings';
import { stringsReady } from '@/shared/i18n/i18n';

// The field (MUI's Autocomplete with its popper and text field, the menu and flow labels) loads when
// the customer reaches for it: on a phone, when the search button is pressed; on a wide screen, when
// the pointer comes over the header's input or it takes the focus. Not with every page.
const loadField = () => import('./search-field');
const SearchField = lazy(loadField);
type SearchFieldType = Awaited<ReturnType<typeof loadField>>['default'];

/** What stands where the field will be while it loads: its height, so nothing moves. */
function FieldLoading({ label }: { label: string }) {
  return (
    <Box sx={{ height: 40, width: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={16} aria-label={label} />
    </Box>
  );
}

/**
 * The wide screen's search: an input drawn like the field until the field's code is in (asked for
 * when the pointer comes over it or it takes the focus), then the field, with what was typed
 * meanwhile and the focus where they were.
 */
function WideSearch({ onChat }: { onChat: () => void }) {
  const { t } = useTranslation('shell');
  const [Field, setField] = useState<{ Component: ComponentType<SearchFieldProps>; focused: boolean }>();
  const [typed, setTyped] = useState('');
  const standIn = useRef<HTMLInputElement>(null);
  const asked = useRef(false);
  const { i18n } = useTranslation();
  const want = () => {
    if (asked.current) return;
    asked.current = true;
    // with the flows' names it searches (useStrings then draws it at once)
    Promise.all([loadField(), stringsReady(i18n, flowNames)]).then(
      ([m]) => setField({ Component: m.default, focused: document.activeElement === standIn.current }),
      // offline now: the next reach asks again
      () => (asked.current = false),
    );
  };
  return (
    <Box sx={{ width: { md: 260, lg: 320 } }} data-testid="search-box">
      {Field ? (
        <Field.Component onChat={onChat} autoFocus={Field.focused} initialInput={typed} />
      ) : (
        <OutlinedInput
          size="small"
          fullWidth
          inputRef={standIn}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPointerEnter={want}
          onFocus={want}
          placeholder={t('search.placeholder')}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          inputProps={{ 'aria-label': t('search.label'), maxLength: 50, 'data-testid': 'search-input' }}
        />
      )}
    </Box>
  );
}

type SearchFieldProps = Parameters<SearchFieldType>[0];

/** Inline in the header on a wide screen; behind a search button on a phone, opening at the top. */
export function SearchBox(p: { compact: boolean; onChat: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  if (!p.compact) return <WideSearch onChat={p.onChat} />;
  return (
    <>
      <IconButton onClick={() => setOpen(true)} aria-label={t('search.open')} data-testid="search-open">
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        aria-label={t('search.label')}
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        slotProps={{ paper: { sx: { m: 1, width: 'calc(100% - 16px)', minHeight: 360 } } }}
      >
        <Box sx={{ display: 'flex', gap: 1, p: 1.5, alignItems: 'center' }} data-testid="search-box">
          <Suspense fallback={<FieldLoading label={t('search.label')} />}>
            <SearchField onChat={p.onChat} onDone={() => setOpen(false)} autoFocus />
          </Suspense>
          <IconButton onClick={() => setOpen(false)} aria-label={t('search.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Dialog>
    </>
  );
}
