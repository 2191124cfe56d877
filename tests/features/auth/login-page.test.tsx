import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authRoutes } from '@/features/auth/routes';
import { flash, LOGOUT_MESSAGE, SESSION_EXPIRED } from '@/shared/api/session-store';
import { renderRoutes } from './render';
import { answer, apiError, callsTo, handlers, otpChallenge, reset } from './api-mock';

const mocks = { apiPost: vi.mocked(apiPost) };

beforeEach(() => {
  reset();
  sessionStorage.clear();
  localStorage.clear();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/maintenance/v1/banner', () => ({ banners: [] }));
  handlers.set('/api/v1/login/secureword', () => ({ secureWord: 'sunflower' }));
});
afterEach(cleanup);

const typeUserId = (v: string) => {
  fireEvent.change(screen.getByLabelText('User ID'), { target: { value: v } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
};

describe('login: user id, then the secure word, then the password', () => {
  it('refuses a user id that breaks the schema rules without asking the server', async () => {
    renderRoutes(authRoutes, '/login/');
    typeUserId('ab');
    expect(await screen.findByText('User ID must be 5-20 characters')).toBeTruthy();
    typeUserId('budi santoso');
    expect(
      await screen.findByText('User ID may contain letters and numbers only, without spaces'),
    ).toBeTruthy();
    expect(callsTo('/api/v1/login/secureword')).toHaveLength(0);
  });

  it('shows the secure word with the warning before the password field', async () => {
    renderRoutes(authRoutes, '/login/');
    expect(screen.queryByLabelText('Password')).toBeNull();
    typeUserId('budisantoso');
    expect((await screen.findByTestId('secure-word')).textContent).toBe('sunflower');
    expect(screen.getByText(/Make sure this is your secure word/)).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(callsTo('/api/v1/login/secureword')).toEqual([{ userId: 'budisantoso' }]);
  });

  it('goes back to the user id step with "Change"', async () => {
    renderRoutes(authRoutes, '/login/');
    typeUserId('budisantoso');
    await screen.findByTestId('secure-word');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('User ID')).toBeTruthy();
    expect(screen.queryByTestId('secure-word')).toBeNull();
  });

  it('shows the server text in the chosen language on a failed login and clears the password', async () => {
    handlers.set('/api/v1/login', () => {
      throw apiError(
        401,
        'CLICKS',
        'LOGIN_FAILED',
        'Wrong user ID or password',
        'User ID atau password salah',
      );
    });
    renderRoutes(authRoutes, '/login/', { lang: 'id' });
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'budisantoso' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lanjut' }));
    await screen.findByTestId('secure-word');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('User ID atau password salah');
    expect(alert.textContent).toContain('CLICKS : LOGIN_FAILED');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('goes to the dashboard on success', async () => {
    handlers.set('/api/v1/login', () => ({ status: 'ok', customer: { userId: 'budisantoso' } }));
    const { router } = renderRoutes(authRoutes, '/login/');
    typeUserId('budisantoso');
    await screen.findByTestId('secure-word');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Budi@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(callsTo('/api/v1/login')).toEqual([{ userId: 'budisantoso', password: 'Budi@2026' }]);
  });

  it('goes to the FDS challenge and completes the login with the OTP', async () => {
    handlers.set('/api/v1/login', () => ({
      status: 'challenge',
      challenge: { type: 'fds', challengeId: 'c'.repeat(24), otp: otpChallenge() },
    }));
    handlers.set('/api/v1/login/challenge', () => ({ status: 'ok', customer: {} }));
    const { router } = renderRoutes(authRoutes, '/login/');
    typeUserId('dewifds');
    await screen.findByTestId('secure-word');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Dewi@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/fdschallenge/'));
    expect(await screen.findByText("Verify it's you", undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(callsTo('/api/v1/login/challenge')).toEqual([{ challengeId: 'c'.repeat(24), otp: '123456' }]);
  });

  it('takes a known browser past a lock to the unlock challenge on the FDS page', async () => {
    handlers.set('/api/v1/login', () => ({
      status: 'challenge',
      challenge: { type: 'unlock', challengeId: 'u'.repeat(24), otp: otpChallenge() },
    }));
    handlers.set('/api/v1/login/challenge', () => ({ status: 'ok', customer: {} }));
    const { router } = renderRoutes(authRoutes, '/login/');
    typeUserId('budisantoso');
    await screen.findByTestId('secure-word');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Budi@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/fdschallenge/'));
    expect(
      await screen.findByText("Login locked: verify it's you", undefined, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(callsTo('/api/v1/login/challenge')).toEqual([{ challengeId: 'u'.repeat(24), otp: '654321' }]);
  });

  it('sends a challenge page entered without a pending challenge back to login', async () => {
    const { router } = renderRoutes(authRoutes, '/login/bdschallenge/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
  });

  it('shows the stored logout message once, in the user language', async () => {
    flash.set(LOGOUT_MESSAGE, JSON.stringify({ eng: 'You have logged out', idn: 'Anda telah keluar' }));
    renderRoutes(authRoutes, '/login/', { lang: 'id' });
    expect((await screen.findByTestId('logout-message')).textContent).toBe('Anda telah keluar');
    expect(sessionStorage.getItem(LOGOUT_MESSAGE)).toBeNull();
  });

  it('shows the session time-out notice', async () => {
    flash.set(SESSION_EXPIRED, '1');
    renderRoutes(authRoutes, '/login/');
    expect((await screen.findByTestId('session-expired')).textContent).toContain(
      'Please login again to continue your transaction',
    );
  });

  it('switches the language', async () => {
    renderRoutes(authRoutes, '/login/', { lang: 'id' });
    expect(screen.getByRole('heading', { name: 'Masuk' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('lang-en'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('en');
  });
});
