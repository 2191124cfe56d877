// What the batch pages share: the customer's language, a step's address, the frame, the batch of ?batch=.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorHandler } from '@/shared/ui';
import { batchApi, KIND_BASE, type Batch, type BatchKind } from './api';

export type Lang = 'en' | 'id';
export const useLang = (): Lang => (useTranslation().i18n.language === 'en' ? 'en' : 'id');
export const stepPath = (kind: BatchKind, step: 'inquiry' | 'verify' | 'receipt', batchId?: string) =>
  `${KIND_BASE[kind]}${step}/${batchId ? `?batch=${encodeURIComponent(batchId)}` : ''}`;

export function Loading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

export function Frame(p: { kind: BatchKind; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation('batch');
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid={p.testId}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t(`title.${p.kind}`)}
      </Typography>
      {p.children}
    </Box>
  );
}

/** Loads the batch named by ?batch= (null while loading, undefined when there is none). */
export function useBatch() {
  const [params] = useSearchParams();
  const id = params.get('batch');
  const errors = useErrorHandler();
  const [batch, setBatch] = useState<Batch | null | undefined>(id ? null : undefined);
  useEffect(() => {
    if (!id) return setBatch(undefined);
    let live = true;
    setBatch(null);
    batchApi.get(id).then(
      (b) => live && setBatch(b),
      (err: unknown) => {
        if (!live) return;
        setBatch(undefined);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [id, errors]);
  return [batch, setBatch] as const;
}
