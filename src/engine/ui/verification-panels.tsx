import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankTime } from '@/shared/bank-time';
import { APPROVAL, CONTACT_CENTRE, OTP } from '@/shared/constants';
import type { ApprovalContext } from '../machine/approval-machine';
import { usablePhones, type OtpContext } from '../machine/otp-machine';

/** A clock for countdowns and expiries (the machines keep timestamps, the page sends TICK). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

// `now` can be up to a tick old when a challenge arrives: never show more than the full duration ("61 s").
const secondsUntil = (iso: string | undefined, now: number, maxS: number) =>
  iso ? Math.min(maxS, Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000))) : 0;
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export interface PanelProps<C> {
  state: string;
  context: C;
  send: (e: { type: string; [k: string]: unknown }) => void;
  now: number;
  /** Another method the flow allows ("send OTP instead" / "approve in the app"). */
  onSwitch?: () => void;
  /** The customer's passkey instead, where the flow allows it and they have one. */
  onPasskey?: () => void;
}

/** When a code can be sent again: the earliest end of a freeze still running (every phone frozen). */
function freezeEnds(context: OtpContext, now: number): string | undefined {
  const ends = [...context.phones.map((p) => p.frozenUntil), context.frozenUntil]
    .filter((x): x is string => !!x && Date.parse(x) > now)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return ends[0];
}

