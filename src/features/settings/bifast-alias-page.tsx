import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Card, Line, Loading, Page, useLoad } from '../myaccount/page-kit';
import { LinkButton } from './card-kit';
import { aliasApi } from './cards-api';

/** /settings/bifast-alias/: the customer's BI-FAST aliases; register, change and remove are verified flows. */
export function BifastAliasPage() {
  const { t } = useTranslation('settings');
  const { data } = useLoad((s) => aliasApi.list(s), []);
  return (
    <Page title={t('alias.title')} intro={t('alias.intro')} testId="bifast-alias-page">
      {!data ? (
        <Loading />
      ) : (
        <Card testId="aliases">
          {data.aliases.length === 0 && <Typography>{t('alias.none')}</Typography>}
          {data.aliases.map((a) => (
            <Line
              key={a.id}
              testId={`alias-${a.id}`}
              title={a.alias}
              sub={`${t(`alias.kind.${a.kind}`)} → ${a.accountName} ${a.accountNo}`}
            >
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <LinkButton
                  to={`/settings/bifast-alias/change/inquiry/?alias=${a.id}`}
                  label={t('alias.change')}
                  testId="alias-change"
                />
                <LinkButton
                  to={`/settings/bifast-alias/remove/inquiry/?alias=${a.id}`}
                  label={t('alias.remove')}
                  testId="alias-remove"
                />
              </Stack>
            </Line>
          ))}
          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              component={RouterLink}
              to="/settings/bifast-alias/register/inquiry/"
              data-testid="alias-register"
            >
              {t('alias.register')}
            </Button>
          </Box>
        </Card>
      )}
    </Page>
  );
}
