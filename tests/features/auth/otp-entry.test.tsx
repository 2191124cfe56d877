import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { OtpEntry } from '@/features/auth/otp-entry';
import { mmss, secondsUntil } from '@/features/auth/use-countdown';
import { renderWithI18n } from './render';
import { apiError, otpChallenge } from './api-mock';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('countdown arithmetic', () => {
  it('counts whole seconds up to the instant and never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T00:01:00Z', now)).toBe(60);
    expect(secondsUntil('2026-01-01T00:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
    expect(mmss(75)).toBe('01:15');
    expect(mmss(0)).toBe('00:00');
  });
});

describe('OTP entry', () => {
  const noop = async () => undefined;

  it('keeps resend disabled until resendAvailableAt, then enables it', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const otp = otpChallenge({ resendAvailableAt: '2026-01-01T00:01:00Z' });
    renderWithI18n(<OtpEntry otp={otp} onVerify={noop} onResend={async () => otp} />);
    const resend = () => screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Resend code in 01:00');
    expect(resend().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend().textContent).toBe('Resend code in 00:30');
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend().textContent).toBe('Resend code');
    expect(resend().disabled).toBe(false);
  });

  it('restarts the countdown from the new challenge after a resend', async () => {
    const first = otpChallenge({ resendAvailableAt: new Date(Date.now() - 1000).toISOString() });
    const second = otpChallenge({
      requestId: 'req-2',
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const onResend = vi.fn(async () => second);
    renderWithI18n(<OtpEntry otp={first} onVerify={noop} onResend={onResend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Resend code in 0(1:00|0:59)/ })).toBeTruthy(),
    );
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('asks for six digits before calling the server and accepts digits only', () => {
    const onVerify = vi.fn(noop);
    renderWithI18n(
      <OtpEntry otp={otpChallenge()} onVerify={onVerify} onResend={async () => otpChallenge()} />,
    );
    const input = screen.getByTestId('otp-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    expect(onVerify).not.toHaveBeenCalled();
  });

  it('shows a wrong code (OTP_05) inline with the server text', async () => {
    const onVerify = vi.fn(async () => {
      throw apiError(400, 'CLICKS', 'OTP_05', 'Invalid OTP, 2 attempts left');
    });
    renderWithI18n(
      <OtpEntry otp={otpChallenge()} onVerify={onVerify} onResend={async () => otpChallenge()} />,
    );
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid OTP, 2 attempts left (message)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onVerify).toHaveBeenCalledWith('111111');
  });

  it('shows the frozen phone message, disables entry and offers another number', async () => {
    const choose = vi.fn();
    renderWithI18n(
      <OtpEntry
        otp={otpChallenge()}
        onVerify={async () => {
          throw apiError(423, 'CLICKS', 'OTP_FROZEN', 'Frozen');
        }}
        onResend={async () => otpChallenge()}
        onChooseOtherPhone={choose}
      />,
    );
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Mobile number frozen');
    expect((screen.getByTestId('otp-input') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Choose another number' }));
    expect(choose).toHaveBeenCalled();
  });

  it('shows the expired message from the catalogue', async () => {
    renderWithI18n(
      <OtpEntry
        otp={otpChallenge()}
        onVerify={async () => {
          throw apiError(400, 'CLICKS', 'OTP_EXPIRED', 'Expired');
        }}
        onResend={async () => otpChallenge()}
      />,
      'id',
    );
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('OTP kedaluwarsa');
    expect(alert.textContent).toContain('Silakan minta OTP baru');
  });
});
