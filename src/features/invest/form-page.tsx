import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import type { CatalogueProduct } from '@/shared/invest/types';
import { investApi } from './api';
import { Loading, NotFound, Page } from './common';
import { applyPath } from './product-facts';

const LANDINGS = ['saving', 'timedeposit', 'creditcard', 'octoloan', 'investment', 'insurance'] as const;

/**
 * /applyandinvest/:form/inquiry/: the generic form inquiry. The forms the bank has are flows with paths
 * of their own (saving, isa, timedeposit, creditcard, loan, ...), which the router prefers; what comes
 * here is a product's code (its application form is opened) or a form that does not exist (said
 * plainly, with the way to the products).
 */
export function FormInquiryPage() {
  const { t } = useTranslation('invest');
  const form = useParams().form ?? '';
  const code = form.toUpperCase();
  const valid = /^[A-Z0-9-]{1,30}$/.test(code);
  const [found, setFound] = useState<{ code: string; product: CatalogueProduct | null }>();
  useEffect(() => {
    if (!valid) return;
    let live = true;
    investApi.product(code).then(
      (product) => live && setFound({ code, product }),
      () => live && setFound({ code, product: null }),
    );
    return () => {
      live = false;
    };
  }, [code, valid]);
  const product = found?.code === code ? found.product : undefined;
  if (valid && product === undefined) return <Loading />;
  if (product) return <Navigate to={applyPath(product)} replace />;
  return (
    <Page title={t('form.title')} testId="form-inquiry-unknown">
      <NotFound message={t('form.unknown', { form })} />
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {LANDINGS.map((l) => (
            <li key={l}>
              <Button variant="outlined" size="small" component={RouterLink} to={`/applyandinvest/${l}/`}>
                {t(`form.landings.${l}`)}
              </Button>
            </li>
          ))}
        </Stack>
      </Box>
    </Page>
  );
}
