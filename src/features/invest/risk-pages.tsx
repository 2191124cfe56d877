import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PROFILE_NAMES, RISK_QUESTIONS, unansweredQuestions } from '@/shared/invest/risk-questionnaire';
import type { Eligibility, RiskProfile } from '@/shared/invest/types';
import { useErrorHandler } from '@/shared/ui';
import { investApi, useLoad } from './api';
import { Card, Facts, Loading, NotFound, Page, ProfileBanner, RiskChip } from './common';
import { date, useLang } from './format';
import { subscribePath } from './fund-pages';

function ProfileResult({ profile }: { profile: RiskProfile }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const name = PROFILE_NAMES[profile.profile];
  return (
    <Card testId="risk-result">
      <Typography variant="body2" color="text.secondary">
        {t('questionnaire.yourProfile')}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, color: 'primary.main' }}
        data-testid="risk-result-name"
      >
        {t(`risk.profiles.${name}`)}
      </Typography>
      <Typography sx={{ my: 1 }}>{t(`risk.descriptions.${name}`)}</Typography>
      <Facts
        items={[
          [t('questionnaire.score'), String(profile.score)],
          [t('questionnaire.assessedOn'), date(profile.assessedAt, lang)],
          [t('questionnaire.validUntil'), date(profile.expiresAt, lang)],
          [t('questionnaire.allows'), t('questionnaire.allowsValue', { level: profile.profile })],
        ]}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/applyandinvest/product-list-mf/">
          {t('funds.title')}
        </Button>
        <Button component={RouterLink} to="/applyandinvest/product-list-bonds/">
          {t('bonds.title')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /applyandinvest/questionnaire-risk-profile/: seven questions; the profile is kept on the server for a year. */
export function RiskQuestionnairePage() {
  const { t } = useTranslation('invest');
  const errors = useErrorHandler();
  const { data, loading } = useLoad('profile', investApi.riskProfile);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RiskProfile>();
  const missing = new Set(unansweredQuestions(answers));

  const submit = async () => {
    setTried(true);
    if (missing.size) {
      document.getElementById(`question-${[...missing][0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      setResult((await investApi.submitRiskProfile(answers)).profile);
      window.scrollTo?.({ top: 0 });
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('questionnaire.title')}
      intro={t('questionnaire.intro', { months: data?.validMonths ?? 12 })}
      testId="risk-questionnaire"
    >
      {loading && <Loading />}
      {result ? (
        <ProfileResult profile={result} />
      ) : (
        data && (
          <>
            <ProfileBanner profile={data.profile} action={false} />
            <Box
              component="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Stack spacing={2}>
                {RISK_QUESTIONS.map((q, i) => {
                  const error = tried && missing.has(q.id);
                  return (
                    <Card key={q.id} testId={`question-${q.id}-card`}>
                      <FormControl error={error} required fullWidth>
                        <FormLabel
                          id={`question-${q.id}-label`}
                          sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}
                        >
                          {i + 1}. {t(`risk.questions.${q.id}.text`)}
                        </FormLabel>
                        <RadioGroup
                          aria-labelledby={`question-${q.id}-label`}
                          name={q.id}
                          value={answers[q.id] ?? ''}
                          onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))}
                        >
                          {q.options.map((o, j) => (
                            <FormControlLabel
                              key={o.id}
                              value={o.id}
                              control={<Radio id={j === 0 ? `question-${q.id}` : undefined} />}
                              label={t(`risk.questions.${q.id}.options.${o.id}`)}
                            />
                          ))}
                        </RadioGroup>
                        {error && <FormHelperText>{t('questionnaire.required')}</FormHelperText>}
                      </FormControl>
                    </Card>
                  );
                })}
                {tried && missing.size > 0 && (
                  <Alert severity="error" data-testid="questionnaire-missing">
                    {t('questionnaire.missing', { count: missing.size })}
                  </Alert>
                )}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={busy}
                  data-testid="questionnaire-submit"
                  sx={{ alignSelf: { sm: 'flex-start' } }}
                >
                  {t('questionnaire.submit')}
                </Button>
              </Stack>
            </Box>
          </>
        )
      )}
    </Page>
  );
}

/** /applyandinvest/additional-investment-risk/?code=: the statement for buying above one's risk profile. */
export function AdditionalRiskPage() {
  const { t } = useTranslation('invest');
  const errors = useErrorHandler();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const lang = useLang();
  const { data, loading } = useLoad('products', () => Promise.all([investApi.funds(), investApi.bonds()]));
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<Eligibility>();
  if (loading) return <Loading />;
  if (!data) return null;
  const [funds, bonds] = data;
  const fund = funds.funds.find((f) => f.code === code);
  const bond = bonds.bonds.find((b) => b.code === code);
  const product = fund ?? bond;
  const buyTo = fund
    ? subscribePath(code)
    : `/applyandinvest/bonds/buy/inquiry/?code=${encodeURIComponent(code)}`;
  const profile = funds.profile;
  const title = t('additional.title');
  if (!product)
    return (
      <Page title={title} testId="additional-risk">
        <NotFound message={t('productDetails.missing')} />
      </Page>
    );
  const eligibility = signed ?? product.eligibility;

  const sign = async () => {
    setTried(true);
    if (!accepted) return;
    setBusy(true);
    try {
      setSigned((await investApi.acknowledgeRisk(code)).eligibility);
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={title} intro={t('additional.intro')} testId="additional-risk">
      <Card>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {product.name}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="body2">{t('additional.productRisk')}</Typography>
          <RiskChip level={product.riskLevel} />
          {profile && (
            <>
              <Typography variant="body2">{t('additional.yourProfile')}</Typography>
              <RiskChip level={profile.profile} />
            </>
          )}
        </Stack>
      </Card>
      {eligibility.reason === 'no_profile' ||
      eligibility.reason === 'profile_expired' ||
      eligibility.reason === 'no_investor_account' ? (
        <>
          <Alert severity="warning">{t(`eligibility.${eligibility.reason}`)}</Alert>
          {eligibility.reason === 'no_investor_account' ? (
            <Button
              component={RouterLink}
              to="/applyandinvest/bonds-register/inquiry/"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('eligibility.registerInvestor')}
            </Button>
          ) : (
            <ProfileBanner profile={profile} />
          )}
        </>
      ) : eligibility.allowed ? (
        <Alert
          severity="success"
          data-testid="additional-allowed"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={buyTo}>
              {fund ? t('actions.subscribe') : t('actions.buy')}
            </Button>
          }
        >
          {eligibility.reason === 'within_profile'
            ? t('additional.notNeeded')
            : t('additional.signed', { date: profile ? date(profile.expiresAt, lang) : '' })}
        </Alert>
      ) : (
        <Card testId="additional-statement">
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('additional.statementTitle')}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, mt: 0 }}>
            {(['loss', 'liquidity', 'notGuaranteed', 'ownDecision'] as const).map((k) => (
              <Typography component="li" key={k} sx={{ mb: 0.75 }}>
                {t(`additional.points.${k}`)}
              </Typography>
            ))}
          </Box>
          <FormControl error={tried && !accepted}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={accepted}
                  onChange={(e) => setAccepted(e.target.checked)}
                  data-testid="additional-accept"
                />
              }
              label={t('additional.accept', { product: product.name })}
            />
            {tried && !accepted && <FormHelperText>{t('additional.acceptRequired')}</FormHelperText>}
          </FormControl>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              onClick={() => void sign()}
              disabled={busy}
              data-testid="additional-sign"
            >
              {t('additional.sign')}
            </Button>
            <Button
              component={RouterLink}
              to={fund ? '/applyandinvest/product-list-mf/' : '/applyandinvest/product-list-bonds/'}
            >
              {t('additional.chooseOther')}
            </Button>
          </Stack>
        </Card>
      )}
    </Page>
  );
}
