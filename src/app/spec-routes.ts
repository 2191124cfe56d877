/**
 * Every route of spec section 2, with the spec's spellings, a trailing slash and ':x' parameters
 * (DESIGN.md "Routes"). The router mounts the built features first; every path here that no
 * feature serves yet gets the "not available yet" page, never the 404.
 */

const steps = (base: string, names: readonly string[] = ['inquiry', 'verify', 'receipt']) =>
  names.map((s) => `${base}${s}/`);
const IVR = ['inquiry', 'verify', 'receipt'] as const;
const VR = ['verify', 'receipt'] as const;

const AI = '/applyandinvest/';
const applyAndInvest = [
  AI,
  ...['saving', 'timedeposit', 'creditcard', 'octoloan', 'investment', 'insurance'].map((p) => `${AI}${p}/`),
  `${AI}:form/inquiry/`,
  `${AI}questionnaire-risk-profile/`,
  `${AI}additional-investment-risk/`,
  `${AI}creditcard/inquiry/`,
  `${AI}pasardana/product-details/`,
  ...steps(`${AI}loan/`, [...IVR, 'product-info']),
  ...steps(`${AI}timedeposit/`, VR),
  ...steps(`${AI}saving/`, VR),
  ...steps(`${AI}isa/`, VR),
  ...steps(`${AI}sunlife/`, ['inquiry/step-1', 'inquiry/step-2', 'inquiry/step-3', ...VR]),
  ...steps(`${AI}sompo/`, ['inquiry/step-1', 'inquiry/step-2', ...VR]),
  ...['regular', 'crisp', 'crispplus'].map((k) => `${AI}mutualfund/${k}/subscription/inquiry/`),
  ...['subscription', 'switching', 'redemption'].flatMap((k) => steps(`${AI}mutualfund/:mf/${k}/`, IVR)),
  ...['buy', 'sell'].flatMap((k) => steps(`${AI}bonds/${k}/`, IVR)),
  ...['productlist', 'productdetails', 'product-list-mf', 'product-list-bonds'].map((p) => `${AI}${p}/`),
  `${AI}bonds-monitoring/`,
  `${AI}bonds-register/inquiry/`,
];

const dashboard = [
  '/dashboard/',
  '/new-pfm/',
  '/dashboard/wealth/',
  '/dashboard/my-goal/',
  '/my-goal/detail/',
  '/my-goal/create/',
  '/my-goal/edit/',
  '/exchange-rate/',
];

const help = [
  '/help/',
  '/contact-us/',
  '/help/faq/',
  '/help/mailbox/',
  '/help/compose/',
  '/help/mailbox/message/',
  '/installment-summary/',
];

const MA = '/myaccount/';
const myAccount = [
  MA,
  ...['casa', 'rekpon', 'cc', 'investment-mf', 'investment-bonds'].map((h) => `${MA}history/${h}/`),
  ...['convertInstallment', 'stopARO', 'startARO'].flatMap((k) => steps(`${MA}${k}/`, IVR)),
  `${MA}ksei-transfer/`,
  ...steps(`${MA}ksei-transfer/`, VR),
  `${MA}portfolio/`,
  `${MA}consolidated-portfolio/`,
  ...['blockcard', 'unblockcard', 'changePIN', 'activatecard'].flatMap((k) => steps(`${MA}${k}/`, VR)),
  `${MA}octoloan/`,
  `${MA}octoloan/withdrawal-details/`,
  `${MA}octoloan/withdrawal-history/`,
  ...steps(`${MA}octoloan/withdrawal/`, IVR),
  ...steps(`${MA}debitcard/`, ['inquiry', 'inquirynext', ...VR]),
  `${MA}tax-report/`,
  `${MA}fds/`,
  `${MA}combined-statement/`,
  `${MA}investment/product-detail/`,
  ...steps(`${MA}increase-limit/`, IVR),
  ...['history', 'detail', 'policy-update', 'claim-history', 'beneficiary', 'fund-detail', 'aia-detail'].map(
    (p) => `${MA}investment-ba/${p}/`,
  ),
  ...[
    'history',
    'detail',
    'policy-update',
    'claim-history',
    'other-services',
    'beneficiary',
    'fund-detail',
  ].map((p) => `${MA}insurance-slfi/${p}/`),
  ...['disbursement-tax', 'payout', 'maturity', 'withdrawal'].flatMap((k) =>
    steps(`${MA}insurance/${k}/`, IVR),
  ),
];

const business = [
  '/mybusiness/',
  '/mybusiness/merchant-report/',
  // issue 41: a merchant customer's QRIS codes (not in the spec)
  '/mybusiness/take-payment/',
  '/mytransaction/',
  '/mytransaction/delete-scheduled/',
  '/mytransaction/edit-scheduled/',
  '/mytransaction/edit-scheduled-masstransaction/',
];

