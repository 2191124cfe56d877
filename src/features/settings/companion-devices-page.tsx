import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '@/shared/ui';
import { Card, Loading, Page } from '../myaccount/page-kit';
import { companionDevicesApi, type CompanionDevice, type CompanionDeviceList } from './companion-devices-api';
import { date, langOf } from './settings-format';

/**
 * /settings/companion-devices/: the devices whose companion app approves the customer's transactions,
 * when and where each was enrolled and last seen. After a password reset or a credential change it first
 * asks which to keep (as Settings > Passkeys does): until then none approves, and the others are removed.
 * A lost phone is removed from its row at any time, once confirmed. `api`: the server's calls (stories
 * stand in).
 */
export function CompanionDevicesPage({
  api = companionDevicesApi,
}: { api?: typeof companionDevicesApi } = {}) {
  const { t, i18n } = useTranslation('settings');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [list, setList] = useState<CompanionDeviceList>();
  const [keep, setKeep] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'saved' | 'savedRemoved' | 'removed'>();
  const [removing, setRemoving] = useState<CompanionDevice>();

  const load = useCallback(() => {
    api.list().then(setList, (err: unknown) => errors.showError(err));
  }, [errors, api]);
  useEffect(load, [load]);

  const save = async () => {
    const removing = (list?.devices ?? []).some((d) => d.reviewAsked && !keep.includes(d.id));
    setBusy(true);
    try {
      setList(await api.review(keep));
      setDone(removing ? 'savedRemoved' : 'saved');
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (d: CompanionDevice) => {
    setBusy(true);
    try {
      setList(await api.remove(d.id));
      setKeep(keep.filter((k) => k !== d.id));
      setDone('removed');
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
      setRemoving(undefined);
    }
  };

  const nameOf = (d: CompanionDevice) => d.name ?? t('devices.unnamed');
  const enrolled = (d: CompanionDevice) =>
    t('devices.enrolledOn', { date: date(d.enrolledAt, lang), where: d.enrolledWhere ?? '-' });
  const review = list?.devices.filter((d) => d.reviewAsked) ?? [];
  return (
    <Page title={t('devices.title')} intro={t('devices.intro')} testId="devices-page">
      {done && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          onClose={() => setDone(undefined)}
          data-testid="devices-done"
        >
          {t(`devices.${done}`)}
        </Alert>
      )}
      {!list ? (
        <Loading />
      ) : (
        <>
          {review.length > 0 && (
            <Card title={t('devices.review.title')} testId="devices-review">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('devices.review.text')}
              </Typography>
              <Stack>
                {review.map((d) => (
                  <FormControlLabel
                    key={d.id}
                    control={
                      <Checkbox
                        checked={keep.includes(d.id)}
                        onChange={(e) =>
                          setKeep(e.target.checked ? [...keep, d.id] : keep.filter((k) => k !== d.id))
                        }
                      />
                    }
                    label={`${nameOf(d)} — ${enrolled(d)}`}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                ))}
              </Stack>
              <Button
                variant="contained"
                disabled={busy}
                sx={{ mt: 1 }}
                data-testid="devices-review-save"
                onClick={() => void save()}
              >
                {t('devices.review.save')}
              </Button>
            </Card>
          )}
          <Card title={t('devices.yours')} testId="devices-list">
            {list.devices.length === 0 ? (
              <Typography color="text.secondary" data-testid="devices-none">
                {t('devices.none')}
              </Typography>
            ) : (
              <List disablePadding>
                {list.devices.map((d) => (
                  <ListItem
                    key={d.id}
                    divider
                    disableGutters
                    data-testid="device-row"
                    secondaryAction={
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        data-testid="device-remove"
                        aria-label={t('devices.removeNamed', { name: nameOf(d) })}
                        onClick={() => setRemoving(d)}
                      >
                        {t('devices.remove')}
                      </Button>
                    }
                    sx={{ pr: 10 }}
                  >
                    <ListItemText
                      primary={
                        <Stack
                          component="span"
                          direction="row"
                          spacing={1}
                          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                        >
                          <span>{nameOf(d)}</span>
                          {d.reviewAsked && (
                            <Chip
                              size="small"
                              color="warning"
                              variant="outlined"
                              label={t('devices.waiting')}
                            />
                          )}
                        </Stack>
                      }
                      secondary={`${enrolled(d)} · ${t('devices.lastSeen', { date: date(d.lastSeenAt, lang) })}`}
                      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Card>
          <Dialog
            open={!!removing}
            onClose={() => !busy && setRemoving(undefined)}
            aria-labelledby="device-remove-title"
            data-testid="device-remove-dialog"
          >
            <DialogTitle id="device-remove-title">
              {removing && t('devices.removeTitle', { name: nameOf(removing) })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>{t('devices.removeText')}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button disabled={busy} onClick={() => setRemoving(undefined)}>
                {t('devices.cancel')}
              </Button>
              <Button
                variant="contained"
                color="error"
                disabled={busy}
                data-testid="device-remove-confirm"
                onClick={() => removing && void remove(removing)}
              >
                {t('devices.removeNow')}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Page>
  );
}
