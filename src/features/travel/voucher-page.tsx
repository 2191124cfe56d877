import LocalMallOutlinedIcon from '@mui/icons-material/LocalMallOutlined';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import SportsEsportsOutlinedIcon from '@mui/icons-material/SportsEsportsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { PageFrame, PageLoading } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';
import { langOf, pick, travelApi, type VoucherKind, type VoucherPurchase } from './api';

const KINDS: [VoucherKind, typeof SportsEsportsOutlinedIcon][] = [
  ['game', SportsEsportsOutlinedIcon],
  ['streaming', MovieOutlinedIcon],
  ['shopping', LocalMallOutlinedIcon],
];

/** A voucher code in groups of four, as the receipt writes it. */
const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

function Purchase({ p }: { p: VoucherPurchase }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2 }} data-testid="voucher-purchase">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>{pick(p.brandName, lang)}</Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(p.total, lang)}</Typography>
      </Box>
      {p.voucherCode ? (
        <Typography
          sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 18, my: 0.5, overflowWrap: 'anywhere' }}
          data-testid="voucher-code"
        >
          {grouped(p.voucherCode)}
        </Typography>
      ) : (
        <Chip
          size="small"
          sx={{ my: 0.5 }}
          color={p.status === 'failed' ? 'error' : 'warning'}
          label={t(`vouchers.status.${p.status}`)}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {[
          formatBankDate(p.boughtAt, lang, { day: 'numeric', month: 'short', year: 'numeric' }),
          p.validUntil
            ? t('vouchers.validUntil', {
                date: formatBankDate(p.validUntil, lang, { day: 'numeric', month: 'short', year: 'numeric' }),
              })
            : '',
          p.referenceNo,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Paper>
  );
}

/** /topup-voucher/: game, streaming and shopping vouchers (buying one is the flow voucher.buy), and those bought. */
export function VoucherPage() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const catalogue = useLoad(travelApi.voucherCatalogue);
  const purchases = useLoad(travelApi.voucherPurchases);
  return (
    <PageFrame title={t('vouchers.title')} testId="voucher-page">
      {catalogue.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !catalogue.data ? (
        <PageLoading />
      ) : (
        KINDS.map(([kind, Icon]) => (
          <Box key={kind} component="section" sx={{ mb: 2.5 }} aria-labelledby={`vouchers-${kind}`}>
            <Typography
              variant="h6"
              component="h2"
              id={`vouchers-${kind}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
            >
              <Icon color="primary" /> {t(`vouchers.kinds.${kind}`)}
            </Typography>
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
            >
              {catalogue
                .data!.brands.filter((b) => b.kind === kind)
                .map((b) => (
                  <Paper
                    key={b.code}
                    variant="outlined"
                    component={Link}
                    to={`/topup-voucher/inquiry/?brand=${b.code}`}
                    data-testid={`voucher-brand-${b.code}`}
                    sx={{
                      p: 1.5,
                      textDecoration: 'none',
                      color: 'inherit',
                      '&:hover': { borderColor: 'primary.main' },
                    }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>{pick(b.name, lang)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('vouchers.from', { price: formatMoney(b.from, lang) })}
                    </Typography>
                  </Paper>
                ))}
            </Box>
          </Box>
        ))
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('vouchers.mine')}
      </Typography>
      {purchases.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !purchases.data ? (
        <PageLoading />
      ) : purchases.data.purchases.length === 0 ? (
        <Alert severity="info" data-testid="vouchers-none">
          {t('vouchers.none')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {purchases.data.purchases.map((p) => (
            <Purchase key={p.referenceNo} p={p} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
