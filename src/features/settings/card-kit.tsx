// What the card settings pages share: a link to a card's flow, a card's status, the customer's cards.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLoad } from '../myaccount/page-kit';
import { cardsApi } from './cards-api';

export type Lang = 'en' | 'id';
export const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');

/** A flow's form with the card chosen (the engine prefills a choice field from the query). */
export const flowLink = (route: string, card?: number) => `${route}inquiry/${card ? `?card=${card}` : ''}`;

export function LinkButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button size="small" variant="outlined" component={RouterLink} to={to} data-testid={testId}>
      {label}
    </Button>
  );
}

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('settings');
  const color = status === 'active' ? 'success' : status === 'blocked' ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`cards.status.${status}`)} data-testid="card-status" />;
}

export function useCards() {
  return useLoad((s) => cardsApi.list(s), [], { product: 'creditCard' });
}
