import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Where the transaction is: inquiry, verify, receipt (the machine's view shown as one of them). */
export function Steps({ view }: { view: string }) {
  const { t } = useTranslation('engine');
  const order = ['inquiry', 'verify', 'receipt'];
  const shownAs: Record<string, string> = {
    form: 'inquiry',
    notice: 'inquiry',
    step: 'inquiry',
    fds: 'verify',
  };
  const at = Math.max(0, order.indexOf(shownAs[view] ?? view));
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2 }} aria-label={t('steps.label')}>
      {order.map((s, i) => (
        <Typography
          key={s}
          variant="caption"
          sx={{
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
            bgcolor: i === at ? 'primary.main' : 'action.hover',
            color: i === at ? 'primary.contrastText' : 'text.secondary',
          }}
          aria-current={i === at ? 'step' : undefined}
        >
          {i + 1}. {t(`steps.${s}`)}
        </Typography>
      ))}
    </Box>
  );
}
