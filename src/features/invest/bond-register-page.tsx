import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { investApi, useLoad } from './api';
import { Card, Facts, Loading, Page, ProfileBanner } from './common';
import { date, useLang } from './format';

/** /applyandinvest/bonds-register/inquiry/: whether the customer can hold bonds and funds, and what is missing. */
export function BondsRegisterPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data, loading } = useLoad('register', investApi.riskProfile);
  if (loading || !data)
    return (
      <Page title={t('register.title')} testId="bonds-register">
        {loading && <Loading />}
      </Page>
    );
  const profileOk = !!data.profile && !data.profile.expired;
  return (
    <Page title={t('register.title')} intro={t('register.intro')} testId="bonds-register">
      <Card testId="investor-account">
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('register.investorAccount')}
        </Typography>
        {data.investor ? (
          <Facts
            items={[
              [t('register.sid'), data.investor.sid],
              [t('register.securitiesAccount'), data.investor.securitiesAccountNo],
              [t('register.registeredOn'), date(data.investor.registeredAt, lang)],
              [t('register.status'), t('register.active')],
            ]}
          />
        ) : (
          <Alert severity="warning" data-testid="no-investor-account">
            {t('register.none')}
          </Alert>
        )}
      </Card>
      <ProfileBanner profile={data.profile} />
      <Alert severity={data.investor && profileOk ? 'success' : 'info'} data-testid="register-outcome">
        {data.investor && profileOk
          ? t('register.ready')
          : data.investor
            ? t('register.needProfile')
            : t('register.howTo')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to="/applyandinvest/product-list-bonds/"
          variant="contained"
          disabled={!data.investor || !profileOk}
        >
          {t('bonds.title')}
        </Button>
        <Button component={RouterLink} to="/applyandinvest/product-list-mf/">
          {t('funds.title')}
        </Button>
      </Stack>
    </Page>
  );
}
