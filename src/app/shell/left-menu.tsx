import ChatIcon from '@mui/icons-material/ChatOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemIcon from '@mui/material/ListItemIcon';
import { Fragment } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTypedTranslation } from '@/shared/i18n/keys';
import { MENU } from '../menu';

/** The left menu of spec section 2, group by group. */
export function LeftMenu(props: { onNavigate?: () => void; onChat: () => void }) {
  const { t } = useTypedTranslation('shell');
  const { pathname } = useLocation();
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
                component={NavLink}
                to={item.to}
                selected={pathname === item.to || (item.to !== '/dashboard/' && pathname.startsWith(item.to))}
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
