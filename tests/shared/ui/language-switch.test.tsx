import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addStrings, initI18n } from '../../../src/shared/i18n/i18n';
import { LanguageSwitch } from '../../../src/shared/ui/language-switch';
import { loginStrings } from '../../../src/app/strings';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function Title() {
  const { t } = useTranslation('auth');
  return <h1>{t('login.title')}</h1>;
}

describe('LanguageSwitch', () => {
  it('loads the other language through the instance react-i18next hands out, then switches to it', async () => {
    const i18n = initI18n();
    await addStrings(i18n, loginStrings);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(false);
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Masuk');
    fireEvent.click(screen.getByTestId('lang-en'));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Log in'));
    expect(screen.getByRole('group', { name: 'Change language' })).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    fireEvent.click(screen.getByTestId('lang-id'));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Masuk'));
    expect(screen.getByRole('group', { name: 'Ganti bahasa' })).toBeTruthy();
  });
});
