import microCasa from '../../../schemas/registration/microsite/casa-details.json';
import microCc from '../../../schemas/registration/microsite/cc-details.json';
import microUser from '../../../schemas/registration/microsite/user-info.json';
import microOtp from '../../../schemas/registration/microsite/otp.json';
import microMobile from '../../../schemas/registration/microsite/mobile-number.json';
import appCasa from '../../../schemas/registration/app/casa-details.json';
import appCc from '../../../schemas/registration/app/cc-details.json';
import appUser from '../../../schemas/registration/app/user-info.json';
import appOtp from '../../../schemas/registration/app/otp.json';
import appMobile from '../../../schemas/registration/app/mobile-number.json';
import cardActivation from '../../../schemas/registration/card/activation.json';
import changePin from '../../../schemas/registration/card/change-pin.json';
import type { RuleSchema } from './rules';

/** The microsite's reading of spec section 5, or the internet-banking app's. */
export type Reading = 'microsite' | 'app';

export interface ReadingSchemas {
  casaDetails: RuleSchema;
  ccDetails: RuleSchema;
  userInfo: RuleSchema;
  otp: RuleSchema;
  /** Not asked by these screens (phones come from the bank); kept for the rule table. */
  mobileNumber: RuleSchema;
  cardActivation: RuleSchema;
  changePin: RuleSchema;
}

const card = { cardActivation: cardActivation as RuleSchema, changePin: changePin as RuleSchema };

export const READINGS: Record<Reading, ReadingSchemas> = {
  microsite: {
    casaDetails: microCasa as RuleSchema,
    ccDetails: microCc as RuleSchema,
    userInfo: microUser as RuleSchema,
    otp: microOtp as RuleSchema,
    mobileNumber: microMobile as RuleSchema,
    ...card,
  },
  app: {
    casaDetails: appCasa as RuleSchema,
    ccDetails: appCc as RuleSchema,
    userInfo: appUser as RuleSchema,
    otp: appOtp as RuleSchema,
    mobileNumber: appMobile as RuleSchema,
    ...card,
  },
};
