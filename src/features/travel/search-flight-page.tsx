import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { bankDate, formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { PageFrame, PageLoading } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';
import { langOf, pick, travelApi, type Airport, type FlightOffer, type Lang } from './api';

const MAX_PASSENGERS = 7;

interface Query {
  from: string;
  to: string;
  date: string;
  passengers: number;
}

function queryOf(params: URLSearchParams): Query | undefined {
  const from = params.get('from');
  const to = params.get('to');
  const date = params.get('date');
  const passengers = Number(params.get('pax') ?? 1);
  if (!from || !to || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  return { from, to, date, passengers: Math.min(MAX_PASSENGERS, Math.max(1, passengers || 1)) };
}

const duration = (minutes: number, lang: Lang) =>
  lang === 'en'
    ? `${Math.floor(minutes / 60)}h ${minutes % 60}m`
    : `${Math.floor(minutes / 60)} j ${minutes % 60} m`;

/** The search, kept in the page's address so Back from the booking comes back to the results. */
function SearchForm({ airports, query }: { airports: Airport[]; query?: Query }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const [, setParams] = useSearchParams();
  const today = bankDate();
  const [draft, setDraft] = useState<Query>(
    query ?? { from: 'CGK', to: 'DPS', date: bankDate(new Date(), 7), passengers: 1 },
  );
  const same = draft.from === draft.to;
  const past = draft.date < today;
  const label = (a: Airport) => `${a.city} · ${a.code}`;
  const airportField = (which: 'from' | 'to') => (
    <TextField
      select
      label={t(`travel.${which}`)}
      value={draft[which]}
      onChange={(e) => setDraft((d) => ({ ...d, [which]: e.target.value }))}
      error={which === 'to' && same}
      helperText={which === 'to' && same ? t('travel.sameCity') : undefined}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `flight-${which}` } }}
      sx={{ flex: 2, minWidth: 0 }}
    >
      {airports.map((a) => (
        <option key={a.code} value={a.code} title={pick(a.name, lang)}>
          {label(a)}
        </option>
      ))}
    </TextField>
  );
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={t('travel.searchTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        if (same || past) return;
        setParams({ from: draft.from, to: draft.to, date: draft.date, pax: String(draft.passengers) });
      }}
      sx={{ p: 2, mb: 2 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        {airportField('from')}
        <IconButton
          aria-label={t('travel.swap')}
          onClick={() => setDraft((d) => ({ ...d, from: d.to, to: d.from }))}
          sx={{ alignSelf: 'center' }}
        >
          <SwapHorizIcon />
        </IconButton>
        {airportField('to')}
        <TextField
          type="date"
          label={t('travel.date')}
          value={draft.date}
          onChange={(e) => setDraft((d) => ({ ...d, date: e.target.value }))}
          error={past}
          helperText={past ? t('travel.datePast') : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: today, 'data-testid': 'flight-date' },
          }}
          sx={{ flex: 1.4 }}
        />
        <TextField
          select
          label={t('travel.passengers')}
          value={draft.passengers}
          onChange={(e) => setDraft((d) => ({ ...d, passengers: Number(e.target.value) }))}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'flight-passengers' } }}
        >
          {Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {t('travel.passengerCount', { count: n })}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          startIcon={<FlightTakeoffIcon />}
          sx={{ mt: { md: 1 }, py: 1.5, whiteSpace: 'nowrap' }}
          data-testid="flight-search"
        >
          {t('travel.search')}
        </Button>
      </Stack>
    </Paper>
  );
}

