// The card settings the routes load (one chunk): card management, block and unblock, activation and PIN,
// the CVV (view-cvv-page.tsx) and BI-FAST aliases (bifast-alias-page.tsx).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { Card, Line, Loading, Page } from '../myaccount/page-kit';
import { flowLink, langOf, LinkButton, StatusChip, useCards } from './card-kit';
import type { CreditCardView, DebitCardView } from './cards-api';

export { ViewCvvPage } from './view-cvv-page';
export { BifastAliasPage } from './bifast-alias-page';

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
