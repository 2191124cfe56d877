import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { investApi, useLoad } from './api';
import { Card, Loading, Page, ProfileBanner } from './common';
import { date, useLang } from './format';

/** /applyandinvest/investment/: the customer's standing as an investor and the way to funds and bonds. */
export function InvestmentLandingPage() {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data, loading } = useLoad('investment', () => Promise.all([investApi.funds(), investApi.bonds()]));
  const [funds, bonds] = data ?? [];
  const open = bonds?.bonds.filter((b) => b.offer?.status === 'open') ?? [];
  const allowed = funds?.funds.filter((f) => f.eligibility.allowed).length ?? 0;
  const tiles = [
    {
      id: 'funds',
      to: '/applyandinvest/product-list-mf/',
      text: funds && t('investment.fundsText', { count: funds.funds.length, allowed }),
    },
    {
      id: 'bonds',
      to: '/applyandinvest/product-list-bonds/',
      text:
        bonds &&
        (open.length
          ? t('investment.bondsOpen', {
              names: open.map((b) => b.code).join(', '),
              date: date(open[0]!.offer!.end, lang),
            })
          : t('investment.bondsText')),
    },
    {
      id: 'plans',
      to: '/applyandinvest/mutualfund/regular/subscription/inquiry/',
      text: t('investment.plansText'),
    },
    { id: 'monitoring', to: '/applyandinvest/bonds-monitoring/', text: t('investment.monitoringText') },
    { id: 'register', to: '/applyandinvest/bonds-register/inquiry/', text: t('investment.registerText') },
  ];
  return (
    <Page
      title={t('landing.investment.title')}
      intro={t('landing.investment.intro')}
      testId="landing-investment"
    >
      {loading && <Loading />}
      {funds && (
        <>
          <ProfileBanner profile={funds.profile} />
          {!funds.investor && <Alert severity="warning">{t('register.none')}</Alert>}
          <Box
            component="ul"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, p: 0, m: 0 }}
          >
            {tiles.map((tile) => (
              <Card key={tile.id} component="li" testId={`investment-${tile.id}`}>
                <Stack spacing={1} sx={{ height: '100%' }}>
                  <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                    {t(`investment.${tile.id}`)}
                  </Typography>
                  <Typography color="text.secondary" sx={{ flex: 1 }}>
                    {tile.text}
                  </Typography>
                  <Button
                    component={RouterLink}
                    to={tile.to}
                    variant="outlined"
                    size="small"
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('investment.open')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </Box>
        </>
      )}
    </Page>
  );
}
