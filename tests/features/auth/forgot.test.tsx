import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authRoutes } from '@/features/auth/routes';
import { FORGOT } from '@/features/auth/forgot/config';
import { validateCredentials, credentialsBody } from '@/features/auth/forgot/validate-credentials';
import { checkNewPassword } from '@/features/auth/forgot/new-password';
import { renderRoutes } from './render';
import { answer, apiError, callsTo, handlers, otpChallenge, reset } from './api-mock';

const mocks = { apiPost: vi.mocked(apiPost) };

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
});
afterEach(cleanup);

describe('forgot credentials: the same rules as the server schema', () => {
  it('forgot password needs every field in its format', () => {
    const p = validateCredentials(FORGOT.password, {
      userId: 'bu',
      accountNumber: '123',
      atmCardLast4: '12345',
      atmPin: '',
    });
    expect(p).toEqual({
      userId: { rule: 'minLength', min: 5, max: 20 },
      accountNumber: { rule: 'pattern' },
      atmCardLast4: { rule: 'pattern' },
      atmPin: { rule: 'required' },
    });
    expect(
      validateCredentials(FORGOT.password, {
        userId: 'budisantoso',
        accountNumber: '100200300401',
        atmCardLast4: '1234',
        atmPin: '123456',
      }),
    ).toEqual({});
  });

  it('forgot user id takes the account number OR the card number, never both', () => {
    const values = { accountNumber: '100200300401', creditCardNumber: '4111', dateOfBirth: '1985-03-14' };
    expect(validateCredentials(FORGOT.userid, values, 'accountNumber')).toEqual({});
    expect(credentialsBody(FORGOT.userid, values, 'accountNumber')).toEqual({
      accountNumber: '100200300401',
      dateOfBirth: '1985-03-14',
    });
    expect(validateCredentials(FORGOT.userid, values, 'creditCardNumber')).toEqual({
      creditCardNumber: { rule: 'pattern' },
    });
    expect(validateCredentials(FORGOT.userid, { dateOfBirth: '1985-02-30' }, 'accountNumber')).toEqual({
      accountNumber: { rule: 'required' },
      dateOfBirth: { rule: 'format' },
    });
  });

  it('new password: spec 5 rules, not the user id, confirmation equal', () => {
    expect(checkNewPassword('', '', 'budi')).toEqual({
      newPassword: 'required',
      confirmPassword: 'required',
    });
    expect(checkNewPassword('short1!', 'short1!')).toEqual({ newPassword: 'minLength' });
    expect(checkNewPassword('alllower123!', 'alllower123!')).toEqual({ newPassword: 'pattern' });
    expect(checkNewPassword('Has Space1!', 'Has Space1!')).toEqual({ newPassword: 'pattern' });
    expect(checkNewPassword('Budi@2027', 'Budi@2028')).toEqual({ confirmPassword: 'mismatch' });
    expect(checkNewPassword('Budi@2027', 'Budi@2027')).toEqual({});
    expect(checkNewPassword('Budisant0s!', 'Budisant0s!', 'budisant0s!')).toEqual({
      newPassword: 'sameAsUserId',
    });
  });
});

describe('forgot flows in the browser', () => {
  it('shows inline messages in the user language and does not call the server', async () => {
    renderRoutes(authRoutes, '/login/forgot-password/credentials/', { lang: 'id' });
    // The forgot pages load lazily (they are not in the login page's chunk).
    fireEvent.change(await screen.findByLabelText('Nomor rekening tabungan/giro'), {
      target: { value: '123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Silakan masukkan user ID Anda')).toBeTruthy();
    expect(screen.getByText('Input Anda harus 12-13 digit')).toBeTruthy();
    expect(screen.getByText('Silakan masukkan PIN kartu ATM Anda')).toBeTruthy();
    expect(callsTo('/api/v1/forgot/password/validate')).toHaveLength(0);
  });

  it('shows wrong data (CLICKS 0005) from the catalogue', async () => {
    handlers.set('/api/v1/forgot/edebit/validate', () => {
      throw apiError(400, 'CLICKS', '0005', 'Data that you have inputted was incorrect');
    });
    renderRoutes(authRoutes, '/login/forgot-edebit/credentials/');
    fireEvent.change(await screen.findByLabelText('User ID'), { target: { value: 'budisantoso' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1985-03-14' } });
    fireEvent.change(screen.getByLabelText('Savings/current account number'), {
      target: { value: '100200300401' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('forgot-error')).textContent).toContain(
      'Data that you have inputted was incorrect',
    );
  });

  it('forgot password end to end: credentials, phone, new password and OTP, result', async () => {
    handlers.set('/api/v1/forgot/password/validate', () => ({
      forgotToken: 't'.repeat(30),
      phones: [
        {
          phoneId: 1,
          maskedPhone: '+62812****7890',
          frozenUntil: new Date(Date.now() + 600_000).toISOString(),
        },
        { phoneId: 2, maskedPhone: '+62857****5678', frozenUntil: null },
      ],
    }));
    handlers.set('/api/v1/forgot/password/sendotp', () =>
      otpChallenge({ phoneId: 2, maskedPhone: '+62857****5678' }),
    );
    handlers.set('/api/v1/forgot/password/validateotp', () => ({
      result: 'password_changed',
      maskedPhone: '+62857****5678',
      // Issue 44 item 3a: the companion-app devices the reset asks the customer to check.
      devices: [
        { name: 'Chrome on Android', enrolledAt: '2026-11-02T02:15:00Z' },
        { name: null, enrolledAt: '2026-01-10T03:00:00Z' },
      ],
    }));
    const { router } = renderRoutes(authRoutes, '/login/forgot-password/');
    fireEvent.click(await screen.findByRole('link', { name: 'Start' }));
    await screen.findByLabelText('ATM card PIN');
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'budisantoso' } });
    fireEvent.change(screen.getByLabelText('Savings/current account number'), {
      target: { value: '100200300401' },
    });
    fireEvent.change(screen.getByLabelText('Last 4 digits of your ATM card'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('ATM card PIN'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/forgot-password/otp/'));
    // the frozen phone cannot be chosen; the other one is preselected
    const frozen = (await screen.findByLabelText(/\+62812\*\*\*\*7890 \(frozen until/)) as HTMLInputElement;
    expect(frozen.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a one-time code to +62857****5678.')).toBeTruthy();
    expect(callsTo('/api/v1/forgot/password/sendotp')).toEqual([{ forgotToken: 't'.repeat(30), phoneId: 2 }]);
    // the new password is checked before the code goes anywhere
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Budi@2027' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Budi@2028' } });
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(callsTo('/api/v1/forgot/password/validateotp')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Budi@2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('forgot-result')).textContent).toContain(
      'Your password has been changed',
    );
    expect(callsTo('/api/v1/forgot/password/validateotp')).toEqual([
      { forgotToken: 't'.repeat(30), requestId: 'req-1', otp: '123456', newPassword: 'Budi@2027' },
    ]);
    expect(screen.getByTestId('forgot-devices').textContent).toBe(
      'Your companion app devices "Chrome on Android" (2 Nov 2026), "Companion app" (10 Jan 2026) will not approve transactions until you check them: after you log in, open Settings > Companion app and keep only yours.',
    );
  });

  it('sends the OTP step entered without the credentials state back to the base', async () => {
    const { router } = renderRoutes(authRoutes, '/login/forgot-userid/otp/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/forgot-userid/'));
  });
});