function FlightCard({
  f,
  passengers,
  busy,
  onChoose,
}: {
  f: FlightOffer;
  passengers: number;
  busy: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const soldOut = f.seatsLeft === 0;
  const tooFew = !soldOut && f.seatsLeft < passengers;
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: 2 }}
      data-testid="flight-offer"
      data-flight={f.flightNumber}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ minWidth: 140, flex: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{pick(f.airlineName, lang)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {f.flightNumber} ·{' '}
            {f.baggageKg > 0 ? t('travel.baggage', { kg: f.baggageKg }) : t('travel.cabinOnly')}
          </Typography>
        </Box>
        <Box sx={{ flex: 2, minWidth: 200, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box>
            <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{f.departureLocal}</Typography>
            <Typography variant="body2" color="text.secondary">
              {f.from}
            </Typography>
          </Box>
          <Box sx={{ flex: 1, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {duration(f.durationMinutes, lang)}
            </Typography>
            <Box sx={{ borderTop: 1, borderColor: 'divider', my: 0.5 }} />
            <Typography variant="caption" color="text.secondary">
              {t('travel.direct')}
            </Typography>
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 700, fontSize: 18 }}>
              {f.arrivalLocal}
              {f.arrivalDayOffset > 0 && (
                <Typography component="sup" variant="caption" sx={{ ml: 0.25 }}>
                  +{f.arrivalDayOffset}
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {f.to}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ flex: 1, minWidth: 150, textAlign: { xs: 'left', sm: 'right' } }}>
          <Typography sx={{ fontWeight: 700, color: 'primary.main', fontSize: 18 }} data-testid="flight-fare">
            {formatMoney(f.fare, lang)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {passengers > 1
              ? t('travel.totalFor', {
                  total: formatMoney({ ...f.fare, amount: f.fare.amount * passengers }, lang),
                  count: passengers,
                })
              : t('travel.perPassenger')}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, minWidth: 120 }}>
          {soldOut ? (
            <Chip size="small" color="default" label={t('travel.soldOut')} data-testid="flight-sold-out" />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              color={f.seatsLeft < 5 ? 'warning' : 'default'}
              label={t('travel.seatsLeft', { count: f.seatsLeft })}
            />
          )}
          <Button
            variant="contained"
            size="small"
            disabled={soldOut || tooFew || busy}
            onClick={onChoose}
            data-testid="flight-choose"
          >
            {t('travel.choose')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

function Results({ query }: { query: Query }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const errors = useErrorHandler();
  const [order, setOrder] = useState<'time' | 'fare'>('time');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const key = `${query.from}-${query.to}-${query.date}-${query.passengers}`;
  const { data, failed } = useLoad((signal) => travelApi.search(query, signal), key);
  const choose = (f: FlightOffer) => {
    setBusy(true);
    setRefusal(undefined);
    travelApi.hold(f.offerId, query.passengers).then(
      (h) => void navigate(`/searchflight/book/inquiry/?hold=${h.holdId}`),
      (err: unknown) => {
        setBusy(false);
        if (err instanceof ApiFailure && err.body && err.status < 500)
          setRefusal(lang === 'en' ? err.body.errorMessageEng : err.body.errorMessageIdn);
        else errors.showError(err);
      },
    );
  };
  if (failed) return <Alert severity="warning">{t('travel.searchFailed')}</Alert>;
  if (!data)
    return (
      <Box role="status" aria-live="polite">
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
          {t('travel.searching')}
        </Typography>
        <PageLoading />
      </Box>
    );
  const flights = [...data.flights].sort((a, b) =>
    order === 'fare' ? a.fare.amount - b.fare.amount : a.departure.localeCompare(b.departure),
  );
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          mb: 1,
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography color="text.secondary" data-testid="flight-count">
          {t('travel.found', {
            count: flights.length,
            date: formatBankDate(query.date, lang, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            }),
          })}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={order}
          onChange={(_e, v: 'time' | 'fare' | null) => v && setOrder(v)}
          aria-label={t('travel.sort')}
        >
          <ToggleButton value="time">{t('travel.earliest')}</ToggleButton>
          <ToggleButton value="fare" data-testid="flight-sort-fare">
            {t('travel.cheapest')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {refusal && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="flight-refused">
          {refusal}
        </Alert>
      )}
      {flights.length === 0 ? (
        <Alert severity="info" data-testid="flight-none">
          {t('travel.noFlights')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {flights.map((f) => (
            <FlightCard
              key={f.offerId}
              f={f}
              passengers={query.passengers}
              busy={busy}
              onChoose={() => choose(f)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** /searchflight/: flights of the simulated airlines, chosen and held for the booking flow. */
export function SearchFlightPage() {
  const { t } = useTranslation('living');
  const [params] = useSearchParams();
  const query = queryOf(params);
  const airports = useLoad(travelApi.airports);
  return (
    <PageFrame
      title={t('travel.searchTitle')}
      testId="search-flight-page"
      actions={
        <Button component={Link} to="/my-booking-list/" variant="outlined" size="small">
          {t('travel.myBookings')}
        </Button>
      }
    >
      {airports.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !airports.data ? (
        <PageLoading />
      ) : (
        <SearchForm key={params.toString()} airports={airports.data.airports} query={query} />
      )}
      {query ? (
        <Results query={query} />
      ) : (
        <Typography color="text.secondary">{t('travel.intro')}</Typography>
      )}
    </PageFrame>
  );
}
