import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPasskey, deviceCancelled, passkeysSupported } from '@/shared/passkeys/sign';
import { useErrorHandler } from '@/shared/ui';
import { Card, Loading, Page } from '../myaccount/page-kit';
import { passkeysApi, type PasskeyList, type PasskeyView, type StepUpOtp } from './passkeys-api';
import { date, langOf } from './settings-format';

/** What is under way: adding one (its name), removing some, renaming one. */
type Task =
  | { kind: 'enrol'; name: string; otp?: StepUpOtp }
  | { kind: 'remove'; ids: number[]; otp?: StepUpOtp }
  | { kind: 'rename'; id: number; name: string };

/**
 * /settings/passkeys/: the customer's passkeys (where and when each was last used), rename, add one and
 * remove some, each of those two after an OTP to the registered number. After a password reset or a
 * credential change it first asks which passkeys to keep. `api`: the server's calls (stories stand in).
 */
export function PasskeysPage({ api = passkeysApi }: { api?: typeof passkeysApi } = {}) {
  const { t, i18n } = useTranslation('settings');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [list, setList] = useState<PasskeyList>();
  const [task, setTask] = useState<Task>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [keep, setKeep] = useState<number[]>([]);
  const supported = passkeysSupported();

  const load = useCallback(() => {
    api.list().then(setList, (err: unknown) => errors.showError(err));
  }, [errors, api]);
  useEffect(load, [load]);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      if (!deviceCancelled(err)) errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  const sendOtp = () =>
    run(async () => {
      if (!task || task.kind === 'rename') return;
      const otp = await api.stepUp(task.kind);
      setCode('');
      setTask({ ...task, otp });
    });

  const confirmOtp = () =>
    run(async () => {
      if (!task || task.kind === 'rename' || !task.otp) return;
      await api.stepUpVerify(task.otp.requestId, code);
      if (task.kind === 'remove') {
        setList(await api.remove(task.ids));
        setDone(t('passkeys.removed'));
      } else {
        const { options } = await api.registerOptions();
        const response = await createPasskey(options);
        await api.register(task.name.trim(), response);
        setDone(t('passkeys.added', { name: task.name.trim() }));
        load();
      }
      setTask(undefined);
    });

  const where = (p: PasskeyView) =>
    p.lastUsedAt
      ? t('passkeys.lastUsed', { date: date(p.lastUsedAt, lang), where: p.lastUsedWhere ?? '-' })
      : t('passkeys.neverUsed');

  const review = list?.passkeys.filter((p) => p.reviewAsked) ?? [];
  return (
    <Page title={t('passkeys.title')} intro={t('passkeys.intro')} testId="passkeys-page">
      {done && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          onClose={() => setDone(undefined)}
          data-testid="passkeys-done"
        >
          {done}
        </Alert>
      )}
      {!list ? (
        <Loading />
      ) : (
        <>
          {review.length > 0 && (
            <Card title={t('passkeys.review.title')} testId="passkeys-review">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('passkeys.review.text')}
              </Typography>
              <Stack>
                {review.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    control={
                      <Checkbox
                        checked={keep.includes(p.id)}
                        onChange={(e) =>
                          setKeep(e.target.checked ? [...keep, p.id] : keep.filter((k) => k !== p.id))
                        }
                      />
                    }
                    label={`${p.name} — ${t('passkeys.addedOn', { date: date(p.createdAt, lang), where: p.createdWhere ?? '-' })}`}
                  />
                ))}
              </Stack>
              <Button
                variant="contained"
                disabled={busy}
                sx={{ mt: 1 }}
                data-testid="passkeys-review-save"
                onClick={() => run(async () => setList(await api.review(keep)))}
              >
                {t('passkeys.review.save')}
              </Button>
            </Card>
          )}
          <Card title={t('passkeys.yours')} testId="passkeys-list">
            {list.passkeys.length === 0 ? (
              <Typography color="text.secondary" data-testid="passkeys-none">
                {t('passkeys.none')}
              </Typography>
            ) : (
              <List disablePadding>
                {list.passkeys.map((p) => (
                  <ListItem
                    key={p.id}
                    divider
                    disableGutters
                    data-testid="passkey-row"
                    sx={{ flexWrap: 'wrap', gap: 1 }}
                    secondaryAction={undefined}
                  >
                    <ListItemText
                      sx={{ flex: '1 1 240px' }}
                      primary={
                        <Box
                          component="span"
                          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                        >
                          <strong>{p.name}</strong>
                          {p.synced && <Chip size="small" label={t('passkeys.synced')} />}
                          {p.blocked && <Chip size="small" color="error" label={t('passkeys.blocked')} />}
                        </Box>
                      }
                      secondary={
                        <>
                          {t('passkeys.addedOn', {
                            date: date(p.createdAt, lang),
                            where: p.createdWhere ?? '-',
                          })}
                          <br />
                          {where(p)}
                        </>
                      }
                    />
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => setTask({ kind: 'rename', id: p.id, name: p.name })}
                      >
                        {t('passkeys.rename')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        data-testid="passkey-remove"
                        onClick={() => setTask({ kind: 'remove', ids: [p.id] })}
                      >
                        {t('passkeys.remove')}
                      </Button>
                    </Box>
                  </ListItem>
                ))}
              </List>
            )}
            {!task && (
              <Box sx={{ mt: 2 }}>
                <Button
                  variant="contained"
                  disabled={!supported || busy}
                  data-testid="passkeys-add"
                  onClick={() => setTask({ kind: 'enrol', name: t('passkeys.defaultName') })}
                >
                  {t('passkeys.add')}
                </Button>
                {!supported && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('passkeys.unsupported')}
                  </Typography>
                )}
              </Box>
            )}
          </Card>
          {task?.kind === 'rename' && (
            <Card title={t('passkeys.rename')} testId="passkey-rename">
              <TextField
                label={t('passkeys.name')}
                value={task.name}
                onChange={(e) => setTask({ ...task, name: e.target.value.slice(0, 40) })}
                fullWidth
              />
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                <Button
                  variant="contained"
                  disabled={busy || !task.name.trim()}
                  onClick={() =>
                    run(async () => {
                      setList(await api.rename(task.id, task.name.trim()));
                      setTask(undefined);
                    })
                  }
                >
                  {t('passkeys.save')}
                </Button>
                <Button onClick={() => setTask(undefined)}>{t('passkeys.cancel')}</Button>
              </Box>
            </Card>
          )}
          {task && task.kind !== 'rename' && (
            <Card
              title={t(task.kind === 'enrol' ? 'passkeys.add' : 'passkeys.remove')}
              testId="passkey-step-up"
            >
              {task.kind === 'enrol' && !task.otp && (
                <TextField
                  label={t('passkeys.name')}
                  helperText={t('passkeys.nameHint')}
                  value={task.name}
                  onChange={(e) => setTask({ ...task, name: e.target.value.slice(0, 40) })}
                  slotProps={{ htmlInput: { 'data-testid': 'passkey-name' } }}
                  fullWidth
                  sx={{ mb: 2 }}
                />
              )}
              {task.kind === 'remove' && !task.otp && (
                <Typography sx={{ mb: 2 }}>{t('passkeys.removeText')}</Typography>
              )}
              {task.otp ? (
                <>
                  <Typography variant="body2" sx={{ mb: 2 }}>
                    {t('passkeys.otpSent', { phone: task.otp.maskedPhone, ref: task.otp.refNumber })}
                  </Typography>
                  <TextField
                    label={t('passkeys.otp')}
                    value={code}
                    autoComplete="one-time-code"
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'passkey-otp' } }}
                    fullWidth
                  />
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('passkeys.stepUpText')}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
                {task.otp ? (
                  <Button
                    variant="contained"
                    disabled={busy || code.length !== 6}
                    onClick={() => void confirmOtp()}
                    data-testid="passkey-otp-confirm"
                  >
                    {t(task.kind === 'enrol' ? 'passkeys.createNow' : 'passkeys.removeNow')}
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    disabled={busy || (task.kind === 'enrol' && !task.name.trim())}
                    onClick={() => void sendOtp()}
                    data-testid="passkey-send-otp"
                  >
                    {t('passkeys.sendOtp')}
                  </Button>
                )}
                <Button onClick={() => setTask(undefined)}>{t('passkeys.cancel')}</Button>
              </Box>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}
