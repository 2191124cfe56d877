import type { Money } from '../../shared/money';
import { serviceContext, type TransactionServiceDeps } from '../transactions/context';
import { verifyOnce, type AccountTotal } from '../transactions/verify-once';
import { cartCheckout } from './cart-checkout';
import { cartItems } from './cart-items';

export { CART_ITEM_TTL_H, CART_MAX_ITEMS, type CartItem } from './cart-items';
export type { ItemResult } from './cart-checkout';

/** What the cart takes from one account in one currency, against what the account has. */
export type CartTotal = AccountTotal;

/**
 * The cart: transactions of any flow kept on the server for the customer, verified once (OTP or
 * approval) and then each posted through the engine's one posting path with its own result.
 */
export function createCartService(deps: TransactionServiceDeps) {
  const ctx = serviceContext(deps);
  const once = verifyOnce(ctx);
  const items = cartItems(ctx, once);
  const { list, count, add, update, remove } = items;
  const { checkout, resend, status, confirm } = cartCheckout(ctx, once, items);
  return { list, count, add, update, remove, checkout, resend, status, confirm };
}

export type CartService = ReturnType<typeof createCartService>;
export type { Money };
