import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatBankDateTime } from '@/shared/bank-time';
import { formatDecimal } from '@/shared/decimal';
import { myAccountApi } from './api';
import { formatDate, langOf, money } from './history-parts';
import { Card, Facts, Line, Loading, Page, useLoad, WayBack } from './page-kit';

const signed = (amount: string) => (amount.startsWith('-') ? amount : `+${amount}`);

/** /myaccount/portfolio/: every investment with its cost, value and gain, and the mix by asset class. */
export function PortfolioPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const { data } = useLoad((s) => myAccountApi.portfolio(s), [], { product: 'investment' });
  return (
    <Page title={t('portfolio.title')} testId="portfolio-page">
      {!data ? (
        <Loading />
      ) : (
        <>
          <Card testId="portfolio-total">
            <Facts
              items={[
                [t('portfolio.total'), money(data.totalIdr, lang)],
                [t('portfolio.cost'), money(data.costIdr, lang)],
                [t('portfolio.gain'), money(data.gainIdr, lang)],
              ]}
            />
          </Card>
          <Card title={t('portfolio.allocation')} testId="portfolio-allocation">
            {data.allocation.map((a) => (
              <Line
                key={a.assetClass}
                title={t(`portfolio.assetClass.${a.assetClass}`, { defaultValue: a.assetClass })}
                right={`${formatDecimal(a.percent, lang, 2)}%`}
                rightSub={money(a.value, lang)}
              />
            ))}
          </Card>
          {!!data.pendingOrders?.length && (
            <Card title={t('portfolio.pending')} testId="portfolio-pending">
              {data.pendingOrders.map((o) => (
                <Line
                  key={o.referenceNo}
                  testId="portfolio-pending-order"
                  title={o.productName}
                  sub={`${t(`portfolio.orderKind.${o.kind}`)} · ${formatBankDateTime(o.at, lang)}`}
                  right={money(o.value, lang)}
                  rightSub={
                    o.units
                      ? t('portfolio.orderUnits', { units: formatDecimal(o.units, lang, 4) })
                      : undefined
                  }
                />
              ))}
            </Card>
          )}
          <Card title={t('portfolio.holdings')}>
            {data.items.map((i) => (
              <Line
                key={i.code}
                testId="portfolio-item"
                title={
                  <RouterLink to={`/myaccount/investment/product-detail/?code=${encodeURIComponent(i.code)}`}>
                    {i.name}
                  </RouterLink>
                }
                sub={
                  i.kind === 'mutual_fund'
                    ? t('overview.units', {
                        units: formatDecimal(i.units ?? '0', lang, 4),
                        nav: formatDecimal(i.nav ?? '0', lang, 4),
                      })
                    : t('overview.faceValue', { amount: i.faceValue ? money(i.faceValue, lang) : '' })
                }
                right={money(i.marketValue, lang)}
                rightSub={`${money(i.gain, lang)} (${signed(formatDecimal(i.gainPercent, lang, 2))}%)`}
              />
            ))}
            {data.items.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  component={RouterLink}
                  to="/applyandinvest/product-list-mf/"
                >
                  {t('portfolio.buyFunds')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  component={RouterLink}
                  to="/applyandinvest/bonds-monitoring/"
                >
                  {t('portfolio.sellBonds')}
                </Button>
              </Stack>
            )}
          </Card>
          <Button component={RouterLink} to="/myaccount/consolidated-portfolio/" variant="outlined">
            {t('consolidated.title')}
          </Button>
        </>
      )}
    </Page>
  );
}

