import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Logging out with transactions in the cart asks first (spec section 4); an empty cart logs out at once.
 * The cart is kept on the server either way.
 */
export function useCartLogoutGuard(count: number, logout: () => void) {
  const [open, setOpen] = useState(false);
  const request = () => (count > 0 ? setOpen(true) : logout());
  const dialog = (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="cart-logout-title">
      <LogoutQuestion
        count={count}
        onStay={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          logout();
        }}
      />
    </Dialog>
  );
  return { request, dialog };
}

// Its own component: a closed dialog renders nothing, so its strings (a plural among them, whose
// first use builds the language's plural rules) cost nothing on every signed-in page's first draw.
function LogoutQuestion({
  count,
  onStay,
  onConfirm,
}: {
  count: number;
  onStay: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <>
      <DialogTitle id="cart-logout-title">{t('logout.title')}</DialogTitle>
      <DialogContent>{t('logout.body', { count })}</DialogContent>
      <DialogActions>
        <Button onClick={onStay} data-testid="cart-logout-stay">
          {t('logout.stay')}
        </Button>
        <Button color="error" onClick={onConfirm} data-testid="cart-logout-confirm">
          {t('logout.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
