import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useInRouterContext } from 'react-router';
import {
  transactionDetail,
  type ChoiceOption,
  type Favourite,
  type FlowFile,
  type Receipt,
} from '@/shared/flows';
import { formatBankDateTime } from '@/shared/bank-time';
import type { Lang } from '../format';
import { defaultFavouriteName } from '../favourites';
import type { TransactionServices } from '../services/transaction-services';
import { SaveFavouriteDialog } from './save-favourite-dialog';
import { Row, summaryLines } from './summary';
import { useStrings } from '@/shared/i18n/use-strings';
import { stepStrings } from '../strings';

/** The spec's pages a receipt leads to: the customer's favourites, and an account's history. */
const FAVOURITES_PATH = '/my-favorite/';
const HISTORY_PATH = '/myaccount/history/casa/';
/** The customer's scheduled and recurring transfers. */
const SCHEDULED_PATH = '/mytransaction/';

export interface ReceiptViewProps {
  flow: FlowFile;
  receipt: Receipt;
  form: Record<string, unknown>;
  labels: Record<string, ChoiceOption>;
  inquiryDetails?: Record<string, unknown>;
  schema?: Record<string, unknown>;
  services: Pick<TransactionServices, 'saveFavourite' | 'receiptCode'>;
  onNew: () => void;
}

