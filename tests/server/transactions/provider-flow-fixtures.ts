/** Flows paying providers of providers/ (JSON only), for the server and engine tests. */

const src = { 'ui:widget': 'choice', 'ui:title': 'flows:common.sourceOfFund' };
const sourceChoice = { source: 'accounts', products: ['savings', 'current'], currency: 'IDR' };
const row = (labelKey: string, value: string, extra: Record<string, unknown> = {}) => ({
  labelKey,
  value,
  ...extra,
});

/** An electricity token: the nominal chosen, the token and kWh come back from the provider's payment. */
export const tokenFlow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'purchase.plntest',
  area: 'purchase',
  route: '/purchase/pln-test/',
  titleKey: 'flows:v2test.pln.title',
  menu: { labelKey: 'flows:v2test.pln.title', order: 40 },
  requires: 'casa',
  form: {
    schema: 'forms/purchase/pln-test.json',
    uiSchema: {
      'ui:order': ['sourceOfFund', 'meterNumber', 'nominal'],
      sourceOfFund: src,
      meterNumber: { 'ui:widget': 'digits', 'ui:title': 'flows:v2test.pln.meterNumber' },
      nominal: {
        'ui:title': 'flows:v2test.pln.nominal',
        'ui:enumNames': ['flows:v2test.pln.n20', 'flows:v2test.pln.n50', 'flows:v2test.pln.n100'],
      },
    },
  },
  choices: { sourceOfFund: sourceChoice },
  provider: { category: 'electricity-prepaid', code: 'PLNPRE' },
  inquiry: { lookup: 'provider.inquiry', params: { customerField: 'meterNumber' } },
  amount: { from: 'form.nominal', currency: 'IDR' },
  posting: {
    debit: 'form.sourceOfFund',
    credit: { provider: 'settlementAccount' },
    fees: [{ kind: 'admin', amount: 250000 }],
    limitCategory: 'purchase',
    execute: 'provider.pay',
  },
  verify: {
    methods: ['otp', 'approval'],
    summary: [
      row('flows:v2test.pln.meterNumber', 'form.meterNumber'),
      row('flows:v2test.pln.customerName', 'inquiry.customerName'),
      row('flows:v2test.pln.tariff', 'inquiry.tariff'),
    ],
  },
  receipt: {
    rows: [
      row('flows:v2test.pln.customerName', 'inquiry.customerName'),
      row('flows:v2test.pln.token', 'inquiry.token', { format: 'token', optional: true }),
      row('flows:v2test.pln.kwh', 'inquiry.kwh', { optional: true }),
    ],
    actions: ['pdf', 'share', 'new'],
  },
  machine: null,
};

export const tokenForm = {
  $id: 'forms/purchase/pln-test.json',
  type: 'object',
  additionalProperties: false,
  required: ['sourceOfFund', 'meterNumber', 'nominal'],
  properties: {
    sourceOfFund: { type: 'string', minLength: 1 },
    meterNumber: { type: 'string', pattern: '^[0-9]{11,12}$' },
    nominal: { type: 'integer', enum: [2000000, 5000000, 10000000] },
  },
};

/** A water bill whose PDAM the customer picks from providers/water.json. */
export const waterFlow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'payment.pdamtest',
  area: 'payment',
  route: '/payment/pdam-test/',
  titleKey: 'flows:v2test.pdam.title',
  menu: { labelKey: 'flows:v2test.pdam.title', order: 40 },
  requires: 'casa',
  form: {
    schema: 'forms/payment/pdam-test.json',
    uiSchema: {
      'ui:order': ['sourceOfFund', 'company', 'customerNumber'],
      sourceOfFund: src,
      company: { 'ui:widget': 'choice', 'ui:title': 'flows:v2test.pdam.company' },
      customerNumber: { 'ui:widget': 'digits', 'ui:title': 'flows:v2test.pdam.customerNumber' },
    },
  },
  choices: { sourceOfFund: sourceChoice, company: { source: 'providers', list: 'water' } },
  provider: { category: 'water', from: 'form.company' },
  inquiry: { lookup: 'provider.inquiry' },
  amount: { from: 'inquiry.billAmount', currency: 'IDR' },
  posting: {
    debit: 'form.sourceOfFund',
    credit: { provider: 'settlementAccount' },
    fees: [{ kind: 'admin', amount: 250000 }],
    limitCategory: 'payment',
    execute: 'provider.pay',
  },
  verify: {
    methods: ['otp'],
    summary: [
      row('flows:v2test.pdam.company', 'form.company', { format: 'choice' }),
      row('flows:v2test.pdam.customerNumber', 'form.customerNumber'),
      row('flows:v2test.pdam.customerName', 'inquiry.customerName'),
      row('flows:v2test.pdam.period', 'inquiry.period'),
      row('flows:v2test.pdam.usage', 'inquiry.usageM3'),
    ],
  },
  receipt: {
    rows: [
      row('flows:v2test.pdam.company', 'inquiry.providerName'),
      row('flows:v2test.pdam.customerName', 'inquiry.customerName'),
      row('flows:v2test.pdam.reference', 'inquiry.billerReference', { optional: true }),
    ],
    actions: ['pdf', 'new'],
  },
  machine: null,
};

export const waterForm = {
  $id: 'forms/payment/pdam-test.json',
  type: 'object',
  additionalProperties: false,
  required: ['sourceOfFund', 'company', 'customerNumber'],
  properties: {
    sourceOfFund: { type: 'string', minLength: 1 },
    company: { type: 'string', minLength: 1 },
    customerNumber: { type: 'string', pattern: '^[0-9]{6,12}$' },
  },
};

export const providerFlowFiles = {
  'flows/purchase/pln-test.json': tokenFlow,
  'schemas/forms/purchase/pln-test.json': tokenForm,
  'flows/payment/pdam-test.json': waterFlow,
  'schemas/forms/payment/pdam-test.json': waterForm,
};

export const providerFlowStrings = {
  en: {
    v2test: {
      pln: {
        title: 'Electricity token',
        meterNumber: 'Meter number',
        nominal: 'Nominal',
        n20: 'Rp 20,000',
        n50: 'Rp 50,000',
        n100: 'Rp 100,000',
        customerName: 'Customer name',
        tariff: 'Tariff',
        token: 'Token',
        kwh: 'kWh',
      },
      pdam: {
        title: 'Water bill',
        company: 'Water company',
        customerNumber: 'Customer number',
        customerName: 'Customer name',
        period: 'Period',
        usage: 'Usage (m³)',
        reference: 'Reference',
      },
    },
  },
  id: {
    v2test: {
      pln: {
        title: 'Token listrik',
        meterNumber: 'Nomor meter',
        nominal: 'Nominal',
        n20: 'Rp 20.000',
        n50: 'Rp 50.000',
        n100: 'Rp 100.000',
        customerName: 'Nama pelanggan',
        tariff: 'Tarif',
        token: 'Token',
        kwh: 'kWh',
      },
      pdam: {
        title: 'Tagihan air',
        company: 'Perusahaan air',
        customerNumber: 'Nomor pelanggan',
        customerName: 'Nama pelanggan',
        period: 'Periode',
        usage: 'Pemakaian (m³)',
        reference: 'Referensi',
      },
    },
  },
};
