import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup, { toggleButtonGroupClasses } from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { flowMenuEntries } from '@/engine/index';
import { dynamicKey } from '@/shared/i18n/keys';
import type { CatalogueProduct, ProductCategory } from '@/shared/invest/types';
import { investApi, useLoad } from './api';
import { Card, Loading, NotFound, Page } from './common';
import { useLang } from './format';
import { applyPath, Highlights, ProductFacts } from './product-facts';

const CATEGORIES: ProductCategory[] = ['saving', 'timedeposit', 'creditcard', 'loan', 'insurance'];

/** Landing path of a category (the spec names the loan landing 'octoloan'). */
const landingOf = (c: ProductCategory) => `/applyandinvest/${c === 'loan' ? 'octoloan' : c}/`;

const TILES: Array<{ id: string; to: string }> = [
  { id: 'saving', to: '/applyandinvest/saving/' },
  { id: 'timedeposit', to: '/applyandinvest/timedeposit/' },
  { id: 'creditcard', to: '/applyandinvest/creditcard/' },
  { id: 'octoloan', to: '/applyandinvest/octoloan/' },
  { id: 'investment', to: '/applyandinvest/investment/' },
  { id: 'insurance', to: '/applyandinvest/insurance/' },
  { id: 'gold', to: '/gold-saving/' },
  { id: 'sharia', to: '/applyandinvest/productlist/?sharia=1' },
];

/**
 * /applyandinvest/: every product family the customer can apply for or invest in, and the flows of
 * area 'applyandinvest' (this page serves the path the engine's chooser would).
 */
