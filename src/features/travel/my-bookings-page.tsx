import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBankDateTime } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import type { BookingStatus } from '@/shared/travel';
import { PageFrame, PageLoading } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';
import { langOf, pick, travelApi, type FlightBooking } from './api';

const COLOR: Record<BookingStatus, 'success' | 'warning' | 'error' | 'default'> = {
  issued: 'success',
  ticketing: 'warning',
  failed: 'error',
  completed: 'default',
};

function BookingCard({ b }: { b: FlightBooking }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2 }} data-testid="booking" data-status={b.status}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {b.itinerary} · {pick(b.airlineName, lang)} {b.flightNumber}
        </Typography>
        <Chip
          size="small"
          color={COLOR[b.status]}
          label={t(`travel.status.${b.status}`)}
          data-testid="booking-status"
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {pick(b.route, lang)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mt: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('travel.bookingCode')}
          </Typography>
          <Typography
            sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 18 }}
            data-testid="booking-code"
          >
            {b.bookingCode ?? '–'}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('travel.departure')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{pick(b.departureText, lang)}</Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('travel.passengersLabel', { count: b.passengerCount })}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.passengerNames}</Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t(b.status === 'failed' ? 'travel.totalReturned' : 'travel.total')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{formatMoney(b.total, lang)}</Typography>
        </Box>
      </Box>
      {b.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {pick(b.error, lang)}
        </Alert>
      )}
      {b.status === 'ticketing' && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('travel.ticketingHelp')}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('travel.bookedAt', { date: formatBankDateTime(b.bookedAt, lang), reference: b.referenceNo })}
      </Typography>
    </Paper>
  );
}

/** /my-booking-list/: the customer's flight bookings with their status and booking code. */
export function MyBookingsPage() {
  const { t } = useTranslation('living');
  const { data, failed } = useLoad(travelApi.bookings);
  return (
    <PageFrame
      title={t('travel.myBookings')}
      testId="my-bookings-page"
      actions={
        <Button component={Link} to="/searchflight/" variant="contained" size="small">
          {t('travel.bookAFlight')}
        </Button>
      }
    >
      {failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !data ? (
        <PageLoading />
      ) : data.bookings.length === 0 ? (
        <Alert severity="info" data-testid="bookings-empty">
          {t('travel.noBookings')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {data.bookings.map((b) => (
            <BookingCard key={b.referenceNo} b={b} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
