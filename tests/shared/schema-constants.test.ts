// @vitest-environment node
// Issue 44 item 5: the API schemas said a lock lasts 15 minutes while the code locked for 30. Every
// figure the texts under schemas/ quote, and the README's security and configuration figures, are
// tied here to the constant the code runs on: a changed constant or a changed text fails, and so does
// a new figure in a schema description that nothing ties.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL,
  OTP,
  SEARCH_MIN_CHARS,
  SESSION,
  SPECIAL_RATE_REFRESH_MS,
} from '../../src/shared/constants';
import { minorDigits } from '../../src/shared/money';
import { SEARCH_FROM } from '../../src/engine/ui/search-from';
import { LOCKOUT } from '../../src/server/auth/failures';
import { CHALLENGE_TTL_MS } from '../../src/server/auth/login';
import { FORGOT_TTL_MS } from '../../src/server/auth/forgot-routes';
import { FORGOT_RATE, LOGIN_RATE } from '../../src/server/auth/routes';
import { OTP_MAX_RESENDS } from '../../src/server/otp/otp-store';
import { HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS } from '../../src/server/core-bank/history';
import { POINXTRA_HISTORY_MAX } from '../../src/server/core-bank/portfolio';
import { CREDENTIAL_RATE_LIMIT } from '../../src/server/registration/attempts';
import { NEW_PHONE_CODES_PER_DAY } from '../../src/server/settings/new-phone-code';
import { COOLING_OFF_HOURS } from '../../src/server/settings/limits';
import { METHOD_RULES } from '../../src/server/clearing/banks';
import { CLEARING_DEFAULT_MS } from '../../src/server/clearing/house';
import { MAX_CVV_FAILURES } from '../../src/server/vcn/charge';
import { MAX_PASSKEYS } from '../../src/server/passkeys/store';
import { relyingParty } from '../../src/server/passkeys/config';
import { MAX_DEPTH } from '../../src/server/http/input-guard';
import { MAX_ERROR_FIELDS } from '../../src/server/http/api-error';
import { configFromEnv } from '../../src/server/config';
import { ApprovalHub } from '../../src/server/approvals/hub';
import { ALERT_INTERVAL_MS } from '../../src/server/alerts/plugin';
import { switchLatencyMs, switchPendingMs } from '../../src/server/qris/switch';
import { billerLatencyMs, billerPendingMs } from '../../src/server/billers/simulator';
import { airlineLatencyMs } from '../../src/server/travel/airline';
import { onboardingConfig } from '../../src/server/registration/standins';
import { CHAT_SERVICE_BASE } from '../../src/server/chat/routes';
import newBeneficiary from '../../rules/new-beneficiary.json';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  );
/** One space for every run of white space: a phrase may wrap in a Markdown file. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** The texts of a file under schemas/: every string "description" of a JSON schema, or a README whole. */
function textsOf(file: string): string[] {
  if (file.endsWith('.md')) return [flat(read(file))];
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'description' && typeof x === 'string') out.push(flat(x));
      else walk(x);
    }
  };
  walk(JSON.parse(read(file)));
  return out;
}
const SCHEMA_FILES = filesUnder('schemas').filter((f) => /\.(json|md)$/.test(f));

/** A schema property's length bounds, from its pattern's {m,n} or its minLength/maxLength. */
function lengthOf(file: string, prop: string): number[] {
  const p = JSON.parse(read(`schemas/${file}`)).properties[prop];
  const q = /\{(\d+)(?:,(\d+))?\}\$$/.exec(p.pattern ?? '');
  if (q) return q[2] ? [Number(q[1]), Number(q[2])] : [Number(q[1])];
  return [p.minLength, p.maxLength].filter((n) => n !== undefined);
}

const minutes = (ms: number) => ms / 60_000;
const perMinute = (rate: { max: number; timeWindow: number }) => (rate.max * 60_000) / rate.timeWindow;
const ORDINALS: Record<string, number> = {
  one: 1,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
};
/** A figure as written: 30, 60000, 10.000.000 (Indonesian grouping), or a word (third). */
const figure = (s: string) => ORDINALS[s.toLowerCase()] ?? Number(s.replace(/[.,](?=\d{3}\b)/g, ''));

interface Quote {
  /** The phrase; each figure a capture group. */
  says: RegExp;
  /** What the code holds, one for each group. */
  is: number[];
  /** Where the code holds it, for the failure. */
  from: string;
}

