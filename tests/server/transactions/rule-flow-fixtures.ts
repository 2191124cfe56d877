/** A transfer to another bank with per-method fees, limits, cut-offs and conditional fields (JSON only). */

export const otherBankFlow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'transfer.otherbanktest',
  area: 'transfer',
  route: '/transfer/',
  variant: 'other-bank-test',
  titleKey: 'flows:v2test.other.title',
  menu: { labelKey: 'flows:v2test.other.title', order: 90 },
  requires: 'casa',
  form: {
    schema: 'forms/transfer/other-bank-test.json',
    uiSchema: {
      'ui:order': ['sourceOfFund', 'method', 'bank', 'beneficiaryAccountNo', 'amount', 'purposeCode'],
      sourceOfFund: { 'ui:widget': 'choice', 'ui:title': 'flows:common.sourceOfFund' },
      method: {
        'ui:title': 'flows:v2test.other.method',
        'ui:enumNames': ['flows:v2test.other.bifast', 'flows:v2test.other.skn', 'flows:v2test.other.rtgs'],
      },
      bank: { 'ui:widget': 'choice', 'ui:title': 'flows:v2test.other.bank' },
      beneficiaryAccountNo: { 'ui:widget': 'digits', 'ui:title': 'flows:v2test.other.account' },
      amount: {
        'ui:widget': 'amount',
        'ui:title': 'flows:common.amount',
        'ui:options': { currencyFrom: 'sourceOfFund' },
      },
      purposeCode: {
        'ui:title': 'flows:v2test.other.purpose',
        'ui:errors': { required: 'flows:v2test.other.purposeRequired' },
      },
    },
  },
  choices: {
    sourceOfFund: { source: 'accounts', products: ['savings', 'current'], currency: 'IDR' },
    bank: { source: 'list', list: 'banks', where: { bifast: true } },
  },
  amount: { from: 'form.amount', currency: 'IDR' },
  posting: {
    debit: 'form.sourceOfFund',
    credit: { internal: 'CLEARING-OUT' },
    limitCategory: 'transfer',
    execute: 'ledger.transfer',
  },
  rules: [
    {
      when: { 'form.method': 'bifast' },
      fees: [{ kind: 'admin', amount: 250000 }],
      max: 25000000000,
      limitCategory: 'transfer-bifast',
    },
    {
      when: { 'form.method': 'skn' },
      fees: [{ kind: 'clearing', amount: 290000 }],
      limitCategory: 'transfer-skn',
      cutOff: 'skn',
    },
    {
      when: { 'form.method': 'rtgs' },
      fees: [{ kind: 'clearing', amount: 3000000 }],
      limitCategory: 'transfer-rtgs',
      cutOff: 'rtgs',
    },
  ],
  verify: {
    methods: ['otp'],
    summary: [
      { labelKey: 'flows:v2test.other.method', value: 'form.method', format: 'choice' },
      { labelKey: 'flows:v2test.other.bank', value: 'form.bank', format: 'choice' },
      { labelKey: 'flows:v2test.other.swift', value: 'choice.bank.swift', format: 'code' },
      { labelKey: 'flows:v2test.other.account', value: 'form.beneficiaryAccountNo', format: 'account' },
      { labelKey: 'flows:v2test.other.purpose', value: 'form.purposeCode', optional: true },
    ],
  },
  receipt: {
    rows: [{ labelKey: 'flows:v2test.other.bank', value: 'choice.bank.name' }],
    actions: ['pdf', 'new'],
  },
  machine: null,
};

export const otherBankForm = {
  $id: 'forms/transfer/other-bank-test.json',
  type: 'object',
  additionalProperties: false,
  required: ['sourceOfFund', 'method', 'bank', 'beneficiaryAccountNo', 'amount'],
  properties: {
    sourceOfFund: { type: 'string', minLength: 1 },
    method: { type: 'string', enum: ['bifast', 'skn', 'rtgs'] },
    bank: { type: 'string', minLength: 1 },
    beneficiaryAccountNo: { type: 'string', pattern: '^[0-9]{6,18}$' },
    amount: { type: 'integer', minimum: 1 },
    purposeCode: { type: 'string', enum: ['1', '2', '3'] },
  },
  if: { properties: { method: { const: 'rtgs' } }, required: ['method'] },
  then: { required: ['purposeCode'] },
};

export const ruleFlowFiles = {
  'flows/transfer/other-bank-test.json': otherBankFlow,
  'schemas/forms/transfer/other-bank-test.json': otherBankForm,
};

const texts = (lang: 'en' | 'id') => ({
  v2test: {
    other: {
      title: lang === 'en' ? 'Transfer to another bank' : 'Transfer ke bank lain',
      method: lang === 'en' ? 'Method' : 'Metode',
      bifast: 'BI-FAST',
      skn: 'SKN',
      rtgs: 'RTGS',
      bank: 'Bank',
      swift: 'SWIFT',
      account: lang === 'en' ? 'Account number' : 'Nomor rekening',
      purpose: lang === 'en' ? 'Purpose code' : 'Kode tujuan',
      purposeRequired: lang === 'en' ? 'RTGS needs a purpose code' : 'RTGS memerlukan kode tujuan',
    },
  },
});

export const ruleFlowStrings = { en: texts('en'), id: texts('id') };