const PX = '/poinxtra/';
const poinXtra = [
  PX,
  ...['calculator', 'history', 'summary', 'redeem', 'transfer', 'mileage'].map((p) => `${PX}${p}/`),
  ...['mileage', 'redeem', 'transfer'].flatMap((k) => steps(`${PX}${k}/`, IVR)),
];

const register = [
  '/register/',
  ...[
    'casadetails',
    'ccdetails',
    'ccactivation',
    'ccotp',
    'changepin',
    'validatephone',
    'userinformations',
    'otp',
    'validate-email',
    'yay',
    'threeo',
  ].map((p) => `/register/${p}/`),
];

const transfer = [
  '/transfer/',
  '/transfer/transfer-category/',
  ...steps('/transfer/', IVR),
  ...steps('/transfer/mass-transfer/', IVR),
  '/transfer/fds-challenge/',
  '/transfer/manage-underlaying-document/',
];

const ST = '/settings/';
const settings = [
  ST,
  ...[
    'change-email',
    'change-mobile-number',
    'change-user-id',
    'change-password',
    'change-secure-word',
    'personal-information',
    'account-visibility',
    'bifast-alias',
    'mandatory-form',
    'transaction-limit',
    'transaction-alert',
    'all-transaction-alert',
    'cc-card-management',
    'block-and-unblock-card',
    'activate-and-manage-PIN',
    'view-cvv',
  ].map((p) => `${ST}${p}/`),
  ...steps(`${ST}debit-card-link/`, IVR),
  ...['change-pin', 'unblock-card', 'block-card'].flatMap((k) => steps(`${ST}debit-card-link/${k}/`, VR)),
  `${ST}changed-status/:typeOfAction/`,
  ...steps(`${ST}manage-card/:typeOfAction/`, VR),
];

const purchase = [
  '/purchase/',
  ...['mobile', 'electricity', 'internet', 'ewallet'].flatMap((k) => steps(`/purchase/${k}/`, IVR)),
  '/purchase/mass-purchase/',
  '/purchase/fds/',
];

const BILLERS = [
  'bpjs',
  'credit-card',
  'education',
  'insurance',
  'internet-tv',
  'loan',
  'octoloan',
  'others',
  'mobile',
  'tax',
  'transportation',
  'utility',
  'penerimaan-negara',
  'bea-cukai',
  'vehicle-tax',
  'kua',
  'visa-passport',
  'mass-payment',
  'food-beverages',
  'e-commerce',
  'property',
  'pegadaian',
] as const;

const otherTransactions = [
  // issue 41: paying a QRIS code (not in the spec); /qris/inquiry/ leads to the code's step
  ...steps('/qris/', ['inquiry', 'inquiry/scan', 'inquiry/pay', ...VR]),
  '/virtual-card-number/',
  ...steps('/virtual-card-number/', [...IVR, 'fds']),
  '/donation/',
  ...steps('/donation/', [...IVR, 'fds-donation']),
  '/payment/',
  '/payment/one-time-payment/',
  '/payment/fds-payment/',
  ...BILLERS.flatMap((b) => steps(`/payment/${b}/`, IVR)),
  '/payment/insurance/category/',
  '/payment/penerimaan-negara/option/',
  ...steps('/payment/penerimaan-negara/bpn/', IVR),
  '/virtual-account/',
  ...steps('/virtual-account/', IVR),
  '/my-favorite/',
  '/my-favorite/edit-favorite/',
  '/promocode/',
  '/promocode/available/',
  '/promocode/applied/',
  '/searchflight/',
  '/my-booking-list/',
  '/topup-voucher/',
  '/bi-fast/',
  ...steps('/bi-fast/request-for-payment/', IVR),
  '/gold-saving/',
  ...['register', 'buy', 'sell', 'e-ktp-verification', 'confirmation', 'receipt'].map(
    (p) => `/gold-saving/${p}/`,
  ),
];

/** Routes behind the login (the authenticated shell). */
export const AUTHENTICATED_PATHS: readonly string[] = [
  ...new Set([
    ...applyAndInvest,
    ...dashboard,
    ...help,
    ...myAccount,
    ...business,
    ...poinXtra,
    ...register,
    ...transfer,
    ...settings,
    ...purchase,
    ...otherTransactions,
  ]),
];

export { PUBLIC_PATHS } from './public-paths';

/** The spec area a path belongs to (its first segment), for the placeholder page's wording. */
export function areaOf(path: string): string {
  return path.split('/').filter(Boolean)[0] ?? '';
}
