import { act, render, screen, fireEvent, cleanup, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../src/shared/api/client';
import { ErrorProvider, useErrorHandler, type ErrorHandler } from '../../../src/shared/ui/error-handler';
import { CasaRequiredDialog } from '../../../src/shared/ui/casa-required-dialog';
import { SupplementaryNoticeDialog } from '../../../src/shared/ui/supplementary-notice-dialog';
import { gateFor } from '../../../src/shared/ui/feature-gate';
import { testI18n } from '../i18n-fixture';

afterEach(cleanup);

function setup(lang: 'en' | 'id' = 'en', onSessionExpired = vi.fn()) {
  let handler!: ErrorHandler;
  function Grab() {
    handler = useErrorHandler();
    return null;
  }
  const onRetry = vi.fn();
  render(
    <I18nextProvider i18n={testI18n(lang)}>
      <ErrorProvider onSessionExpired={onSessionExpired}>
        <Grab />
      </ErrorProvider>
    </I18nextProvider>,
  );
  return { handler: () => handler, onSessionExpired, onRetry };
}

describe('useErrorHandler', () => {
  it('shows the timeout dialog with code 0000 and a Reload button that retries', () => {
    const { handler, onRetry } = setup();
    act(() => void handler().showError(new ApiFailure('timeout', 0), { onRetry }));
    expect(screen.getByText('Connection time-out, unable to load data')).toBeTruthy();
    expect(screen.getByText('Please refresh the page')).toBeTruthy();
    expect(screen.getByTestId('error-dialog-code').textContent).toBe('error: 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the timeout dialog in Indonesian', () => {
    const { handler } = setup('id');
    act(() => void handler().showError(new ApiFailure('timeout', 0)));
    expect(screen.getByText('Koneksi terputus, data tidak dapat dimuat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
  });

  it('shows nothing for a cancelled request', () => {
    const { handler } = setup();
    let kind = '';
    act(() => void (kind = handler().showError(new ApiFailure('cancelled', 0)).kind));
    expect(kind).toBe('none');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes the session-expiry path for an invalid token, without a dialog', () => {
    const { handler, onSessionExpired } = setup();
    act(() => void handler().showError(new ApiFailure('invalid_token', 401)));
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves inline errors to the caller when it says so, else shows them', () => {
    const { handler } = setup();
    const otp = new ApiFailure('api', 422, {
      sourceSystem: 'CLICKS',
      errorCode: 'OTP_05',
      message: 'Invalid OTP',
      errorTitleEng: 'Invalid OTP',
      errorTitleIdn: 'OTP tidak valid',
      errorMessageEng: 'Invalid OTP, 2 attempts left',
      errorMessageIdn: 'OTP tidak valid, sisa 2 percobaan',
    });
    act(() => void handler().showError(otp, { inlineHandled: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void handler().showError(otp));
    expect(screen.getByText('Invalid OTP, 2 attempts left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });
});

describe('the error dialog and the browser history', () => {
  it("goes when the customer presses Back (its onClose not called), and stays through the app's own navigation", async () => {
    let handler!: ErrorHandler;
    function Grab() {
      handler = useErrorHandler();
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <ErrorProvider>
              <Grab />
              <Outlet />
            </ErrorProvider>
          ),
          children: ['a', 'b', 'c'].map((p) => ({ path: p, element: <p>page {p}</p> })),
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await act(() => router.navigate('/b'));
    const onClose = vi.fn();
    act(() => void handler.showError(new ApiFailure('timeout', 0), { onClose }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // A page that shows an error and then moves on keeps it.
    await act(() => router.navigate('/c'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(screen.getByText('page b')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('role notices', () => {
  it('the credit-card-only pop-up offers to open an account or later', () => {
    const onClose = vi.fn();
    const onOpenAccount = vi.fn();
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <CasaRequiredDialog open onClose={onClose} onOpenAccount={onOpenAccount} />
      </I18nextProvider>,
    );
    expect(
      screen.getByText('The feature is only available for users with Savings/Current Account'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open an account' }));
    expect(onOpenAccount).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('the supplementary notice says to visit a branch', () => {
    render(
      <I18nextProvider i18n={testI18n('id')}>
        <SupplementaryNoticeDialog open onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByText(/kantor cabang terdekat/)).toBeTruthy();
  });

  it.each([
    [{ hasCasa: true, ccOnly: false, supplementary: false }, 'ok'],
    [{ hasCasa: false, ccOnly: true, supplementary: false }, 'casaRequired'],
    [{ hasCasa: false, ccOnly: true, supplementary: true }, 'supplementary'],
  ] as const)('a feature needing CASA for %j: %s', (customer, outcome) => {
    expect(gateFor(customer, 'casa')).toBe(outcome);
    expect(gateFor(customer, 'none')).toBe('ok');
    // A main card's own service (a limit increase): only the supplementary holder is sent to a branch.
    expect(gateFor(customer, 'mainCard')).toBe(outcome === 'supplementary' ? 'supplementary' : 'ok');
  });
});
