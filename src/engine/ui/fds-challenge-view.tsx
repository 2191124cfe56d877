import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowFile } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';
import type { FlowActorRef, FlowSnapshot } from '../machine/flow-machine';
import { VerifySummary } from './summary';
import { useStrings } from '@/shared/i18n/use-strings';
import { stepStrings } from '../strings';

/**
 * The FDS challenge (docs/flow-engine-v2.md section 8), generic for every flow: the server flagged
 * the inquiry, and before verify the customer confirms they know the recipient and make the
 * transaction themselves (POST /api/transaction/v1/fds-challenge), or goes back to change it.
 */
export function FdsChallengeView({
  flow,
  actor,
  snap,
  schema,
}: {
  flow: FlowFile;
  actor: FlowActorRef;
  snap: FlowSnapshot;
  schema?: Record<string, unknown>;
}) {
  useStrings(stepStrings); // what these pages say loads with them (src/engine/strings)
  const { t } = useTranslation(['engine2', 'engine', 'flows']);
  const errors = useErrorHandler();
  const ctx = snap.context;
  const busy = snap.hasTag('busy' as never);
  const [recipient, setRecipient] = useState(false);
  const [myself, setMyself] = useState(false);
  useEffect(() => {
    if (ctx.error) errors.showError(ctx.error);
  }, [ctx.error, errors]);
  return (
    <Box data-testid="fds-challenge-view">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('engine2:fds.challenge.heading')}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('engine2:fds.challenge.intro')}
      </Alert>
      <VerifySummary flow={flow} ctx={ctx} schema={schema} />
      <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={recipient}
              onChange={(e) => setRecipient(e.target.checked)}
              disabled={busy}
              data-testid="fds-recipient"
            />
          }
          label={t('engine2:fds.challenge.checkRecipient')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={myself}
              onChange={(e) => setMyself(e.target.checked)}
              disabled={busy}
              data-testid="fds-myself"
            />
          }
          label={t('engine2:fds.challenge.checkMyself')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('engine2:fds.challenge.warning')}
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => actor.send({ type: 'BACK' })} disabled={busy} data-testid="fds-back">
          {t('engine2:fds.challenge.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !recipient || !myself}
          onClick={() => actor.send({ type: 'CONFIRM' })}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="fds-continue"
        >
          {t('engine2:fds.challenge.continue')}
        </Button>
      </Box>
    </Box>
  );
}
