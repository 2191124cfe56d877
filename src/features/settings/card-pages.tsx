import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { Card, Line, Loading, Page, useLoad } from '../myaccount/page-kit';
import { aliasApi, cardsApi, type CreditCardView, type DebitCardView } from './cards-api';

type Lang = 'en' | 'id';
const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');

/** A flow's form with the card chosen (the engine prefills a choice field from the query). */
const flowLink = (route: string, card?: number) => `${route}inquiry/${card ? `?card=${card}` : ''}`;

function LinkButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button size="small" variant="outlined" component={RouterLink} to={to} data-testid={testId}>
      {label}
    </Button>
  );
}

function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('settings');
  const color = status === 'active' ? 'success' : status === 'blocked' ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`cards.status.${status}`)} data-testid="card-status" />;
}

function useCards() {
  return useLoad((s) => cardsApi.list(s), [], { product: 'creditCard' });
}

/** /settings/cc-card-management/: each credit card's limits and where it may be used, each changed by a flow. */
export function CardManagementPage() {
  const { t, i18n } = useTranslation('settings');
  const lang = langOf(i18n.language);
  const { data } = useCards();
  const cards = data?.creditCards.filter((c) => c.status === 'active');
  return (
    <Page title={t('cards.manage.title')} intro={t('cards.manage.intro')} testId="cc-card-management-page">
      {!cards ? (
        <Loading />
      ) : cards.length === 0 ? (
        <Alert severity="info">{t('cards.none')}</Alert>
      ) : (
        cards.map((c) => (
          <Card key={c.id} title={`${c.cardName} · ${c.maskedNumber}`} testId={`manage-card-${c.id}`}>
            <Line
              title={t('cards.manage.limit')}
              sub={
                c.temporaryUntil
                  ? t('cards.manage.temporaryUntil', {
                      amount: formatMoney(c.spendingLimit, lang),
                      date: formatBankDate(c.temporaryUntil, lang),
                    })
                  : t('cards.manage.available', { amount: formatMoney(c.available, lang) })
              }
              right={formatMoney(c.creditLimit, lang)}
            >
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <LinkButton
                  to={flowLink('/myaccount/increase-limit/', c.id)}
                  label={t('cards.manage.increase')}
                  testId="increase-limit"
                />
                <LinkButton
                  to={flowLink('/myaccount/convertInstallment/')}
                  label={t('cards.manage.instalment')}
                  testId="convert-instalment"
                />
              </Stack>
            </Line>
            <Control card={c} kind="online" value={c.online} />
            <Control card={c} kind="overseas" value={c.overseas} />
            <Line
              title={t('cards.manage.dailyLimit')}
              right={c.dailyLimit ? formatMoney(c.dailyLimit, lang) : t('cards.manage.noDailyLimit')}
            >
              <Box sx={{ mt: 1 }}>
                <LinkButton
                  to={flowLink('/settings/manage-card/daily-limit/', c.id)}
                  label={t('cards.manage.change')}
                  testId="change-daily-limit"
                />
              </Box>
            </Line>
          </Card>
        ))
      )}
    </Page>
  );
}

function Control({
  card,
  kind,
  value,
}: {
  card: CreditCardView;
  kind: 'online' | 'overseas';
  value: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <Line
      title={t(`cards.manage.${kind}`)}
      right={value ? t('cards.on') : t('cards.off')}
      testId={`control-${kind}`}
    >
      <Box sx={{ mt: 1 }}>
        <LinkButton
          to={flowLink(`/settings/manage-card/${kind}/`, card.id)}
          label={value ? t('cards.turnOff') : t('cards.turnOn')}
          testId={`toggle-${kind}`}
        />
      </Box>
    </Line>
  );
}

/** What /settings/changed-status/:typeOfAction/ may report: a card blocked, unblocked or activated. */
const CHANGED_STATUS_ACTIONS = ['block', 'unblock', 'activate'];

/** The card settings a verified flow changes at /settings/manage-card/<action>/ (flows/card/manage-*.json). */
export const MANAGE_CARD_ACTIONS = ['daily-limit', 'online', 'overseas'] as const;