/** Figures of schemas/ (file -> its quotes). */
const SCHEMA_QUOTES: Record<string, Quote[]> = {
  'schemas/api/auth/login.request.json': [
    { says: /(\d+) failures for a submitted id/, is: [LOCKOUT.maxFailures], from: 'LOCKOUT.maxFailures' },
    { says: /LOGIN_LOCKED for (\d+) minutes/, is: [minutes(LOCKOUT.lockMs)], from: 'LOCKOUT.lockMs' },
    { says: /more than (\d+) calls a minute from one IP/, is: [perMinute(LOGIN_RATE)], from: 'LOGIN_RATE' },
  ],
  'schemas/api/auth/login-challenge.request.json': [
    { says: /A challenge lives (\d+) minutes/, is: [minutes(CHALLENGE_TTL_MS)], from: 'CHALLENGE_TTL_MS' },
    { says: /each code sent for it lives (\d+) minutes/, is: [minutes(OTP.ttlMs)], from: 'OTP.ttlMs' },
  ],
  'schemas/api/auth/forgot-sendotp.request.json': [
    { says: /after the (\d+)-second countdown/, is: [OTP.resendCountdownS], from: 'OTP.resendCountdownS' },
    { says: /at most (\d+) resends/, is: [OTP_MAX_RESENDS], from: 'OTP_MAX_RESENDS' },
  ],
  'schemas/api/auth/otp-challenge.json': [
    {
      says: /A code has (\d+) digits and lives (\d+) minutes/,
      is: [OTP.digits, minutes(OTP.ttlMs)],
      from: 'OTP.digits, OTP.ttlMs',
    },
    {
      says: /(\d+) wrong codes in a row freeze the phone for (\d+) minutes \(OTP_FROZEN\), (\d+) across/,
      is: [OTP.maxWrongAttempts, minutes(OTP.freezeMs), 2 * OTP.maxWrongAttempts],
      from: 'OTP.maxWrongAttempts, OTP.freezeMs; otp_check(): twice maxWrongAttempts across phones',
    },
  ],
  'schemas/api/auth/forgot-validate.response.json': [
    { says: /valid (\d+) minutes/, is: [minutes(FORGOT_TTL_MS)], from: 'FORGOT_TTL_MS' },
  ],
  'schemas/api/auth/forgot-password-validateotp.request.json': [
    {
      says: /(\d+)-(\d+) characters/,
      is: lengthOf('api/auth/forgot-password-validateotp.request.json', 'newPassword'),
      from: 'its newPassword',
    },
  ],
  'schemas/api/auth/forgot-password-validate.request.json': [
    {
      says: /account number of that customer \((\d+)-(\d+) digits\), the last (\d+) digits of the ATM card of that account and its ATM PIN \((\d+) digits\)/,
      is: ['accountNumber', 'atmCardLast4', 'atmPin'].flatMap((p) =>
        lengthOf('api/auth/forgot-password-validate.request.json', p),
      ),
      from: 'its accountNumber, atmCardLast4, atmPin',
    },
  ],
  'schemas/api/auth/forgot-edebit-validate.request.json': [
    {
      says: /account number of that customer \((\d+)-(\d+) digits\)/,
      is: lengthOf('api/auth/forgot-edebit-validate.request.json', 'accountNumber'),
      from: 'its accountNumber',
    },
  ],
  'schemas/api/auth/forgot-userid-validate.request.json': [
    {
      says: /account number \((\d+)-(\d+) digits\) OR a credit card number \((\d+) digits\)/,
      is: ['accountNumber', 'creditCardNumber'].flatMap((p) =>
        lengthOf('api/auth/forgot-userid-validate.request.json', p),
      ),
      from: 'its accountNumber, creditCardNumber',
    },
  ],
  'schemas/api/dashboard/account-history.request.json': [
    { says: /the last (\d+) days up to today/, is: [HISTORY_DEFAULT_DAYS], from: 'HISTORY_DEFAULT_DAYS' },
    { says: /at most (\d+) days/, is: [HISTORY_MAX_DAYS], from: 'HISTORY_MAX_DAYS' },
    { says: /search: at least (\d+) characters/, is: [SEARCH_MIN_CHARS], from: 'SEARCH_MIN_CHARS' },
    {
      says: /search: at least (\d+) characters/,
      is: lengthOf('api/dashboard/account-history.request.json', 'search').slice(0, 1),
      from: 'its search minLength',
    },
  ],
  'schemas/api/dashboard/exchangerate-list.response.json': [
    { says: /every (\d+) seconds/, is: [SPECIAL_RATE_REFRESH_MS / 1000], from: 'SPECIAL_RATE_REFRESH_MS' },
  ],
  'schemas/api/dashboard/money.json': [
    {
      says: /IDR has (\d+) minor digits; XAU is grams with (\d+)/,
      is: [minorDigits('IDR'), minorDigits('XAU')],
      from: 'minorDigits',
    },
  ],
  'schemas/api/dashboard/summary.response.json': [
    { says: /Decimal grams with (\d+) digits/, is: [minorDigits('XAU')], from: "minorDigits('XAU')" },
  ],
  'schemas/api/dashboard/poinxtra-inquiry.response.json': [
    { says: /newest first, at most (\d+)\)/, is: [POINXTRA_HISTORY_MAX], from: 'POINXTRA_HISTORY_MAX' },
  ],
  'schemas/flow.schema.json': [
    { says: /searches from (\d+) options on/, is: [SEARCH_FROM], from: 'SEARCH_FROM' },
  ],
  'schemas/api/auth/README.md': [
    {
      says: /LOGIN_LOCKED: (\d+) failed logins for the submitted user id \(web password and app PIN together\); locked (\d+) minutes/,
      is: [LOCKOUT.maxFailures, minutes(LOCKOUT.lockMs)],
      from: 'LOCKOUT',
    },
    {
      says: /more than (\d+) login calls a minute from one IP \(`AUTH_RATE_LIMIT_PER_MIN`\), (\d+) for the forgot flows/,
      is: [perMinute(LOGIN_RATE), perMinute(FORGOT_RATE)],
      from: 'LOGIN_RATE, FORGOT_RATE',
    },
    {
      says: /FORGOT_LOCKED: (\d+) wrong credential attempts for the same identifier; (\d+) minutes/,
      is: [LOCKOUT.maxFailures, minutes(LOCKOUT.lockMs)],
      from: 'LOCKOUT (the forgot flows count on it too)',
    },
    { says: /forgotToken \((\d+) minutes\)/, is: [minutes(FORGOT_TTL_MS)], from: 'FORGOT_TTL_MS' },
  ],
  'schemas/api/dashboard/README.md': [
    { says: /longer than (\d+) days/, is: [HISTORY_MAX_DAYS], from: 'HISTORY_MAX_DAYS' },
    {
      says: /\((\d+) seconds, SPECIAL_RATE_REFRESH_MS\)/,
      is: [SPECIAL_RATE_REFRESH_MS / 1000],
      from: 'SPECIAL_RATE_REFRESH_MS',
    },
  ],
};