export function ReceiptView(p: ReceiptViewProps) {
  useStrings(stepStrings); // what these pages say loads with them (src/engine/strings)
  const { t, i18n } = useTranslation(['engine', 'flows']);
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const [note, setNote] = useState<string | undefined>();
  const [naming, setNaming] = useState(false);
  const [saved, setSaved] = useState<Favourite>();
  const inRouter = useInRouterContext();
  // The app's router when there is one (a page without one, as in Storybook, follows the link).
  const linkTo = (to: string) => (inRouter ? { component: Link, to } : { href: to });
  // Where the money of a transaction in progress is held: its source of fund's history.
  const debitPath = p.flow.posting?.debit;
  const debit = debitPath?.startsWith('form.') ? p.form[debitPath.slice(5)] : undefined;
  const r = p.receipt;
  const lines = summaryLines(
    {
      flow: p.flow,
      rows: p.flow.receipt.rows,
      ctx: {
        form: p.form,
        inquiry: { ...p.inquiryDetails, ...r.details },
        referenceNo: r.referenceNo,
        status: r.status,
        createdAt: r.createdAt,
        ...(r.secret ? { secret: r.secret } : {}),
      },
      labels: p.labels,
      schema: p.schema,
      amounts: r,
    },
    t,
    lang,
  );
  // A transfer for later ("when to transfer"): nothing was booked; the instruction runs on its date.
  const scheduled = r.scheduled;
  const statusText = scheduled ? t('when.scheduled') : t(`receipt.status.${r.status}`);
  const errorText = r.error
    ? (lang === 'en' ? r.error.errorMessageEng : r.error.errorMessageIdn) || r.error.message
    : undefined;
  const head = [
    { label: t('receipt.referenceNo'), value: r.referenceNo || '-' },
    {
      label: t('receipt.date'),
      value: formatBankDateTime(r.createdAt, lang),
    },
    { label: t('receipt.statusLabel'), value: statusText },
    ...(scheduled ? [{ label: t('when.instruction'), value: String(scheduled.instructionId) }] : []),
  ];
  // What the PDF and a shared text carry: never a one-time value.
  const all = [...head, ...lines.filter((l) => !l.secret)];
  const text = `${t(p.flow.titleKey)}\n${all.map((l) => `${l.label}: ${l.value}`).join('\n')}`;

  // The receipt's public check code, asked for once the receipt shows, so Share and the PDF carry it
  // without a wait (the share sheet needs the click's user activation).
  // Its line is drawn from the start (the code is a placeholder until it comes), so the rows and the
  // buttons below do not move under a customer's tap when it arrives; null: none came.
  const [check, setCheck] = useState<{ code: string; url: string } | null>();
  const getCode = p.services.receiptCode;
  const expectsCode = !!r.referenceNo && r.status !== 'failed' && !!getCode;
  useEffect(() => {
    if (!r.referenceNo || r.status === 'failed' || !getCode) return;
    let live = true;
    getCode(r.referenceNo).then(
      (c) => live && setCheck({ code: c.code, url: new URL(c.path, globalThis.location.origin).href }),
      () => live && setCheck(null), // the receipt still prints and shares, without a check code
    );
    return () => {
      live = false;
    };
  }, [r.referenceNo, r.status, getCode]);
  const printed = check ? `${check.code.slice(0, 5)}-${check.code.slice(5)}` : undefined;
  const total = lines.find((l) => l.strong);

  const makePdf = async (): Promise<Uint8Array> => {
    const [{ buildReceiptPdf }, { loadReceiptFonts }] = await Promise.all([
      import('../receipt-pdf/build'),
      import('../receipt-pdf/fonts'),
    ]);
    return buildReceiptPdf(
      {
        lang,
        bank: { name: t('receipt.pdf.bank'), tagline: t('receipt.pdf.tagline') },
        title: t('receipt.pdfTitle'),
        flowTitle: t(p.flow.titleKey),
        status: { text: statusText, kind: r.status },
        ...(total ? { total } : {}),
        rows: all,
        ...(errorText ? { note: errorText } : {}),
        ...(check && printed
          ? {
              check: {
                url: check.url,
                code: printed,
                title: t('receipt.pdf.checkTitle'),
                body: t('receipt.pdf.checkBody', { address: new URL('/r/', check.url).href }),
                codeLabel: t('receipt.pdf.checkCode'),
              },
            }
          : {}),
        footer: t('receipt.pdf.footer'),
        docTitle: `${t('receipt.pdfTitle')} ${r.referenceNo}`,
      },
      await loadReceiptFonts(),
    );
  };
  const fileName = `receipt-${r.referenceNo || 'transaction'}.pdf`;
  const [making, setMaking] = useState(false);
  const downloadPdf = async () => {
    setMaking(true);
    try {
      const bytes = await makePdf();
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setNote(t('receipt.pdf.failed'));
    } finally {
      setMaking(false);
    }
  };
  // The device's share sheet where there is one (phones, Safari, Edge): the receipt's text with its
  // check link; elsewhere the same text goes to the clipboard.
  const share = async () => {
    const nav = globalThis.navigator as Navigator | undefined;
    const shareText = check ? `${text}\n${t('receipt.pdf.checkTitle')}: ${check.url}` : text;
    try {
      if (nav?.share) {
        await nav.share({ title: t(p.flow.titleKey), text: shareText, ...(check ? { url: check.url } : {}) });
        return;
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
    }
    try {
      await nav?.clipboard.writeText(shareText);
      setNote(t('receipt.copied'));
    } catch {
      setNote(t('receipt.shareFailed'));
    }
  };
  const defaultName = defaultFavouriteName(
    t(p.flow.menu?.labelKey ?? p.flow.titleKey),
    transactionDetail(p.flow, p.form, lang),
  );
  const severity = scheduled
    ? 'info'
    : r.status === 'success'
      ? 'success'
      : r.status === 'pending'
        ? 'info'
        : 'error';
  // A favourite is for doing it again: without the date it was scheduled for.
  const scheduleField = p.flow.schedule?.field;
  const favouriteForm = scheduleField
    ? Object.fromEntries(Object.entries(p.form).filter(([k]) => k !== scheduleField))
    : p.form;
  return (
    <Box data-testid="receipt-view" data-status={scheduled ? 'scheduled' : r.status}>
      <Alert severity={severity} sx={{ mb: 2 }} data-testid="receipt-status">
        <Typography sx={{ fontWeight: 700 }}>{statusText}</Typography>
        {r.status === 'pending' && <Typography variant="body2">{t('receipt.pendingHint')}</Typography>}
        {r.status === 'pending' && debit !== undefined && debit !== '' && (
          <Button
            size="small"
            color="inherit"
            sx={{ mt: 0.5, ml: -0.75, textDecoration: 'underline' }}
            {...linkTo(`${HISTORY_PATH}?account=${encodeURIComponent(String(debit))}`)}
            data-testid="receipt-history-link"
          >
            {t('receipt.openHistory')}
          </Button>
        )}
        {r.status === 'failed' && errorText && <Typography variant="body2">{errorText}</Typography>}
        {scheduled && (
          <>
            <Typography variant="body2">{t('when.scheduledNote')}</Typography>
            <Button
              size="small"
              color="inherit"
              sx={{ mt: 0.5, ml: -0.75, textDecoration: 'underline' }}
              {...linkTo(SCHEDULED_PATH)}
              data-testid="receipt-scheduled-link"
            >
              {t('when.manage')}
            </Button>
          </>
        )}
      </Alert>
      {expectsCode && check !== null && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 1 }}
          data-testid={printed ? 'receipt-check-code' : 'receipt-check-code-loading'}
        >
          {t('receipt.pdf.checkCode')}{' '}
          {printed ? (
            <strong>{printed}</strong>
          ) : (
            <Skeleton variant="text" width="7em" sx={{ display: 'inline-block' }} />
          )}
        </Typography>
      )}
      {head.map((l) => (
        <Row
          key={l.label}
          label={l.label}
          value={l.value}
          testId={l.label === head[0]!.label ? 'receipt-reference' : undefined}
        />
      ))}
      {r.secret && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="receipt-secret-notice">
          {t('secret.notice')}
        </Alert>
      )}
      <Box sx={{ mt: 1 }}>
        {lines.map((l, i) => (
          <Row
            key={`${l.label}-${i}`}
            label={l.label}
            value={l.value}
            strong={l.strong || (l.secret && !!r.secret)}
            testId={l.secret ? 'receipt-secret' : undefined}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3, justifyContent: 'flex-end' }}>
        {p.flow.receipt.actions.includes('pdf') && r.status !== 'failed' && (
          <Button
            variant="outlined"
            onClick={() => void downloadPdf()}
            disabled={making}
            data-testid="receipt-pdf"
          >
            {t('receipt.actions.pdf')}
          </Button>
        )}
        {p.flow.receipt.actions.includes('share') && r.status !== 'failed' && (
          <Button variant="outlined" onClick={() => void share()} data-testid="receipt-share">
            {t('receipt.actions.share')}
          </Button>
        )}
        {p.flow.receipt.actions.includes('favourite') && r.status === 'success' && (
          <Button
            variant="outlined"
            onClick={() => setNaming(true)}
            disabled={!!saved}
            data-testid="receipt-favourite"
          >
            {saved ? t('receipt.favouriteSavedButton') : t('receipt.actions.favourite')}
          </Button>
        )}
        {p.flow.receipt.actions.includes('new') && (
          <Button variant="contained" onClick={p.onNew} data-testid="receipt-new">
            {t('receipt.actions.new')}
          </Button>
        )}
      </Box>
      {naming && (
        <SaveFavouriteDialog
          open
          defaultName={defaultName}
          save={(name) => p.services.saveFavourite(p.flow.id, name, favouriteForm)}
          onSaved={(f) => {
            setNaming(false);
            setSaved(f);
            setNote(t('receipt.favouriteSaved', { name: f.name }));
          }}
          onClose={() => setNaming(false)}
        />
      )}
      <Snackbar
        open={!!note}
        autoHideDuration={6000}
        onClose={() => setNote(undefined)}
        message={note}
        action={
          saved && note ? (
            <Button
              color="inherit"
              size="small"
              {...linkTo(FAVOURITES_PATH)}
              data-testid="receipt-favourites-link"
            >
              {t('receipt.openFavourites')}
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
