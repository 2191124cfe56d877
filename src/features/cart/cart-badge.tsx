import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CART_CHANGED, CART_PATH, cartApi } from '@/shared/cart/cart-api';
import { whenAnswered } from '@/shared/ui/when-answered';

/** How many transactions the cart holds: asked on every page change and when the cart says it changed. */
export function useCartCount(): number {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const bump = () => setTick((n) => n + 1);
    window.addEventListener(CART_CHANGED, bump);
    return () => window.removeEventListener(CART_CHANGED, bump);
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    // A failed count leaves the last one shown: the badge is a hint, the cart page says the truth.
    cartApi.count(ctrl.signal).then(
      whenAnswered((r: { count: number }) => setCount(r.count)),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [pathname, tick]);
  return count;
}

/** The header's cart button with its count. */
export function CartBadge({ count }: { count: number }) {
  const { t } = useTranslation('cart');
  return (
    <IconButton
      component={Link}
      to={CART_PATH}
      data-testid="cart-badge"
      data-count={count}
      aria-label={count > 0 ? t('badge.label', { count }) : t('badge.empty')}
      // Tighter on a phone, so the header's buttons still fit 390 px beside the mailbox and language.
      sx={{ p: { xs: 0.5, sm: 1 } }}
    >
      {/* No hidden "0" when empty: the name said (the label) is then all there is to read. */}
      <Badge badgeContent={count > 0 ? count : null} invisible={count === 0} color="primary" max={99}>
        <ShoppingCartOutlinedIcon />
      </Badge>
    </IconButton>
  );
}
