// No imports: scripts/vite/flow-parts.ts reads this too, and Vite bundles the config alone.

/**
 * A flow file's keys that only its transaction reads (its form and choices, inquiry, amount, posting,
 * verify and receipt; its fee and limit rules, eligibility gates, alerts, biller, schedule and promo
 * fields, its service shape): not in the metadata every signed-in page carries of every flow
 * (src/engine/flows-data.ts FlowMeta), only in its own file, loaded with its page. The inquiry stays
 * as a multi-step one's pages.
 */
export const FLOW_BODY_KEYS = [
  'form',
  'choices',
  'inquiry',
  'amount',
  'posting',
  'verify',
  'receipt',
  'rules',
  'gates',
  'notify',
  'provider',
  'schedule',
  'promo',
  'service',
] as const;
