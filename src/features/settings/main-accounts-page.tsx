import Alert from '@mui/material/Alert';
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
import { Link as RouterLink } from 'react-router';
import { apiPost } from '@/shared/api/client';
import { OPEN_ACCOUNT_PATH } from '@/shared/ui/casa-required-dialog';
import { useErrorHandler } from '@/shared/ui';

interface MainAccounts {
  accounts: { id: number; accountNo: string; name: string; product: string; currency: string }[];
  sourceAccountId: number | null;
  receivingAccountId: number | null;
}

/** On /settings/account-visibility/: choose the main source of fund and receiving account (ends dashboard error 95). */
export function MainAccountsPanel() {
  const { t } = useTranslation('settings');
  const errors = useErrorHandler();
  const [data, setData] = useState<MainAccounts>();
  const [source, setSource] = useState('');
  const [receiving, setReceiving] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    apiPost<MainAccounts>('/api/settings/v1/main-accounts', {}, { signal: ctrl.signal }).then(
      (d) => {
        setData(d);
        setSource(d.sourceAccountId ? String(d.sourceAccountId) : '');
        setReceiving(d.receivingAccountId ? String(d.receivingAccountId) : '');
      },
      (err: unknown) => errors.showError(err),
    );
    return () => ctrl.abort();
  }, [errors]);

  const save = async () => {
    setSaving(true);
    setSaved(false);
    try {
      setData(
        await apiPost<MainAccounts>('/api/settings/v1/main-accounts/update', {
          sourceAccountId: Number(source),
          receivingAccountId: Number(receiving),
        }),
      );
      setSaved(true);
    } catch (err) {
      errors.showError(err);
    } finally {
      setSaving(false);
    }
  };

  const select = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
        setSaved(false);
      }}
      fullWidth
    >
      {data?.accounts.map((a) => (
        <MenuItem key={a.id} value={String(a.id)}>
          {`${a.name} - ${a.accountNo} (${a.currency})`}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ mb: 2 }} data-testid="main-accounts">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('mainAccounts.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('mainAccounts.intro')}
      </Typography>
      {!data ? (
        <CircularProgress aria-label="…" />
      ) : data.accounts.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={OPEN_ACCOUNT_PATH}>
              {t('mainAccounts.openAccount')}
            </Button>
          }
        >
          {t('mainAccounts.none')}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {select('main-source', t('mainAccounts.source'), source, setSource)}
            {select('main-receiving', t('mainAccounts.receiving'), receiving, setReceiving)}
            {saved && (
              <Alert severity="success" data-testid="main-accounts-saved">
                {t('mainAccounts.saved')}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                variant="contained"
                onClick={() => void save()}
                disabled={saving || !source || !receiving}
                data-testid="main-accounts-save"
              >
                {t('mainAccounts.save')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
