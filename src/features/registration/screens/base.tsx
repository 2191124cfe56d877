import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGo, type ScreenName } from '../context';
import { RegistrationPage } from '../layout';
import { setRegistrationType, type RegistrationType } from './onboarding';

/** The registration base: register with a savings/current account or a credit card, or go elsewhere. */
export function BaseScreen() {
  const { t } = useTranslation('register');
  const go = useGo();
  const choice = (name: ScreenName, key: string) => (
    <Card variant="outlined" key={key}>
      <CardActionArea onClick={() => go(name, { from: 'base' })} data-testid={`choose-${key}`}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {t(`base.${key}.title`)}
          </Typography>
          <Typography color="text.secondary">{t(`base.${key}.text`)}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
  const onboarding = (type: RegistrationType) => {
    setRegistrationType(type);
    go('threeo');
  };
  return (
    <RegistrationPage title={t('base.title')} subtitle={t('base.subtitle')} testId="screen-base">
      <Stack spacing={2}>
        {choice('casadetails', 'casa')}
        {choice('ccdetails', 'cc')}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Stack spacing={1}>
        <Button variant="outlined" onClick={() => go('ccactivation')} data-testid="go-ccactivation">
          {t('base.activateCard')}
        </Button>
        <Button onClick={() => onboarding('open-account')} data-testid="go-open-account">
          {t('base.openAccount')}
        </Button>
        <Button onClick={() => onboarding('check-NTB')} color="secondary">
          {t('base.continueApplication')}
        </Button>
      </Stack>
    </RegistrationPage>
  );
}
