import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The field (MUI's Autocomplete with its popper and text field, the menu and flow labels) loads
// when it is first shown: on a phone, when the search button is pressed; not with every page.
const SearchField = lazy(() => import('./search-field'));

/** What stands where the field will be while it loads: its height, so nothing moves. */
function FieldLoading({ label }: { label: string }) {
  return (
    <Box sx={{ height: 40, width: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={16} aria-label={label} />
    </Box>
  );
}

/** Inline in the header on a wide screen; behind a search button on a phone, opening at the top. */
export function SearchBox(p: { compact: boolean; onChat: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  if (!p.compact)
    return (
      <Box sx={{ width: { md: 260, lg: 320 } }} data-testid="search-box">
        <Suspense fallback={<FieldLoading label={t('search.label')} />}>
          <SearchField onChat={p.onChat} />
        </Suspense>
      </Box>
    );
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
