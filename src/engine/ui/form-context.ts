import type { ChoiceOption, ChoiceSpec } from '@/shared/flows';
import type { TransactionServices } from '../services/transaction-services';

/** What the widgets read from the form: the loaded choices, the flow's choice specs and the current values. */
export interface EngineFormContext {
  choices: Record<string, ChoiceOption[]>;
  specs: Record<string, ChoiceSpec>;
  formData: Record<string, unknown>;
  loading: boolean;
  /** Each field's title in the user's language (a dependent choice names the field it waits for). */
  titles: Record<string, string>;
  /** Choices the engine made from another field (inferFrom): their help says so. */
  inferred?: Record<string, string>;
  /** The flow the form belongs to (a photo is uploaded for it). */
  flowId?: string;
  /** Where a priceQuote field asks for its price (the page's services; none: it says the price is unavailable). */
  priceQuote?: TransactionServices['priceQuote'];
}
