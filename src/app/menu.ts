import type { Resources } from '@/shared/i18n/keys';

/** The left menu, exactly as spec section 2 "Left menu": groups, items and the route each opens. */
export interface MenuItem {
  /** shell:menu.items.<id> */
  id: keyof Resources['shell']['menu']['items'];
  /** A route of the product, or 'chat' for the live-chat panel. */
  to: string | { action: 'chat' };
}

export interface MenuGroup {
  /** shell:menu.groups.<id>; null for the top items without a heading. */
  id: keyof Resources['shell']['menu']['groups'] | null;
  items: MenuItem[];
}

export const MENU: readonly MenuGroup[] = [
  {
    id: null,
    items: [
      { id: 'home', to: '/dashboard/' },
      { id: 'installmentSummary', to: '/installment-summary/' },
      { id: 'myFavorites', to: '/my-favorite/' },
      { id: 'myGoals', to: '/dashboard/my-goal/' },
      { id: 'wealth', to: '/dashboard/wealth/' },
    ],
  },
  {
    id: 'transactions',
    items: [
      { id: 'myAccounts', to: '/myaccount/' },
      { id: 'transfer', to: '/transfer/' },
      { id: 'billPayment', to: '/payment/' },
      { id: 'qris', to: '/qris/inquiry/' },
      { id: 'biFast', to: '/bi-fast/' },
      { id: 'purchase', to: '/purchase/' },
      { id: 'virtualCardNumber', to: '/virtual-card-number/' },
      { id: 'donation', to: '/donation/' },
      { id: 'poinXtra', to: '/poinxtra/' },
      { id: 'myBusiness', to: '/mybusiness/' },
    ],
  },
  {
    id: 'apply',
    items: [
      { id: 'apply', to: '/applyandinvest/' },
      { id: 'sharia', to: '/applyandinvest/productlist/' },
      { id: 'promoCode', to: '/promocode/' },
      { id: 'gold', to: '/gold-saving/' },
    ],
  },
  {
    id: 'leisure',
    items: [
      { id: 'travel', to: '/searchflight/' },
      { id: 'myBookings', to: '/my-booking-list/' },
      { id: 'vouchers', to: '/topup-voucher/' },
    ],
  },
  {
    id: 'settings',
    items: [
      { id: 'settings', to: '/settings/' },
      { id: 'myTransactions', to: '/mytransaction/' },
      { id: 'help', to: '/help/' },
      { id: 'contactUs', to: '/contact-us/' },
      { id: 'chat', to: { action: 'chat' } },
    ],
  },
];
