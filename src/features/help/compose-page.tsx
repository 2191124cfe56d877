import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorHandler } from '@/shared/ui';
import { helpApi, mailboxChanged, pick, TOPICS, type Topic } from './api';
import type { MailboxNotice } from './mailbox-page';
import { PageHeader } from './page-header';

const SUBJECT_MAX = 100;
const MESSAGE_MAX = 1000;

type Field = 'topic' | 'subject' | 'message';

/** /help/compose/ (?replyTo= answers a message): write to the bank; the reference comes back at once. */
export function ComposePage() {
  const { t, i18n } = useTranslation('help');
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const replyTo = params.get('replyTo') ?? undefined;
  const [topic, setTopic] = useState<Topic | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [serverProblem, setServerProblem] = useState<string>();
  // One key per message: a retry or a double click sends it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!replyTo || !/^\d{1,15}$/.test(replyTo)) return;
    const ctrl = new AbortController();
    helpApi.message(replyTo, ctrl.signal).then(
      (m) => {
        const s = pick(m.subject, i18n.language);
        setSubject((cur) => cur || (/^re:/i.test(s) ? s : `Re: ${s}`).slice(0, SUBJECT_MAX));
        setTopic((cur) => cur || 'other');
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, [replyTo, i18n.language]);

  const check = (): boolean => {
    const p: Partial<Record<Field, string>> = {};
    if (!topic) p.topic = t('compose.required.topic');
    if (!subject.trim()) p.subject = t('compose.required.subject');
    if (!message.trim()) p.message = t('compose.required.message');
    setProblems(p);
    return Object.keys(p).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerProblem(undefined);
    if (!check() || !topic) return;
    setBusy(true);
    try {
      const r = await helpApi.compose({
        topic,
        subject: subject.trim(),
        message: message.trim(),
        replyTo,
        idempotencyKey,
      });
      mailboxChanged();
      navigate('/help/mailbox/?folder=sent', {
        state: { notice: 'sent', reference: r.reference } satisfies MailboxNotice,
      });
    } catch (err) {
      const view = errors.showError(err, { inlineHandled: true });
      if (view.kind === 'inline') setServerProblem(view.message);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }} data-testid="compose-page">
      <PageHeader
        title={t('compose.title')}
        back={{ to: '/help/mailbox/', label: t('back') }}
        intro={t('compose.intro')}
      />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2.5}>
          <TextField
            select
            required
            label={t('compose.topic')}
            value={topic}
            onChange={(e) => setTopic(e.target.value as Topic)}
            error={!!problems.topic}
            helperText={problems.topic}
            slotProps={{ htmlInput: { 'data-testid': 'compose-topic' } }}
          >
            {TOPICS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`compose.topics.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            name="subject"
            label={t('compose.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={!!problems.subject}
            helperText={problems.subject ?? `${subject.length}/${SUBJECT_MAX}`}
            slotProps={{ htmlInput: { maxLength: SUBJECT_MAX } }}
          />
          <TextField
            required
            name="message"
            label={t('compose.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={6}
            error={!!problems.message}
            helperText={problems.message ?? `${message.length}/${MESSAGE_MAX}`}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
          />
          <Alert severity="warning" variant="outlined">
            {t('compose.safety')}
          </Alert>
          {serverProblem && <Alert severity="error">{serverProblem}</Alert>}
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button component={Link} to="/help/mailbox/" disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              endIcon={<SendIcon />}
              disabled={busy}
              data-testid="compose-send"
            >
              {busy ? t('compose.sending') : t('compose.send')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
