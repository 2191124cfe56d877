import { AUTHENTICATED_PATHS } from '../../../../src/app/spec-routes';

/**
 * Real values of the persona for the spec's ':x' parameters (budisantoso's): a product's code for the
 * generic form, a fund the customer holds, a card action.
 */
export const ROUTE_PARAMETERS: Record<string, string> = {
  form: 'SAV-XTRA',
  mf: 'MF-PCF',
  typeOfAction: 'block',
};

/**
 * Every entry route of the signed-in app: the spec's route table (src/app/spec-routes.ts) without the
 * verify and receipt steps, which a customer reaches only from the step before (opened directly they
 * go back to it), parameters filled.
 */
export function entryRoutes(params = ROUTE_PARAMETERS): string[] {
  return AUTHENTICATED_PATHS.filter((p) => !/\/(verify|receipt)\/$/.test(p)).map((p) =>
    p.replace(/:(\w+)/g, (_m, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`no value for :${name} of ${p}`);
      return value;
    }),
  );
}
