import type { RouteObject } from 'react-router';
import type { FlowMenuEntry } from '@/engine/index';
import type { BatchKind } from './api';

const pages = () => import('./batch-pages');

/** One kind's pages: its base (the rows), inquiry/, verify/ and receipt/ under it. */
function kindRoutes(kind: BatchKind, base: string): RouteObject[] {
  const inquiry = async () => {
    const { BatchInquiryPage } = await pages();
    return { element: <BatchInquiryPage kind={kind} /> };
  };
  return [
    { path: base, lazy: inquiry },
    { path: `${base}inquiry/`, lazy: inquiry },
    {
      path: `${base}verify/`,
      lazy: async () => {
        const { BatchVerifyPage } = await pages();
        return { element: <BatchVerifyPage kind={kind} /> };
      },
    },
    {
      path: `${base}receipt/`,
      lazy: async () => {
        const { BatchReceiptPage } = await pages();
        return { element: <BatchReceiptPage kind={kind} /> };
      },
    },
  ];
}

/** Mass transfer, mass payment and mass purchase (several rows, verified once), and editing a scheduled one. */
export const batchRoutes: RouteObject[] = [
  ...kindRoutes('transfer', '/transfer/mass-transfer/'),
  ...kindRoutes('payment', '/payment/mass-payment/'),
  ...kindRoutes('purchase', '/purchase/mass-purchase/'),
  {
    path: '/mytransaction/edit-scheduled-masstransaction/',
    lazy: async () => ({ Component: (await pages()).EditScheduledBatchPage }),
  },
];

/** The batches on their areas' choosers (after the area's own flows). */
export const batchMenuEntries: FlowMenuEntry[] = [
  {
    flowId: 'batch.transfer',
    area: 'transfer',
    path: '/transfer/mass-transfer/',
    labelKey: 'batch:title.transfer',
    order: 900,
    requires: 'casa',
  },
  {
    flowId: 'batch.payment',
    area: 'payment',
    path: '/payment/mass-payment/inquiry/',
    labelKey: 'batch:title.payment',
    order: 900,
    requires: 'casa',
  },
  {
    flowId: 'batch.purchase',
    area: 'purchase',
    path: '/purchase/mass-purchase/',
    labelKey: 'batch:title.purchase',
    order: 900,
    requires: 'casa',
  },
];
