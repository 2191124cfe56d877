import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '@/shared/ui';
import { Card, Loading, Page } from '../myaccount/page-kit';
import { useCards } from './card-kit';
import { cardsApi } from './cards-api';

/**
 * /settings/view-cvv/: the CVV of a credit card after an OTP, shown for a few seconds and then forgotten
 * (the server derives it when asked and keeps only that it was viewed).
 */
export function ViewCvvPage() {
  const { t } = useTranslation('settings');
  const errors = useErrorHandler();
  const { data } = useCards();
  const cards = data?.creditCards.filter((c) => c.status === 'active');
  const [card, setCard] = useState<number>();
  const [otp, setOtp] = useState<{ requestId: string; refNumber: string; maskedPhone: string }>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [shown, setShown] = useState<{ cvv: string; left: number }>();
  useEffect(() => {
    if (!shown) return;
    if (shown.left <= 0) {
      setShown(undefined);
      return;
    }
    const timer = setTimeout(() => setShown({ cvv: shown.cvv, left: shown.left - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [shown]);
  useEffect(() => {
    if (cards && cards.length > 0 && card === undefined) setCard(cards[0]!.id);
  }, [cards, card]);
  const send = async () => {
    if (card === undefined) return;
    try {
      setOtp(await cardsApi.cvvOtp(card));
      setCode('');
    } catch (err) {
      errors.showError(err);
    }
  };
  const reveal = async () => {
    if (card === undefined || !otp) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('cards.cvv.codeFormat'));
      return;
    }
    try {
      const r = await cardsApi.revealCvv(card, otp.requestId, code);
      setShown({ cvv: r.cvv, left: r.showSeconds });
      setOtp(undefined);
      setCode('');
      setCodeError(undefined);
    } catch (err) {
      const view = errors.describe(err);
      if (view.kind === 'inline') setCodeError(view.message);
      else errors.showError(err);
    }
  };
  return (
    <Page title={t('cards.cvv.title')} intro={t('cards.cvv.intro')} testId="view-cvv-page">
      {!cards ? (
        <Loading />
      ) : cards.length === 0 ? (
        <Alert severity="info">{t('cards.none')}</Alert>
      ) : (
        <Card>
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <TextField
              select
              label={t('cards.cvv.card')}
              value={card ?? ''}
              onChange={(e) => {
                setCard(Number(e.target.value));
                setShown(undefined);
                setOtp(undefined);
              }}
              slotProps={{ htmlInput: { 'data-testid': 'cvv-card' } }}
            >
              {cards.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {`${c.cardName} · ${c.maskedNumber}`}
                </MenuItem>
              ))}
            </TextField>
            {shown ? (
              <Alert severity="warning" data-testid="cvv-shown">
                <Typography variant="h4" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 4 }}>
                  {shown.cvv}
                </Typography>
                {t('cards.cvv.hidesIn', { seconds: shown.left })}
              </Alert>
            ) : otp ? (
              <>
                <Typography>{t('cards.cvv.sent', { phone: otp.maskedPhone, ref: otp.refNumber })}</Typography>
                <TextField
                  label={t('cards.cvv.code')}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  error={!!codeError}
                  helperText={codeError}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      autoComplete: 'one-time-code',
                      'data-testid': 'cvv-otp',
                    },
                  }}
                />
                <Button variant="contained" onClick={() => void reveal()} data-testid="cvv-reveal">
                  {t('cards.cvv.show')}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => void send()} data-testid="cvv-send-otp">
                {t('cards.cvv.sendOtp')}
              </Button>
            )}
          </Stack>
        </Card>
      )}
    </Page>
  );
}
