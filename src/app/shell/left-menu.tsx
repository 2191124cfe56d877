import ChatIcon from '@mui/icons-material/ChatOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemIcon from '@mui/material/ListItemIcon';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { useTypedTranslation } from '@/shared/i18n/keys';
import { MENU } from '../menu';

/** The menu item of a path: the longest menu route it starts with (Home only for the dashboard itself). */
export function activeMenuItem(pathname: string): string | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  let best: { id: string; len: number } | undefined;
  for (const item of MENU.flatMap((g) => g.items)) {
    if (typeof item.to !== 'string' || !path.startsWith(item.to)) continue;
    if (!best || item.to.length > best.len) best = { id: item.id, len: item.to.length };
  }
  return best?.id;
}

/** The left menu of spec section 2, group by group. */
export function LeftMenu(props: { onNavigate?: () => void; onChat: () => void }) {
  const { t } = useTypedTranslation('shell');
  const { pathname } = useLocation();
  const active = activeMenuItem(pathname);
  return (
    <List
      component="nav"
      aria-label={t('header.mainNavigation')}
      dense
      data-testid="left-menu"
      sx={{ py: 0 }}
    >
      {MENU.map((group) => (
        <Fragment key={group.id ?? 'top'}>
          {group.id && (
            <ListSubheader
              component="div"
              disableSticky
              sx={{ lineHeight: 2.5, fontWeight: 700, bgcolor: 'inherit' }}
            >
              {t(`menu.groups.${group.id}`)}
            </ListSubheader>
          )}
          {group.items.map((item) =>
            typeof item.to === 'string' ? (
              <ListItemButton
                key={item.id}
                component={Link}
                to={item.to}
                selected={active === item.id}
                aria-current={active === item.id ? 'page' : undefined}
                onClick={props.onNavigate}
                data-testid={`menu-${item.id}`}
                sx={{ borderRadius: 1, mx: 1 }}
              >
                <ListItemText primary={t(`menu.items.${item.id}`)} />
              </ListItemButton>
            ) : (
              <ListItemButton
                key={item.id}
                onClick={() => {
                  props.onNavigate?.();
                  props.onChat();
                }}
                data-testid={`menu-${item.id}`}
                sx={{ borderRadius: 1, mx: 1 }}
              >
                <ListItemText primary={t(`menu.items.${item.id}`)} />
                <ListItemIcon sx={{ minWidth: 0 }}>
                  <ChatIcon fontSize="small" />
                </ListItemIcon>
              </ListItemButton>
            ),
          )}
        </Fragment>
      ))}
    </List>
  );
}