/** Figures that are a fixed format, not a setting that can drift (each with why). */
const FIXED: Record<string, RegExp[]> = {
  // The SMS's masks, written in forgot-routes.ts: what the customer reads, not a number the bank sets.
  'schemas/api/auth/forgot-validateotp.request.json': [
    /only its last 4 digits shown/,
    /first 4 and last 4 digits/,
  ],
};

/** Numbers in the texts that are no figure: statuses, codes, versions, section numbers, examples. */
const NOT_FIGURES = [
  /\b[245]\d\d \d{2,4}(?=:)/g,
  /\b[245]\d\d(?= (?:CLICKS|with apierror|response|[A-Z][A-Z0-9_]{2,}))/g,
  /\bspec section \d+/g,
  /\bISO \d+/g,
  /\b[A-Z][A-Z0-9]*_\d+\b/g,
  /\bCLICKS \d+\b/g,
  /"[^"]*"/g,
  /\bv\d+\b/g,
  /<N\+1>/g,
  /[<>] 0\b/g,
];

/** Each quote's figures against the code; returns `rest` (the text by default) with the phrases blanked. */
function checkQuotes(where: string, text: string, quotes: Quote[], problems: string[], rest = text): string {
  for (const q of quotes) {
    const found = [...text.matchAll(new RegExp(q.says.source, 'g'))];
    if (!found.length) problems.push(`${where}: no longer says ${q.says} (${q.from})`);
    for (const m of found) {
      const said = m.slice(1).map((s) => figure(s!));
      if (JSON.stringify(said) !== JSON.stringify(q.is))
        problems.push(`${where}: "${m[0]}" says ${said.join(', ')}, the code ${q.is.join(', ')} (${q.from})`);
      rest = rest.replace(m[0], ' ');
    }
  }
  return rest;
}

