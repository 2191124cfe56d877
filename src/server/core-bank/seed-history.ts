import { postCardPurchase } from './seed-cards';
import type { HistoryTemplate } from './seed-data';
import { accountsOfPosting, at, postSpec, type SeedContext, type SeedPersona } from './seed-ledger';

/**
 * Writes a history template's months for a persona: month `months` (30-day months ago) down to the
 * current one, each month's events in their order. An event falls on `day` days into its month; one
 * that would fall today or later, or before one of its accounts opened, did not happen.
 */
export async function seedHistory(c: SeedContext, p: SeedPersona, template: HistoryTemplate) {
  /** Per card account: spent and not yet paid. */
  const owed = new Map<string, number>();
  for (let month = template.months; month >= 0; month--) {
    // The card bill paid this month is what was spent before it; this month's spending stays owed.
    const bills = new Map(owed);
    const monthStart = month * 30; // days ago
    const when = (day: number, hour: number) => {
      const daysAgo = monthStart - day;
      return daysAgo > 0 ? at(c.now, daysAgo, hour) : null;
    };
    for (const e of template.events) {
      if (e.kind === 'card-purchases') {
        for (let k = 0; k < e.count; k++) {
          const purchaseAt = when(e.day + k * e.everyDays, e.hour + k);
          if (!purchaseAt) continue;
          const shop = e.shops[(month * e.count + k) % e.shops.length]!;
          owed.set(e.account, (owed.get(e.account) ?? 0) + shop.amount);
          await postCardPurchase(c, p, purchaseAt, e.account, e.flowId, shop);
        }
      } else if (e.kind === 'card-bill') {
        const bill = bills.get(e.to) ?? 0;
        const paidAt = when(e.day, e.hour);
        if (!paidAt || bill <= 0) continue;
        await postSpec(c, p, paidAt, { ...e, amount: bill });
        owed.set(e.to, (owed.get(e.to) ?? 0) - bill);
      } else {
        const postAt = when(e.day, e.hour);
        if (!postAt) continue;
        if (accountsOfPosting(p, e).some((a) => postAt.getTime() <= a.openedAt.getTime())) continue;
        const amount = e.monthlyVariation
          ? e.amount + ((month * e.monthlyVariation.step) % e.monthlyVariation.modulo)
          : e.amount;
        await postSpec(c, p, postAt, { ...e, amount });
      }
    }
  }
}