export function HubPage() {
  const { t } = useTranslation(['invest', 'flows']);
  const flows = flowMenuEntries.filter((e) => e.area === 'applyandinvest').sort((a, b) => a.order - b.order);
  return (
    <Page title={t('hub.title')} intro={t('hub.intro')} testId="invest-hub">
      {flows.length > 0 && (
        <Box component="section" aria-labelledby="hub-flows-title" data-testid="hub-flows">
          <Typography id="hub-flows-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('hub.transactions')}
          </Typography>
          {/* gap, not Stack's spacing: a wrapped second line starts at the left edge too. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {flows.map((e) => (
              <Button key={e.flowId} variant="outlined" component={RouterLink} to={e.path}>
                {dynamicKey(t, e.labelKey)}
              </Button>
            ))}
          </Box>
        </Box>
      )}
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 1.5,
          p: 0,
          m: 0,
        }}
      >
        {TILES.map((tile) => (
          <Paper component="li" variant="outlined" key={tile.id} sx={{ listStyle: 'none', display: 'flex' }}>
            <Box
              component={RouterLink}
              to={tile.to}
              data-testid={`tile-${tile.id}`}
              sx={{
                p: 2,
                flex: 1,
                color: 'inherit',
                textDecoration: 'none',
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              <Typography component="h2" sx={{ fontWeight: 700, color: 'primary.main' }}>
                {t(`hub.tiles.${tile.id}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`hub.tiles.${tile.id}.text`)}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    </Page>
  );
}

export function ProductCard({
  product,
  detailsLink = true,
}: {
  product: CatalogueProduct;
  detailsLink?: boolean;
}) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  return (
    <Card testId="product" component="li">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mr: 'auto' }}>
            {product.name}
          </Typography>
          {product.sharia && (
            <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
          )}
        </Stack>
        <Typography color="text.secondary">{product.description[lang]}</Typography>
        <ProductFacts product={product} />
        <Highlights product={product} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {product.category === 'loan' && (
            <Button
              size="small"
              component={RouterLink}
              to={`/applyandinvest/loan/product-info/?code=${product.code}`}
            >
              {t('actions.simulate')}
            </Button>
          )}
          {detailsLink && (
            <Button
              size="small"
              component={RouterLink}
              to={`/applyandinvest/productdetails/?code=${product.code}`}
            >
              {t('actions.details')}
            </Button>
          )}
          <Button
            size="small"
            variant="contained"
            component={RouterLink}
            to={applyPath(product)}
            data-testid="apply"
          >
            {t(`actions.apply.${product.category}`)}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

function ProductList({ products }: { products: CatalogueProduct[] }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
      {products.map((p) => (
        <ProductCard key={p.code} product={p} />
      ))}
    </Stack>
  );
}

/** Landing pages: saving, timedeposit, creditcard, octoloan (loans) and insurance. */
export function LandingPage({ category }: { category: ProductCategory }) {
  const { t } = useTranslation('invest');
  const { data, loading } = useLoad(category, () => investApi.products(category));
  return (
    <Page
      title={t(`landing.${category}.title`)}
      intro={t(`landing.${category}.intro`)}
      testId={`landing-${category}`}
    >
      {loading ? <Loading /> : data && <ProductList products={data.products} />}
    </Page>
  );
}

/** /applyandinvest/productlist/: the whole catalogue, by category, sharia products on their own. */
export function ProductListPage() {
  const { t } = useTranslation('invest');
  const [params, setParams] = useSearchParams();
  const category = CATEGORIES.find((c) => c === params.get('category'));
  const sharia = params.get('sharia') === '1';
  const { data, loading } = useLoad('all', () => investApi.products());
  const shown = (data?.products ?? []).filter(
    (p) => (!category || p.category === category) && (!sharia || p.sharia),
  );
  const set = (next: { category?: string | null; sharia?: boolean }) => {
    const p = new URLSearchParams();
    const c = next.category === undefined ? category : next.category;
    if (c) p.set('category', c);
    if (next.sharia ?? sharia) p.set('sharia', '1');
    setParams(p, { replace: true });
  };
  return (
    <Page title={t('productList.title')} intro={t('productList.intro')} testId="product-list">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', md: 'center' } }}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            // On a phone the six do not fit in a row: they wrap, each a button of its own, instead of
            // running off the screen's edge.
            sx={(theme) => ({
              [theme.breakpoints.down('md')]: {
                flexWrap: 'wrap',
                gap: 1,
                [`& .${toggleButtonGroupClasses.grouped}.${toggleButtonGroupClasses.grouped}`]: {
                  ml: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                },
              },
            })}
            value={category ?? 'all'}
            onChange={(_, v: string | null) => v && set({ category: v === 'all' ? null : v })}
            aria-label={t('productList.category')}
          >
            <ToggleButton value="all">{t('productList.all')}</ToggleButton>
            {CATEGORIES.map((c) => (
              <ToggleButton key={c} value={c}>
                {t(`categories.${c}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Chip
          label={t('labels.shariaOnly')}
          color={sharia ? 'success' : 'default'}
          variant={sharia ? 'filled' : 'outlined'}
          onClick={() => set({ sharia: !sharia })}
          aria-pressed={sharia}
          data-testid="sharia-filter"
        />
      </Stack>
      {loading ? (
        <Loading />
      ) : shown.length ? (
        <ProductList products={shown} />
      ) : (
        <NotFound message={t('productList.empty')} />
      )}
      {sharia && (
        <Typography variant="body2" color="text.secondary">
          {t('productList.shariaFunds')}{' '}
          <Link component={RouterLink} to="/applyandinvest/product-list-mf/?sharia=1">
            {t('productList.shariaFundsLink')}
          </Link>
        </Typography>
      )}
    </Page>
  );
}

/** /applyandinvest/productdetails/?code=: one product with everything the bank states about it. */
export function ProductDetailsPage() {
  const { t } = useTranslation('invest');
  const [params] = useSearchParams();
  const code = params.get('code');
  const valid = !!code && /^[A-Z0-9-]{1,30}$/.test(code);
  const { data, loading } = useLoad(valid ? code : null, () => investApi.product(code!));
  if (!valid)
    return (
      <Page title={t('productDetails.title')} testId="product-details">
        <NotFound message={t('productDetails.missing')} />
        <Button component={RouterLink} to="/applyandinvest/productlist/" sx={{ alignSelf: 'flex-start' }}>
          {t('productList.title')}
        </Button>
      </Page>
    );
  return (
    <Page title={data?.name ?? t('productDetails.title')} testId="product-details">
      {loading ? (
        <Loading />
      ) : data ? (
        <>
          <Stack component="ul" sx={{ p: 0, m: 0 }}>
            <ProductCard product={data} detailsLink={false} />
          </Stack>
          <Button component={RouterLink} to={landingOf(data.category)} sx={{ alignSelf: 'flex-start' }}>
            {t('productDetails.compare', { category: t(`categories.${data.category}`) })}
          </Button>
        </>
      ) : (
        <NotFound message={t('productDetails.missing')} />
      )}
    </Page>
  );
}
