/** Flows that move no money, written as an analyst would (JSON only), for the server and browser tests. */

const rowsOf = (labelKey: string, value: string, format?: string) => [
  { labelKey, value, ...(format ? { format } : {}) },
];

export const cardBlockFlow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'card.blocktest',
  area: 'card',
  route: '/card/block-test/',
  titleKey: 'flows:cardtest.block.title',
  menu: { labelKey: 'flows:cardtest.block.menu', order: 10 },
  form: {
    schema: 'forms/card/block-test.json',
    uiSchema: {
      card: { 'ui:widget': 'choice', 'ui:title': 'flows:cardtest.block.card' },
      reason: {
        'ui:title': 'flows:cardtest.block.reason',
        'ui:enumNames': ['flows:cardtest.block.reasons.lost', 'flows:cardtest.block.reasons.stolen'],
      },
    },
  },
  choices: { card: { source: 'accounts', products: ['credit_card'] } },
  service: { execute: 'account.setStatus', params: { field: 'card', to: 'blocked' } },
  verify: {
    methods: ['otp', 'approval'],
    summary: [
      ...rowsOf('flows:cardtest.block.card', 'form.card', 'choice'),
      ...rowsOf('flows:cardtest.block.reason', 'form.reason', 'choice'),
    ],
  },
  receipt: { rows: rowsOf('flows:cardtest.block.card', 'form.card', 'choice'), actions: ['pdf', 'new'] },
  machine: null,
};

export const cardBlockForm = {
  $id: 'forms/card/block-test.json',
  type: 'object',
  additionalProperties: false,
  required: ['card', 'reason'],
  properties: {
    card: { type: 'string', minLength: 1 },
    reason: { type: 'string', enum: ['lost', 'stolen'] },
  },
};

export const letterFlow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'service.lettertest',
  area: 'service',
  route: '/service/letter-test/',
  titleKey: 'flows:cardtest.letter.title',
  form: {
    schema: 'forms/service/letter-test.json',
    uiSchema: { language: { 'ui:title': 'flows:cardtest.letter.language' } },
  },
  service: { execute: 'request.record', params: { kind: 'reference-letter', once: true } },
  verify: { methods: ['otp'], summary: rowsOf('flows:cardtest.letter.language', 'form.language') },
  receipt: { rows: rowsOf('flows:cardtest.letter.status', 'inquiry.requestStatus'), actions: ['new'] },
  machine: null,
};

export const letterForm = {
  $id: 'forms/service/letter-test.json',
  type: 'object',
  additionalProperties: false,
  required: ['language'],
  properties: { language: { type: 'string', enum: ['id', 'en'] } },
};

export const serviceFlowFiles = {
  'flows/card/block-test.json': cardBlockFlow,
  'schemas/forms/card/block-test.json': cardBlockForm,
  'flows/service/letter-test.json': letterFlow,
  'schemas/forms/service/letter-test.json': letterForm,
};

export const serviceFlowStrings = {
  en: {
    cardtest: {
      block: {
        title: 'Block card',
        menu: 'Block card',
        card: 'Card',
        reason: 'Reason',
        reasons: { lost: 'Lost', stolen: 'Stolen' },
      },
      letter: { title: 'Reference letter', language: 'Language', status: 'Request status' },
    },
  },
  id: {
    cardtest: {
      block: {
        title: 'Blokir kartu',
        menu: 'Blokir kartu',
        card: 'Kartu',
        reason: 'Alasan',
        reasons: { lost: 'Hilang', stolen: 'Dicuri' },
      },
      letter: { title: 'Surat referensi', language: 'Bahasa', status: 'Status permintaan' },
    },
  },
};
