import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import type { FlowFile } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';
import { kindOf } from '../machine/errors';
import type { FlowActorRef, FlowSnapshot } from '../machine/flow-machine';
import type { TransactionServices } from '../services/transaction-services';
import { VerifySummary } from './summary';
import { ApprovalPanel, OtpPanel, useNow } from './verification-panels';
import { PasskeyPanel } from './passkey-panel';
import { useStrings } from '@/shared/i18n/use-strings';
import { stepStrings } from '../strings';

/** The verify page: the transaction's summary, then its OTP or app approval (or adding it to the cart). */
export function VerifyView({
  flow,
  actor,
  snap,
  schema,
  cart,
}: {
  flow: FlowFile;
  actor: FlowActorRef;
  snap: FlowSnapshot;
  schema?: Record<string, unknown>;
  cart?: NonNullable<TransactionServices['cart']> & { done: () => void; cartItemId?: number };
}) {
  useStrings(stepStrings); // what these pages say loads with them (src/engine/strings)
  const { t } = useTranslation(['engine', 'flows', 'cart']);
  const [adding, setAdding] = useState(false);
  const errors = useErrorHandler();
  const ctx = snap.context;
  const child = snap.children.verification as AnyActorRef | undefined;
  const m = (v: unknown) => (snap as unknown as { matches: (v: unknown) => boolean }).matches(v);
  const interrupted = m({ verify: 'interrupted' });
  const rejected = m({ verify: 'rejected' });
  const confirming = m({ verify: 'confirming' });
  useEffect(() => {
    if (interrupted && ctx.error && kindOf(ctx.error) !== 'cancelled')
      errors.showError(ctx.error, { onRetry: () => actor.send({ type: 'RETRY' }) });
  }, [interrupted, ctx.error, errors, actor]);
  return (
    <Box data-testid="verify-view">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('verify.heading')}
      </Typography>
      <VerifySummary flow={flow} ctx={ctx} schema={schema} />
      <Box sx={{ mt: 3 }}>
        {rejected ? (
          <Box data-testid="approval-rejected">
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('approval.rejected')}
            </Alert>
            <Button variant="contained" onClick={() => actor.send({ type: 'NEW' })}>
              {t('receipt.actions.new')}
            </Button>
          </Box>
        ) : interrupted ? (
          <Button
            variant="contained"
            onClick={() => actor.send({ type: 'RETRY' })}
            data-testid="verify-retry"
          >
            {t('verify.retry')}
          </Button>
        ) : confirming ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden /> <Typography>{t('verify.processing')}</Typography>
          </Box>
        ) : child ? (
          <ChildPanel
            key={child.id + String(ctx.method)}
            child={child}
            method={ctx.method}
            actor={actor}
            methods={ctx.methods}
          />
        ) : null}
      </Box>
      {!confirming && !rejected && (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => actor.send({ type: 'BACK' })} data-testid="verify-back">
            {t('verify.back')}
          </Button>
          {cart && (
            // Instead of verifying now: kept in the cart (with its form), verified later with the others.
            <Button
              variant="outlined"
              disabled={adding}
              data-testid="add-to-cart"
              onClick={() => {
                setAdding(true);
                const call =
                  cart.cartItemId !== undefined
                    ? cart.update(cart.cartItemId, ctx.form)
                    : cart.add(flow.id, ctx.form);
                call.then(
                  () => {
                    actor.send({ type: 'NEW' });
                    cart.done();
                  },
                  (err: unknown) => {
                    setAdding(false);
                    errors.showError(err);
                  },
                );
              }}
            >
              {t(cart.cartItemId !== undefined ? 'cart:updateInCart' : 'cart:addToCart')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

function ChildPanel({
  child,
  method,
  actor,
  methods,
}: {
  child: AnyActorRef;
  method: string;
  actor: FlowActorRef;
  methods: string[];
}) {
  const snap = useSelector(child, (s) => s) as { value: unknown; context: never };
  const now = useNow();
  const send = useCallback((e: { type: string }) => child.send(e), [child]);
  const state = String(snap.value);
  const appEnrolled = useSelector(actor, (s) => (s as FlowSnapshot).context.inquiry?.appEnrolled);
  const passkeyEnrolled = useSelector(actor, (s) => (s as FlowSnapshot).context.inquiry?.passkeyEnrolled);
  const usePasskey =
    methods.includes('passkey') && passkeyEnrolled ? () => actor.send({ type: 'USE_PASSKEY' }) : undefined;
  if (method === 'passkey')
    return (
      <PasskeyPanel
        state={state}
        context={snap.context}
        send={send}
        onApproval={methods.includes('approval') ? () => actor.send({ type: 'USE_APPROVAL' }) : undefined}
      />
    );
  if (method === 'approval')
    return (
      <ApprovalPanel
        state={state}
        context={snap.context}
        send={send}
        now={now}
        onSwitch={methods.includes('otp') ? () => child.send({ type: 'USE_OTP' }) : undefined}
        onPasskey={usePasskey}
      />
    );
  return (
    <OtpPanel
      state={state}
      context={snap.context}
      send={send}
      now={now}
      onSwitch={methods.includes('approval') ? () => actor.send({ type: 'USE_APPROVAL' }) : undefined}
      onPasskey={usePasskey}
      appEnrolled={appEnrolled}
    />
  );
}
