/** Tags 26-51, merchant account information templates: the acquirers' and QRIS's national one (51). */
import { checkText, othersOf, refuse } from './refusal';
import { isTypedAccountSubTag } from './tags';
import { QRIS_GUI, type QrisMerchantAccount } from './types';

/** QRIS's mark: tag 51 whose GUI (00) is ID.CO.QRIS.WWW. */
export function isNationalTemplate(tag: string, sub: Map<string, string>): boolean {
  return tag === '51' && sub.get('00') === QRIS_GUI;
}

const PAN = /^\d+$/;
const NMID = /^ID[0-9A-Z]+$/;

export function readAccount(tag: string, sub: Map<string, string>): QrisMerchantAccount {
  const gui = sub.get('00');
  if (gui === undefined) refuse({ code: 'MISSING_FIELD', tag: `${tag}.00`, detail: `tag ${tag} has no GUI` });
  checkText(`${tag}.00`, gui, 32);
  const [pan, merchantId, criteria] = [sub.get('01'), sub.get('02'), sub.get('03')];
  if (pan !== undefined) checkText(`${tag}.01`, pan, 19);
  if (pan !== undefined && !PAN.test(pan))
    refuse({ code: 'INVALID_FIELD', tag: `${tag}.01`, detail: `the merchant PAN in ${tag} is not digits` });
  if (merchantId !== undefined) checkText(`${tag}.02`, merchantId, 99);
  if (criteria !== undefined) checkText(`${tag}.03`, criteria, 3);
  if (isNationalTemplate(tag, sub)) checkNmid(merchantId);
  return {
    tag,
    gui,
    ...(pan === undefined ? {} : { pan }),
    ...(merchantId === undefined ? {} : { merchantId }),
    ...(criteria === undefined ? {} : { criteria }),
    other: othersOf(sub, isTypedAccountSubTag),
  };
}

/** The national template's 02: "ID" then letters or digits, 15 characters at most. */
function checkNmid(nmid: string | undefined): void {
  if (nmid === undefined) refuse({ code: 'MISSING_FIELD', tag: '51.02', detail: 'tag 51 has no NMID (02)' });
  checkText('51.02', nmid, 15);
  if (!NMID.test(nmid))
    refuse({
      code: 'INVALID_FIELD',
      tag: '51.02',
      detail: `the NMID "${nmid}" is not "ID" then letters or digits`,
    });
}

/** Whose merchant it is: the first template (by tag) that is not the national one. */
export function acquirerOf(accounts: QrisMerchantAccount[]): string | undefined {
  return accounts.find((a) => a.gui !== QRIS_GUI)?.gui;
}