/**
 * /settings/manage-card/:typeOfAction/verify|receipt/ for an action no flow serves (a mistyped or old
 * link): says so plainly and offers the card settings there are, instead of a placeholder.
 */
export function UnknownCardActionPage() {
  const { t } = useTranslation('settings');
  const { typeOfAction } = useParams();
  return (
    <Page title={t('cards.manage.title')} testId="unknown-card-action-page">
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="unknown-card-action">
        {t('cards.unknownAction', { action: typeOfAction ?? '' })}
      </Alert>
      <Card title={t('cards.knownActions')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {MANAGE_CARD_ACTIONS.map((a) => (
            <LinkButton
              key={a}
              to={`/settings/manage-card/${a}/inquiry/`}
              label={t(`cards.actions.${a}`)}
              testId={`manage-card-${a}`}
            />
          ))}
          <LinkButton
            to="/settings/cc-card-management/"
            label={t('cards.manage.title')}
            testId="to-card-management"
          />
        </Stack>
      </Card>
    </Page>
  );
}

/**
 * /settings/block-and-unblock-card/ (and /settings/changed-status/:typeOfAction/ after a change): every
 * card with its status, each leading to the block or unblock flow.
 */
export function BlockAndUnblockPage() {
  const { t } = useTranslation('settings');
  const { typeOfAction } = useParams();
  const known = !!typeOfAction && CHANGED_STATUS_ACTIONS.includes(typeOfAction);
  const { data } = useCards();
  return (
    <Page title={t('cards.block.title')} intro={t('cards.block.intro')} testId="block-and-unblock-card-page">
      {typeOfAction &&
        (known ? (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="changed-status">
            {t('cards.block.changed')}
          </Alert>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="unknown-card-action">
            {t('cards.unknownAction', { action: typeOfAction })}
          </Alert>
        ))}
      {!data ? (
        <Loading />
      ) : (
        <>
          <Card title={t('cards.creditCards')} testId="credit-cards">
            {data.creditCards.length === 0 && <Typography>{t('cards.none')}</Typography>}
            {data.creditCards
              .filter((c) => c.status !== 'inactive')
              .map((c) => (
                <Line key={c.id} title={`${c.cardName} · ${c.maskedNumber}`} testId={`credit-card-${c.id}`}>
                  <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                    <StatusChip status={c.status} />
                    {c.status === 'active' ? (
                      <LinkButton
                        to={flowLink('/myaccount/blockcard/', c.id)}
                        label={t('cards.block.block')}
                        testId="block-card"
                      />
                    ) : (
                      <LinkButton
                        to={flowLink('/myaccount/unblockcard/', c.id)}
                        label={t('cards.block.unblock')}
                        testId="unblock-card"
                      />
                    )}
                  </Stack>
                </Line>
              ))}
          </Card>
          <DebitCards cards={data.debitCards} />
        </>
      )}
    </Page>
  );
}

function DebitCards({ cards }: { cards: DebitCardView[] }) {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('cards.debitCards')} testId="debit-cards">
      {cards.length === 0 && <Typography>{t('cards.noDebit')}</Typography>}
      {cards.map((k) => (
        <Line
          key={k.id}
          title={`•••• ${k.last4} · ${k.accountName} ${k.accountNo}`}
          testId={`debit-card-${k.id}`}
        >
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <StatusChip status={k.status} />
            {!k.linked ? (
              <LinkButton
                to={flowLink('/settings/debit-card-link/', k.id)}
                label={t('cards.debit.link')}
                testId="link-debit-card"
              />
            ) : k.status === 'active' ? (
              <>
                <LinkButton
                  to={flowLink('/settings/debit-card-link/block-card/', k.id)}
                  label={t('cards.block.block')}
                  testId="block-debit-card"
                />
                <LinkButton
                  to={flowLink('/settings/debit-card-link/change-pin/', k.id)}
                  label={t('cards.activate.changePin')}
                  testId="change-debit-pin"
                />
              </>
            ) : (
              <LinkButton
                to={flowLink('/settings/debit-card-link/unblock-card/', k.id)}
                label={t('cards.block.unblock')}
                testId="unblock-debit-card"
              />
            )}
          </Stack>
        </Line>
      ))}
    </Card>
  );
}

