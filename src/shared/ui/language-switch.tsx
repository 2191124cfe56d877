import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Lang } from '../i18n/i18n';

/**
 * ENG / IDN. The other language's strings load first (the page keeps its language if they cannot);
 * i18n keeps the choice in localStorage 'language', so it survives a reload.
 */
export function LanguageSwitch({ tone = 'paper' }: { tone?: 'paper' | 'inherit' }) {
  const { t, i18n } = useTranslation('common');
  const current: Lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t('language.switch')}
      onChange={(_e, v: Lang | null) => {
        if (v) setLanguage(i18n, v).catch(() => undefined);
      }}
      sx={{
        bgcolor: tone === 'paper' ? 'background.paper' : 'transparent',
        '& .MuiToggleButton-root': { px: 1.5, py: 0.25, fontWeight: 700 },
      }}
    >
      {LANGUAGES.map((l) => (
        <ToggleButton key={l} value={l} data-testid={`lang-${l}`} lang={l}>
          {t(`language.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
