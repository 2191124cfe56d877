import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { helpApi, MAILBOX_CHANGED } from './api';
import { whenAnswered } from '@/shared/ui/when-answered';

const REFRESH_MS = 60_000;

/**
 * The header's mailbox button with the unread count: asked again on every page change, when a
 * mailbox page says it changed, and every minute (the call does not keep an idle session alive).
 */
export function MailboxBadge() {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  const [unread, setUnread] = useState(0);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const bump = () => setTick((n) => n + 1);
    window.addEventListener(MAILBOX_CHANGED, bump);
    const timer = window.setInterval(bump, REFRESH_MS);
    return () => {
      window.removeEventListener(MAILBOX_CHANGED, bump);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    // A failed count leaves the last one shown: the badge is a hint, the mailbox page says the truth.
    helpApi.badge(ctrl.signal).then(
      whenAnswered((r: { unread: number }) => setUnread(r.unread)),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [pathname, tick]);

  return (
    <IconButton
      component={Link}
      to="/help/mailbox/"
      data-testid="mailbox-badge"
      data-unread={unread}
      aria-label={unread > 0 ? t('badge.unread', { count: unread }) : t('badge.none')}
    >
      <Badge badgeContent={unread} color="primary" max={99}>
        <MailOutlineIcon />
      </Badge>
    </IconButton>
  );
}