describe('figures in the API schemas and the README agree with the code', () => {
  it('every figure a description under schemas/ quotes is the constant it names, and none is untied', () => {
    const problems: string[] = [];
    for (const file of Object.keys({ ...SCHEMA_QUOTES, ...FIXED }))
      expect(SCHEMA_FILES, `${file} is in the table but not under schemas/`).toContain(file);
    for (const file of SCHEMA_FILES) {
      const text = textsOf(file).join(' | ');
      let rest = text;
      for (const not of NOT_FIGURES) rest = rest.replace(not, ' ');
      rest = checkQuotes(file, text, SCHEMA_QUOTES[file] ?? [], problems, rest);
      for (const fixed of FIXED[file] ?? []) {
        if (!fixed.test(rest)) problems.push(`${file}: no longer says ${fixed}`);
        rest = rest.replace(fixed, ' ');
      }
      for (const m of rest.matchAll(/.{0,40}\d.{0,40}/g))
        problems.push(`${file}: a figure no entry ties to the code: "…${m[0]}…"`);
    }
    expect(problems).toEqual([]);
  });

  it('the OTP service freezes every phone at twice the wrong codes of one, as the texts say', () => {
    const migrations = filesUnder('src/server/db/migrations').filter((f) => f.endsWith('.sql'));
    const last = migrations
      .filter((f) => read(f).includes('FUNCTION otp_check'))
      .sort()
      .at(-1)!;
    expect(read(last)).toContain('customer_wrong >= 2 * p_max_wrong');
  });

  const readme = read('README.md');
  const section = (heading: string) => {
    const start = readme.indexOf(`\n${heading}\n`);
    const level = heading.split(' ')[0]!;
    const end = readme.indexOf(`\n${level} `, start + heading.length + 2);
    expect(start, heading).toBeGreaterThan(0);
    return flat(readme.slice(start, end < 0 ? undefined : end));
  };

  it("the README's security figures are the code's", () => {
    const quotes: Quote[] = [
      {
        says: /a code lives (\d+) minutes, and a resend \(after a (\d+)-second countdown, at most (\d+) for a code\)/,
        is: [minutes(OTP.ttlMs), OTP.resendCountdownS, OTP_MAX_RESENDS],
        from: 'OTP, OTP_MAX_RESENDS',
      },
      {
        says: /the (\w+) wrong code in a row freezes the phone for (\d+) minutes, the (\w+) across/,
        is: [OTP.maxWrongAttempts, minutes(OTP.freezeMs), 2 * OTP.maxWrongAttempts],
        from: 'OTP.maxWrongAttempts, OTP.freezeMs; otp_check()',
      },
      {
        says: /(\d+) wrong here lock the changes for (\d+) minutes/,
        is: [LOCKOUT.maxFailures, minutes(LOCKOUT.lockMs)],
        from: 'LOCKOUT',
      },
      {
        says: /at most (one) a minute and (\d+) a day, (\d+) tries each/,
        is: [60 / OTP.resendCountdownS, NEW_PHONE_CODES_PER_DAY, OTP.maxWrongAttempts],
        from: 'OTP.resendCountdownS, NEW_PHONE_CODES_PER_DAY, OTP.maxWrongAttempts',
      },
      {
        says: /an idle limit \((\d+) minutes, prompt (\d+) seconds before\) and an absolute limit \((\d+) minutes/,
        is: [minutes(SESSION.idleMs), SESSION.idlePromptMs / 1000, minutes(SESSION.absoluteMs)],
        from: 'SESSION',
      },
      {
        says: /at least (\d+) seconds old .* for a (\d+)-second grace window/,
        is: [SESSION.rotateAfterMs / 1000, SESSION.rotationGraceMs / 1000],
        from: 'SESSION.rotateAfterMs, rotationGraceMs',
      },
      {
        says: /(\d+) calls a minute in all to the login's routes .*?, (\d+) to the companion app's PIN login, (\d+) in all to the forgot flows/,
        is: [perMinute(LOGIN_RATE), perMinute(LOGIN_RATE), perMinute(FORGOT_RATE)],
        from: 'LOGIN_RATE (the app login reads the same AUTH_RATE_LIMIT_PER_MIN), FORGOT_RATE',
      },
      {
        says: /allow (\d+) failures in (\d+) minutes per address/,
        is: [CREDENTIAL_RATE_LIMIT.max, minutes(CREDENTIAL_RATE_LIMIT.windowMs)],
        from: 'CREDENTIAL_RATE_LIMIT',
      },
      {
        says: /(\d+) wrong guesses in all, web password and app PIN counted together, lock the user id for (\d+) minutes/,
        is: [LOCKOUT.maxFailures, minutes(LOCKOUT.lockMs)],
        from: 'LOCKOUT',
      },
      { says: /own lock \((\d+) guesses\)/, is: [LOCKOUT.maxFailures], from: 'LOCKOUT.maxFailures' },
      {
        says: /own lock \((\d+) guesses, (\d+) minutes\)/,
        is: [LOCKOUT.maxFailures, minutes(LOCKOUT.lockMs)],
        from: 'LOCKOUT',
      },
      {
        says: /At most (\d+) pushes \(requests and resends\) per customer in (\d+) minutes/,
        is: [APPROVAL.maxPushes, minutes(APPROVAL.pushWindowMs)],
        from: 'APPROVAL',
      },
      { says: /Passkeys \(up to (\d+)\)/, is: [MAX_PASSKEYS], from: 'MAX_PASSKEYS' },
      {
        says: /The (\w+) wrong CVV a merchant sends blocks/,
        is: [MAX_CVV_FAILURES],
        from: 'MAX_CVV_FAILURES',
      },
      {
        says: /then waits (\d+) hours \(`COOLING_OFF_HOURS`\)/,
        is: [COOLING_OFF_HOURS],
        from: 'COOLING_OFF_HOURS',
      },
      {
        says: /at most Rp ([\d.]+) in all reaches an account the customer never paid before, in the (\d+) hours/,
        is: [newBeneficiary.cap / 100, newBeneficiary.hours],
        from: 'rules/new-beneficiary.json',
      },
      {
        says: /RTGS, which starts above Rp (\d+) juta/,
        is: [(METHOD_RULES.rtgs.minAmount - 100) / 100 / 1_000_000],
        from: 'METHOD_RULES.rtgs.minAmount',
      },
      { says: /nested more than (\d+) levels deep/, is: [MAX_DEPTH], from: 'MAX_DEPTH' },
      { says: /names at most (\d+) fields/, is: [MAX_ERROR_FIELDS], from: 'MAX_ERROR_FIELDS' },
    ];
    const problems: string[] = [];
    const rest = checkQuotes('README.md "Security stance"', section('## Security stance'), quotes, problems);
    // A time the section states and nothing above ties.
    for (const m of rest.matchAll(/.{0,40}\b\d+[ -](?:minutes?|seconds?|hours?|days?)\b.{0,20}/g))
      problems.push(`README.md "Security stance": a time no entry ties to the code: "…${m[0]}…"`);
    expect(problems).toEqual([]);
  });

  it("the README's configuration table names every variable the server reads, with the code's defaults", () => {
    const rows = new Map(
      [...section('### Configuration').matchAll(/\| `([A-Z][A-Z0-9_]+)` \| ([^|]+) \|/g)].map((m) => [
        m[1]!,
        m[2]!.trim(),
      ]),
    );
    const read_ = new Set<string>();
    for (const file of filesUnder('src/server').filter((f) => f.endsWith('.ts')))
      for (const m of read(file).matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)|envMs\('([A-Z][A-Z0-9_]+)'/g))
        read_.add((m[1] ?? m[2])!);
    // Set by the test runner and the kit only; the README says so under the table.
    const forTests = ['NODE_ENV', 'ARGON2_FAST', 'FLOWS_ROOT'];
    expect(
      [...read_].filter((v) => !rows.has(v) && !forTests.includes(v)).sort(),
      'read but not in the table',
    ).toEqual([]);
    expect(
      [...rows.keys()].filter((v) => !read_.has(v)),
      'in the table but read nowhere',
    ).toEqual([]);

    /** The defaults outside tests (NODE_ENV unset), and in tests. */
    const withNodeEnv = <T>(value: string | undefined, fn: () => T): T => {
      const before = process.env.NODE_ENV;
      if (value === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = value;
      try {
        return fn();
      } finally {
        if (before === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = before;
      }
    };
    const config = configFromEnv([], {});
    const defaults: Record<string, () => string | number> = {
      PORT: () => config.port,
      HOST: () => config.host,
      DATA_DIR: () => config.dataDir,
      DATABASE_POOL_MAX: () => config.databasePoolMax,
      LOG_LEVEL: () => config.logLevel,
      STATIC_DIR: () => config.staticDir,
      DRAIN_TIMEOUT_MS: () => config.drainTimeoutMs,
      APPROVAL_REREAD_MS: () => new ApprovalHub(null as never, null as never).rereadMs,
      ALERT_INTERVAL_MS: () => ALERT_INTERVAL_MS,
      AUTH_RATE_LIMIT_PER_MIN: () => perMinute(LOGIN_RATE),
      QRIS_SWITCH_LATENCY_MS: switchLatencyMs,
      QRIS_SWITCH_PENDING_MS: switchPendingMs,
      BILLER_LATENCY_MS: billerLatencyMs,
      BILLER_PENDING_MS: billerPendingMs,
      AIRLINE_LATENCY_MS: airlineLatencyMs,
      CLEARING_SKN_BATCH_MS: () => CLEARING_DEFAULT_MS.sknBatch,
      CLEARING_RTGS_BATCH_MS: () => CLEARING_DEFAULT_MS.rtgsBatch,
      CLEARING_PENDING_MS: () => CLEARING_DEFAULT_MS.pending,
      PASSKEY_RP_ID: () => relyingParty({}).id,
      PASSKEY_RP_NAME: () => relyingParty({}).name,
      CHAT_SERVICE_URL: () => CHAT_SERVICE_BASE,
      ONBOARDING_BASE_URL: () => onboardingConfig({}).baseUrl,
      ONBOARDING_MERCHANT_CODE: () => onboardingConfig({}).merchantCode,
    };
    const unset = Object.fromEntries(Object.keys(defaults).map((v) => [v, process.env[v]]));
    for (const v of Object.keys(defaults)) delete process.env[v];
    try {
      for (const [v, of] of Object.entries(defaults)) {
        const cell = rows.get(v);
        expect(cell, v).toBeDefined();
        expect(cell!.split(' (')[0], `${v}'s default`).toBe(String(withNodeEnv(undefined, of)));
        const inTests = /\((\d+) in tests\)/.exec(cell!);
        if (inTests) expect(Number(inTests[1]), `${v}'s default in tests`).toBe(withNodeEnv('test', of));
      }
    } finally {
      for (const [v, value] of Object.entries(unset)) if (value !== undefined) process.env[v] = value;
    }
  });
});

/**
 * What the customer reads: every locale text that says how long a number stays frozen or a user id
 * locked names the minutes the code holds it (the earlier note's "lock messages hard-code 30 minutes":
 * they may, as long as a changed constant fails here).
 */
describe('the locked and frozen durations the customer reads agree with the code', () => {
  const LOCALE_QUOTES: { says: RegExp; is: number; from: string }[] = [
    {
      says: /frozen (?:for|in) (\d+) minutes|frozen for now\. Try again in (\d+) minutes/,
      is: minutes(OTP.freezeMs),
      from: 'OTP.freezeMs',
    },
    {
      says: /dibekukan selama (\d+) menit|dibekukan\. Coba lagi dalam (\d+) menit/,
      is: minutes(OTP.freezeMs),
      from: 'OTP.freezeMs',
    },
    { says: /locked for (\d+) minutes/, is: minutes(LOCKOUT.lockMs), from: 'LOCKOUT.lockMs' },
    { says: /terkunci selama (\d+) menit/, is: minutes(LOCKOUT.lockMs), from: 'LOCKOUT.lockMs' },
  ];
  const strings = (v: unknown, at: string): [string, string][] =>
    typeof v === 'string'
      ? [[at, v]]
      : v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => strings(x, `${at}.${k}`))
        : [];

  it('every such text in both languages names the constant, and each kind is said somewhere', () => {
    const texts = filesUnder('locales')
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => strings(JSON.parse(read(f)), f));
    const problems: string[] = [];
    for (const q of LOCALE_QUOTES) {
      let seen = 0;
      for (const [at, text] of texts)
        for (const m of text.matchAll(new RegExp(q.says.source, 'g'))) {
          seen++;
          const said = Number(m.slice(1).find((x) => x !== undefined));
          if (said !== q.is) problems.push(`${at}: "${m[0]}" says ${said}, the code ${q.is} (${q.from})`);
        }
      if (!seen) problems.push(`no locale text says ${q.says} any more (${q.from})`);
    }
    // A duration near "frozen"/"locked" that none of the phrases above reads is untied: say it above.
    const untied = texts.filter(
      ([, t]) =>
        /(frozen|locked|dibekukan|terkunci)[^.]*\b\d+ (minutes|menit)/.test(t) &&
        !LOCALE_QUOTES.some((q) => q.says.test(t)),
    );
    expect(problems.concat(untied.map(([at, t]) => `${at}: "${t}" is tied to no constant`))).toEqual([]);
  });
});