/** /settings/activate-and-manage-PIN/: new cards to activate; PIN changes. */
export function ActivateAndPinPage() {
  const { t } = useTranslation('settings');
  const { data } = useCards();
  const inactive = data?.creditCards.filter((c) => c.status === 'inactive');
  return (
    <Page title={t('cards.activate.title')} testId="activate-and-manage-pin-page">
      {!data || !inactive ? (
        <Loading />
      ) : (
        <>
          <Card title={t('cards.activate.new')} testId="cards-to-activate">
            {inactive.length === 0 && <Typography>{t('cards.activate.none')}</Typography>}
            {inactive.map((c) => (
              <Line key={c.id} title={`${c.cardName} · ${c.maskedNumber}`} testId={`inactive-card-${c.id}`}>
                <Box sx={{ mt: 1 }}>
                  <LinkButton
                    to={flowLink('/myaccount/activatecard/', c.id)}
                    label={t('cards.activate.activate')}
                    testId="activate-card"
                  />
                </Box>
              </Line>
            ))}
          </Card>
          <Card title={t('cards.activate.pin')} testId="cards-change-pin">
            <Typography color="text.secondary">{t('cards.activate.pinHint')}</Typography>
            {data.creditCards
              .filter((c) => c.status === 'active')
              .map((c) => (
                <Line key={c.id} title={`${c.cardName} · ${c.maskedNumber}`} testId={`pin-card-${c.id}`}>
                  <Box sx={{ mt: 1 }}>
                    <LinkButton
                      to={flowLink('/myaccount/changePIN/', c.id)}
                      label={t('cards.activate.changePin')}
                      testId="change-pin"
                    />
                  </Box>
                </Line>
              ))}
            {data.debitCards
              .filter((k) => k.linked && k.status === 'active')
              .map((k) => (
                <Line
                  key={`d${k.id}`}
                  title={`•••• ${k.last4} · ${k.accountName} ${k.accountNo}`}
                  testId={`pin-debit-card-${k.id}`}
                >
                  <Box sx={{ mt: 1 }}>
                    <LinkButton
                      to={flowLink('/settings/debit-card-link/change-pin/', k.id)}
                      label={t('cards.activate.changePin')}
                      testId="change-debit-pin"
                    />
                  </Box>
                </Line>
              ))}
          </Card>
        </>
      )}
    </Page>
  );
}

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

/** /settings/bifast-alias/: the customer's BI-FAST aliases; register, change and remove are verified flows. */
export function BifastAliasPage() {
  const { t } = useTranslation('settings');
  const { data } = useLoad((s) => aliasApi.list(s), []);
  return (
    <Page title={t('alias.title')} intro={t('alias.intro')} testId="bifast-alias-page">
      {!data ? (
        <Loading />
      ) : (
        <Card testId="aliases">
          {data.aliases.length === 0 && <Typography>{t('alias.none')}</Typography>}
          {data.aliases.map((a) => (
            <Line
              key={a.id}
              testId={`alias-${a.id}`}
              title={a.alias}
              sub={`${t(`alias.kind.${a.kind}`)} → ${a.accountName} ${a.accountNo}`}
            >
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <LinkButton
                  to={`/settings/bifast-alias/change/inquiry/?alias=${a.id}`}
                  label={t('alias.change')}
                  testId="alias-change"
                />
                <LinkButton
                  to={`/settings/bifast-alias/remove/inquiry/?alias=${a.id}`}
                  label={t('alias.remove')}
                  testId="alias-remove"
                />
              </Stack>
            </Line>
          ))}
          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              component={RouterLink}
              to="/settings/bifast-alias/register/inquiry/"
              data-testid="alias-register"
            >
              {t('alias.register')}
            </Button>
          </Box>
        </Card>
      )}
    </Page>
  );
}