/** /myaccount/consolidated-portfolio/: all that is held and owed, in rupiah, and what the customer is worth. */
export function ConsolidatedPortfolioPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const { data } = useLoad((s) => myAccountApi.consolidated(s), []);
  return (
    <Page title={t('consolidated.title')} intro={t('consolidated.intro')} testId="consolidated-page">
      {!data ? (
        <Loading />
      ) : (
        <>
          <Card testId="consolidated-total">
            <Facts
              items={[
                [t('consolidated.assets'), money(data.assetsIdr, lang)],
                [t('consolidated.liabilities'), money(data.liabilitiesIdr, lang)],
                [t('consolidated.netWorth'), money(data.netWorthIdr, lang)],
              ]}
            />
          </Card>
          {data.groups.map((g) => (
            <Card key={g.group} title={t(`consolidated.group.${g.group}`)} testId={`consolidated-${g.group}`}>
              {g.lines.map((l) => (
                <Line
                  key={`${l.label}-${l.detail}`}
                  title={l.label}
                  sub={l.detail}
                  right={money(l.valueIdr, lang)}
                  rightSub={l.value.currency !== 'IDR' ? money(l.value, lang) : undefined}
                />
              ))}
              <Line title={t('consolidated.subtotal')} right={money(g.totalIdr, lang)} />
            </Card>
          ))}
        </>
      )}
    </Page>
  );
}

/** /myaccount/investment/product-detail/?code=: a product as the bank sells it and what the customer holds of it. */
export function ProductDetailPage() {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  // Without a code (a bookmark, an address typed) nothing is asked: the portfolio to choose from.
  const { data, failed, notice } = useLoad(
    (s) => (code ? myAccountApi.productDetail(code, s) : Promise.resolve(null)),
    [code],
    { product: 'investment' },
  );
  return (
    <Page title={data?.name ?? t('product.title')} testId="product-detail-page">
      {failed || notice || data === null ? (
        <WayBack
          notice={notice}
          noneChosen={data === null ? t('product.noneChosen') : undefined}
          testId="product-none-chosen"
          to="/myaccount/portfolio/"
          label={t('portfolio.title')}
        />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <Card testId="product-facts">
            <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
              <Chip size="small" label={t(data.kind === 'bond' ? 'product.bond' : 'product.mutualFund')} />
              <Chip size="small" label={t('product.risk', { level: data.riskLevel })} />
            </Stack>
            <Facts
              items={[
                [t('product.code'), data.code],
                [t('product.currency'), data.currency],
                ...(data.kind === 'mutual_fund'
                  ? ([
                      [t('product.fundType'), t(`portfolio.assetClass.${data.fundType ?? 'other'}`)],
                      [t('product.nav'), formatDecimal(data.nav ?? '0', lang, 4)],
                    ] as Array<[string, string]>)
                  : ([
                      [t('product.price'), `${formatDecimal(data.price ?? '0', lang, 2)}%`],
                      [t('product.coupon'), `${formatDecimal(data.couponRate ?? '0', lang, 2)}%`],
                      [t('product.maturity'), data.maturityDate ? formatDate(data.maturityDate, lang) : '-'],
                    ] as Array<[string, string]>)),
                [t('product.priceDate'), formatDate(data.priceDate, lang)],
              ]}
            />
          </Card>
          <Card title={t('product.yourHolding')} testId="product-holding">
            {data.holding ? (
              <Facts
                items={[
                  data.kind === 'mutual_fund'
                    ? [t('product.units'), formatDecimal(data.holding.units ?? '0', lang, 4)]
                    : [
                        t('product.faceValue'),
                        data.holding.faceValue ? money(data.holding.faceValue, lang) : '-',
                      ],
                  [t('product.marketValue'), money(data.holding.marketValue, lang)],
                  [t('product.cost'), money(data.holding.cost, lang)],
                ]}
              />
            ) : (
              t('product.notHeld')
            )}
          </Card>
          {data.transactions.length > 0 && (
            <Card title={t('product.latest')}>
              {data.transactions.map((x) => (
                <Line
                  key={x.referenceNo}
                  title={t(`investments.kind.${x.kind}`)}
                  sub={`${formatBankDateTime(x.at, lang)} · ${x.referenceNo}`}
                  right={money(x.amount, lang)}
                  rightSub={
                    x.units !== null
                      ? t('investments.txUnits', {
                          units: formatDecimal(x.units, lang, 4),
                          nav: formatDecimal(x.nav ?? '0', lang, 4),
                        })
                      : undefined
                  }
                />
              ))}
              <Button
                component={RouterLink}
                to={`/myaccount/history/${data.kind === 'bond' ? 'investment-bonds' : 'investment-mf'}/?product=${encodeURIComponent(data.code)}`}
                sx={{ mt: 1 }}
              >
                {t('product.allTransactions')}
              </Button>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}