export function OtpPanel({
  state,
  context,
  send,
  now,
  onSwitch,
  onPasskey,
  appEnrolled,
}: PanelProps<OtpContext> & {
  /** The customer has the companion app: offered when no number can receive a code. */
  appEnrolled?: boolean;
}) {
  const { t, i18n } = useTranslation('engine');
  const [code, setCode] = useState('');
  const ch = context.challenge;
  const others = usablePhones(context.phones, now).filter((p) => p.phoneId !== context.phoneId);
  useEffect(() => {
    if (state === 'entering') send({ type: 'TICK', now });
  }, [now, state, send]);
  useEffect(() => {
    if (context.notice === 'wrongCode' || context.notice === 'resent') setCode('');
  }, [context.notice, context.wrongAttempts, ch?.requestId]);
  const resendIn = secondsUntil(ch?.resendAvailableAt, now, OTP.resendCountdownS);

  if (state === 'choosingPhone')
    return (
      <PhoneChoice
        context={context}
        now={now}
        onChoose={(phoneId) => send({ type: 'CHOOSE_PHONE', phoneId, now: Date.now() })}
        onSwitch={onSwitch}
      />
    );
  if (state === 'requesting' || state === 'resending' || state === 'start')
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} data-testid="otp-sending">
        <CircularProgress size={20} aria-hidden /> <Typography>{t('otp.sending')}</Typography>
      </Box>
    );
  if (state === 'frozen' || state === 'allFrozen') {
    // No number left to send a code to: say until when, and offer the app if the customer has it.
    const noneLeft = state === 'allFrozen' || others.length === 0;
    const until = noneLeft ? freezeEnds(context, now) : undefined;
    const offerApp = noneLeft && !!onSwitch && appEnrolled === true;
    const time = until && formatBankTime(until, i18n.language === 'en' ? 'en' : 'id', false);
    return (
      <Box data-testid="otp-frozen">
        <Alert severity="error" sx={{ mb: 2 }}>
          {!noneLeft
            ? t('otp.frozen', { minutes: OTP.freezeMs / 60_000 })
            : offerApp
              ? time
                ? t('otp.allFrozenUntilApp', { time })
                : t('otp.allFrozenApp')
              : time
                ? t('otp.allFrozenUntil', { time, centre: CONTACT_CENTRE })
                : t('otp.allFrozen', { centre: CONTACT_CENTRE })}
        </Alert>
        {!noneLeft && (
          <Button onClick={() => send({ type: 'CHOOSE_OTHER_PHONE' })}>{t('otp.otherPhone')}</Button>
        )}
        {offerApp && (
          <Button variant="contained" onClick={onSwitch} data-testid="otp-frozen-use-approval">
            {t('otp.useApproval')}
          </Button>
        )}
      </Box>
    );
  }
  if (state === 'requestFailed')
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('otp.requestFailed')}
        </Alert>
        <Button onClick={() => send({ type: 'RETRY' })}>{t('otp.retry')}</Button>
      </Box>
    );
  if (state === 'expired')
    return (
      <Box data-testid="otp-expired">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('otp.expired')}
        </Alert>
        <Button variant="contained" onClick={() => send({ type: 'RESEND', now: Date.now() })}>
          {t('otp.sendNew')}
        </Button>
      </Box>
    );
  const busy = state === 'confirming';
  const left = OTP.maxWrongAttempts - context.wrongAttempts;
  return (
    <Box
      component="form"
      data-testid="otp-panel"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT', code });
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('otp.sentTo', { phone: ch?.maskedPhone ?? '', ref: ch?.refNumber ?? '' })}
      </Typography>
      {context.notice === 'wrongCode' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="otp-wrong">
          {t('otp.wrongCode', { left })}
        </Alert>
      )}
      {context.notice === 'resendLimit' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('otp.resendLimit')}
        </Alert>
      )}
      {context.notice === 'resent' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('otp.resent')}
        </Alert>
      )}
      <TextField
        label={t('otp.label')}
        value={code}
        autoComplete="one-time-code"
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP.digits))}
        // No maxLength attribute: a code pasted as " 123 456" would be cut before the spaces go.
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'otp-input' } }}
        disabled={busy}
        helperText={t('otp.expiresIn', { time: mmss(secondsUntil(ch?.expiresAt, now, OTP.ttlMs / 1000)) })}
        fullWidth
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'center' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || code.length !== OTP.digits}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="otp-confirm"
        >
          {t('otp.confirm')}
        </Button>
        <Button
          disabled={busy || resendIn > 0 || (ch?.resendsLeft ?? 0) <= 0}
          onClick={() => send({ type: 'RESEND', now: Date.now() })}
          data-testid="otp-resend"
        >
          {resendIn > 0 ? t('otp.resendIn', { seconds: resendIn }) : t('otp.resend')}
        </Button>
        {others.length > 0 && (
          <Button disabled={busy} onClick={() => send({ type: 'CHOOSE_OTHER_PHONE' })}>
            {t('otp.otherPhone')}
          </Button>
        )}
        {onSwitch && (
          <Button disabled={busy} onClick={onSwitch} data-testid="otp-use-approval">
            {t('otp.useApproval')}
          </Button>
        )}
        {onPasskey && (
          <Button disabled={busy} onClick={onPasskey} data-testid="otp-use-passkey">
            {t('passkey.use')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function PhoneChoice({
  context,
  now,
  onChoose,
  onSwitch,
}: {
  context: OtpContext;
  now: number;
  onChoose: (id: number) => void;
  /** Approval in the app instead: offered before any code is sent, so choosing it sends no SMS. */
  onSwitch?: () => void;
}) {
  const { t } = useTranslation('engine');
  const usable = new Set(usablePhones(context.phones, now).map((p) => p.phoneId));
  const [picked, setPicked] = useState<number | undefined>([...usable][0]);
  return (
    <Box data-testid="otp-phones">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('otp.choosePhone')}
      </Typography>
      <RadioGroup value={picked ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
        {context.phones.map((p) => (
          <FormControlLabel
            key={p.phoneId}
            value={p.phoneId}
            disabled={!usable.has(p.phoneId)}
            control={<Radio />}
            label={usable.has(p.phoneId) ? p.maskedPhone : `${p.maskedPhone} — ${t('otp.phoneFrozen')}`}
          />
        ))}
      </RadioGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={picked === undefined}
          onClick={() => picked !== undefined && onChoose(picked)}
          data-testid="otp-send"
        >
          {t('otp.send')}
        </Button>
        {onSwitch && (
          <Button onClick={onSwitch} data-testid="otp-use-approval">
            {t('otp.useApproval')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function ApprovalPanel({
  state,
  context,
  send,
  now,
  onSwitch,
  onPasskey,
}: PanelProps<ApprovalContext>) {
  const { t } = useTranslation('engine');
  useEffect(() => {
    if (state === 'waiting') send({ type: 'TICK', now });
  }, [now, state, send]);
  const left = context.approval?.resendsLeft ?? 0;
  if (state === 'requesting' || state === 'resending' || state === 'start')
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={20} aria-hidden /> <Typography>{t('approval.sending')}</Typography>
      </Box>
    );
  if (state === 'requestFailed')
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('approval.requestFailed')}
        </Alert>
        <Button onClick={() => send({ type: 'RETRY' })}>{t('otp.retry')}</Button>
        {onSwitch && <Button onClick={onSwitch}>{t('approval.useOtp')}</Button>}
      </Box>
    );
  return (
    <Box data-testid="approval-panel">
      {state === 'expired' ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="approval-expired">
          {t('approval.expired')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>
            {t('approval.waiting', {
              time: mmss(secondsUntil(context.approval?.expiresAt, now, APPROVAL.expiresMs / 1000)),
            })}
          </Typography>
        </Box>
      )}
      {state !== 'expired' && context.approval?.matchNumber !== undefined && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2">{t('approval.matchHint')}</Typography>
          <Typography
            component="p"
            variant="h3"
            sx={{ fontWeight: 700, letterSpacing: 4, color: 'primary.main' }}
            data-testid="approval-match-number"
          >
            {context.approval.matchNumber}
          </Typography>
        </Box>
      )}
      {context.notice === 'resent' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('approval.resent')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button disabled={left <= 0} onClick={() => send({ type: 'RESEND' })} data-testid="approval-resend">
          {t('approval.resend', { left })}
        </Button>
        {onSwitch && (
          <Button onClick={onSwitch} data-testid="approval-use-otp">
            {t('approval.useOtp')}
          </Button>
        )}
        {onPasskey && (
          <Button onClick={onPasskey} data-testid="approval-use-passkey">
            {t('passkey.use')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
