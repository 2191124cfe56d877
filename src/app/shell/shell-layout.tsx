import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { apiPost, onInvalidToken } from '@/shared/api/client';
import { earlyOr, SHELL_CALLS, takeArrived } from '@/shared/api/early-requests';
import { bannerPageOf, bannerVariantOf, MaintenanceBanner } from '@/shared/ui/maintenance-banner';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { SessionContext, type SessionCustomer, type SessionValue } from '@/shared/ui/session-context';
import { useErrorHandler } from '@/shared/ui/error-handler';
import { whenAnswered } from '@/shared/ui/when-answered';
import { OPEN_CHAT_EVENT } from '@/shared/ui/chat-events';
import { MailboxBadge } from '@/features/help/mailbox-badge';
import { CartBadge, useCartCount } from '@/features/cart/cart-badge';
import { useCartLogoutGuard } from '@/features/cart/logout-guard';
import { useStableNavigate } from '../declarative-routes';
import { logout, type LogoutReason } from '../session/logout';
import { useIdleLogout } from '../session/use-idle-logout';
import { ChatPanel } from './chat-panel';
import { SearchBox } from './search-box';
import { IdleDialog } from './idle-dialog';
import { LeftMenu } from './left-menu';

const DRAWER_WIDTH = 264;

interface SessionMe {
  customer: SessionCustomer;
  expires: number | string;
  absoluteExpires: number | string;
}

const toMs = (v: number | string | undefined): number | null =>
  v === undefined ? null : typeof v === 'number' ? v : Number.isFinite(Date.parse(v)) ? Date.parse(v) : null;

/** The authenticated frame: header, left menu, idle prompt, live chat, maintenance banners. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  // noSsr: the real width at the first render (the default answers "phone" first, so a desktop drew
  // the phone's frame and then its own).
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A phone's menu is drawn when first opened, then kept: mounted closed, its slide-in measured the
  // whole page before the first paint (a forced layout, ~50 ms on Lighthouse's phone).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  // The entry's early answer when it came before this first draw: the frame (and the page in it) is
  // drawn once with the customer, not a second time when an effect has read it.
  const [arrived] = useState(() => takeArrived<SessionMe>(SHELL_CALLS.me));
  const [customer, setCustomer] = useState<SessionCustomer | null>(arrived?.customer ?? null);
  const [absoluteExpires, setAbsoluteExpires] = useState(() => toMs(arrived?.absoluteExpires));
  const navigate = useStableNavigate();
  const { pathname, search } = useLocation();
  const errors = useErrorHandler();

  const endSession = useCallback(
    (reason: LogoutReason) => logout(reason, { navigate: (p) => navigate(p, { replace: true }) }),
    [navigate],
  );

  useEffect(() => onInvalidToken(() => void endSession('expired')), [endSession]);

  // Pages (help, contact us) open the chat panel the shell owns.
  useEffect(() => {
    const open = () => setChatOpen(true);
    window.addEventListener(OPEN_CHAT_EVENT, open);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, open);
  }, []);

  // Asked once while the shell stands, not again when the error handler changes.
  const showError = useEffectEvent((err: unknown) => errors.showError(err));
  useEffect(() => {
    if (arrived) return;
    const ctrl = new AbortController();
    earlyOr(SHELL_CALLS.me, () => apiPost<SessionMe>(SHELL_CALLS.me, {}, { signal: ctrl.signal }))
      .then(
        whenAnswered((me: SessionMe) => {
          setCustomer(me.customer);
          setAbsoluteExpires(toMs(me.absoluteExpires));
        }),
      )
      .catch((err: unknown) => showError(err));
    return () => ctrl.abort();
  }, [arrived]);

  const cartCount = useCartCount();
  const logoutGuard = useCartLogoutGuard(cartCount, () => void endSession('user'));

  const idle = useIdleLogout({ absoluteExpires, onTimeout: (reason) => void endSession(reason) });

  const session = useMemo<SessionValue>(
    () => ({ customer, absoluteExpires, logout: () => endSession('user') }),
    [customer, absoluteExpires, endSession],
  );
  const bannerPage = bannerPageOf(pathname);
  const bannerVariant = bannerVariantOf(search);
  const name = customer ? customer.displayName || customer.fullName : '';

  const menu = <LeftMenu onNavigate={() => setDrawerOpen(false)} onChat={() => setChatOpen(true)} />;
  return (
    <SessionContext.Provider value={session}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: { xs: 0.25, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
            {!desktop && (
              <IconButton
                edge="start"
                onClick={() => {
                  setDrawerUsed(true);
                  setDrawerOpen(true);
                }}
                aria-label={t('header.openMenu')}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Link to="/dashboard/" aria-label={t('appName')} style={{ display: 'flex' }}>
              <img src="/logo.svg" alt={t('logoAlt')} width={120} height={32} />
            </Link>
            <Box sx={{ flex: 1 }} />
            <SearchBox compact={!desktop} onChat={() => setChatOpen(true)} />
            {customer && (
              <Typography
                variant="body2"
                data-testid="greeting"
                sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 600 }}
              >
                {t('header.greeting', { title: customer.title, name })}
              </Typography>
            )}
            <CartBadge count={cartCount} />
            <MailboxBadge />
            <LanguageSwitch />
            <Button
              color="primary"
              startIcon={<LogoutIcon />}
              onClick={logoutGuard.request}
              data-testid="logout"
              aria-label={t('header.logout')}
              sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('header.logout')}
              </Box>
            </Button>
          </Toolbar>
        </AppBar>
        <Drawer
          variant={desktop ? 'permanent' : 'temporary'}
          open={desktop || drawerOpen}
          onClose={() => setDrawerOpen(false)}
          ModalProps={{ keepMounted: drawerUsed }}
          sx={{
            width: desktop ? DRAWER_WIDTH : undefined,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <Box sx={{ overflowY: 'auto', py: 1 }}>{menu}</Box>
        </Drawer>
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <Toolbar />
          {bannerPage && (
            <MaintenanceBanner
              key={`${bannerPage}-${bannerVariant ?? ''}`}
              page={bannerPage}
              variant={bannerVariant}
            />
          )}
          <Outlet />
        </Box>
      </Box>
      <IdleDialog
        deadline={idle.promptDeadline}
        onStay={idle.stay}
        onLogout={() => void endSession('user')}
      />
      {chatOpen && <ChatPanel onClose={() => setChatOpen(false)} />}
      {logoutGuard.dialog}
    </SessionContext.Provider>
  );
}
