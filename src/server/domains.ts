import type { FastifyInstance } from 'fastify';
import type { DomainOptions, DomainPlugin, ServerRegistry } from './transactions/contracts';
import { composeRegistry } from './transactions/compose';
import { transactionsDomain } from './transactions/domain';
import { authDomain } from './auth/domain';
import { dashboardDomain } from './dashboard/domain';
import { billersDomain } from './billers/domain';
import { smsDomain } from './sms/domain';
import { approvalsDomain } from './approvals/domain';
import { registrationDomain } from './registration/domain';
import { devDomain } from './dev/domain';
import { chatDomain } from './chat/domain';
import { favoritesDomain } from './favorites/domain';
import { referenceDomain } from './reference/domain';
import { receiptsDomain } from './receipts/domain';
import { transfersDomain } from './transfers/domain';
import { clearingDomain } from './clearing/domain';
import { schedulesDomain } from './schedules/domain';
import { myAccountDomain } from './myaccount/domain';
import { insuranceDomain } from './insurance/domain';
import { settingsDomain } from './settings/domain';
import { investDomain } from './invest/domain';
import { goldDomain } from './gold/domain';
import { depositsDomain } from './deposits/domain';
import { uploadsDomain } from './uploads/domain';
import { mailboxDomain } from './mailbox/domain';
import { helpDomain } from './help/domain';
import { recipientsDomain } from './recipients/domain';
import { mainAccountsDomain } from './main-accounts/domain';
import { searchDomain } from './search/domain';
import { myBusinessDomain } from './mybusiness/domain';
import { pfmDomain } from './pfm/domain';
import { cardsDomain } from './cards/domain';
import { poinXtraDomain } from './poinxtra/domain';
import { goalsDomain } from './goals/domain';
import { vcnDomain } from './vcn/domain';
import { autoTopUpDomain } from './autotopup/domain';
import { cartDomain } from './cart/domain';
import { batchesDomain } from './batches/domain';
import { alertsDomain } from './alerts/domain';
import { promoDomain } from './promo/domain';
import { travelDomain } from './travel/domain';
import { vouchersDomain } from './vouchers/domain';
import { qrisDomain } from './qris/domain';
import { passkeysDomain } from './passkeys/domain';

/**
 * The server's composition root: every part of the server that adds routes or named implementations
 * for the flows, one line each, in the order their routes are registered. The transaction core
 * imports none of them: it is handed the registry composed from this list (app.ts decorates the app
 * with it). A new domain is its folder, with a `domain.ts` exporting its DomainPlugin, and one line here.
 */
export const serverDomains: readonly DomainPlugin[] = [
  authDomain,
  dashboardDomain,
  transactionsDomain,
  billersDomain,
  smsDomain,
  approvalsDomain,
  registrationDomain,
  devDomain,
  chatDomain,
  favoritesDomain,
  referenceDomain,
  receiptsDomain,
  transfersDomain,
  clearingDomain,
  schedulesDomain,
  myAccountDomain,
  insuranceDomain,
  settingsDomain,
  investDomain,
  goldDomain,
  depositsDomain,
  uploadsDomain,
  mailboxDomain,
  helpDomain,
  recipientsDomain,
  mainAccountsDomain,
  searchDomain,
  myBusinessDomain,
  pfmDomain,
  cardsDomain,
  poinXtraDomain,
  goalsDomain,
  vcnDomain,
  autoTopUpDomain,
  cartDomain,
  batchesDomain,
  alertsDomain,
  promoDomain,
  travelDomain,
  vouchersDomain,
  qrisDomain,
  passkeysDomain,
];

/** The registry of the server's domains (a new one each call: tests and scripts build their own). */
export function serverRegistry(domains: readonly DomainPlugin[] = serverDomains): ServerRegistry {
  return composeRegistry(domains);
}

/** Registers each domain's routes and background jobs, in the list's order. */
export async function registerDomains(
  app: FastifyInstance,
  opts: DomainOptions,
  domains: readonly DomainPlugin[] = serverDomains,
): Promise<void> {
  for (const domain of domains) await domain.register?.(app, opts);
}
