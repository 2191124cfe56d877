import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { settingsRoutes } from '@/features/settings/routes';
import { renderRoutes } from '../auth/render';
import { answer, apiError, handlers, reset } from '../auth/api-mock';

const mocks = { apiPost: vi.mocked(apiPost) };

const ANDROID = {
  id: 7,
  name: 'Chrome on Android',
  enrolledAt: '2026-11-02T02:15:00Z',
  enrolledWhere: 'Chrome on Android · 198.51.100.24',
  lastSeenAt: '2026-12-05T23:40:00Z',
  reviewAsked: true,
};
const OLD = { ...ANDROID, id: 8, name: null, enrolledWhere: null, enrolledAt: '2026-01-10T03:00:00Z' };

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
});
afterEach(() => cleanup());

// Settings > Companion app (issue 44, item 3a): after a password reset or a credential change the page
// asks which devices to keep, as Settings > Passkeys does; only the ticked ones are sent.
describe('Settings > Companion app', () => {
  it('asks which devices to keep after a reset, and keeps only the ones ticked', async () => {
    handlers.set('/api/approvals/v1/devices', () => ({ devices: [ANDROID, OLD], reviewAsked: true }));
    handlers.set('/api/approvals/v1/devices/review', () => ({
      devices: [{ ...ANDROID, reviewAsked: false }],
      reviewAsked: false,
    }));
    renderRoutes(settingsRoutes, '/settings/companion-devices/', { lang: 'en' });
    const review = await screen.findByTestId('devices-review');
    expect(review.textContent).toContain('Which devices are yours?');
    expect(review.textContent).toContain(
      'Chrome on Android — Enrolled 2 Nov 2026 · Chrome on Android · 198.51.100.24',
    );
    expect(review.textContent).toContain('Companion app — Enrolled 10 Jan 2026 · -');
    fireEvent.click(within(review).getByRole('checkbox', { name: /Chrome on Android/ }));
    fireEvent.click(screen.getByTestId('devices-review-save'));
    expect((await screen.findByTestId('devices-done')).textContent).toContain('the others were removed');
    expect(mocks.apiPost).toHaveBeenCalledWith('/api/approvals/v1/devices/review', { keep: [7] });
    await waitFor(() => expect(screen.queryByTestId('devices-review')).toBeNull());
    expect(screen.getAllByTestId('device-row')).toHaveLength(1);
  });

  it('removes a lost phone from its row once confirmed; a cancel or a refusal keeps it', async () => {
    const IPHONE = { ...ANDROID, id: 9, name: 'Safari on iOS', reviewAsked: false };
    handlers.set('/api/approvals/v1/devices', () => ({
      devices: [{ ...ANDROID, reviewAsked: false }, IPHONE],
      reviewAsked: false,
    }));
    let refuse = true;
    handlers.set('/api/approvals/v1/devices/remove', () => {
      if (refuse)
        throw apiError(404, 'CLICKS', 'DEVICE_NOT_FOUND', 'Device not found', 'Perangkat tidak ditemukan');
      return { devices: [IPHONE], reviewAsked: false };
    });
    renderRoutes(settingsRoutes, '/settings/companion-devices/', { lang: 'id' });
    await screen.findAllByTestId('device-row');
    // Cancelled: nothing asked.
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Chrome on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus "Chrome on Android"?' });
    expect(dialog.textContent).toContain('kode SMS ke nomor terdaftar Anda mendaftarkannya kembali');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByTestId('device-remove-dialog')).toBeNull());
    expect(mocks.apiPost).not.toHaveBeenCalledWith('/api/approvals/v1/devices/remove', expect.anything());
    // Refused: said in the customer's language, the list as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Chrome on Android' }));
    fireEvent.click(await screen.findByTestId('device-remove-confirm'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('Perangkat tidak ditemukan');
    expect(screen.getAllByTestId('device-row')).toHaveLength(2);
    expect(screen.queryByTestId('devices-done')).toBeNull();
    fireEvent.click(within(screen.getByTestId('error-dialog')).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
    // Confirmed: removed, and said so.
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Chrome on Android' }));
    fireEvent.click(await screen.findByTestId('device-remove-confirm'));
    expect((await screen.findByTestId('devices-done')).textContent).toBe(
      'Perangkat dihapus. Kami telah mengirimkan pesan tentangnya.',
    );
    expect(mocks.apiPost).toHaveBeenLastCalledWith('/api/approvals/v1/devices/remove', { id: 7 });
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    expect(screen.getByTestId('device-row').textContent).toContain('Safari on iOS');
  });

  it('lists the devices in Indonesian, and says so when there is none', async () => {
    handlers.set('/api/approvals/v1/devices', () => ({
      devices: [{ ...ANDROID, reviewAsked: false }],
      reviewAsked: false,
    }));
    renderRoutes(settingsRoutes, '/settings/companion-devices/', { lang: 'id' });
    const row = await screen.findByTestId('device-row');
    expect(row.textContent).toContain('Didaftarkan 2 Nov 2026');
    expect(screen.queryByTestId('devices-review')).toBeNull();
    cleanup();
    handlers.set('/api/approvals/v1/devices', () => ({ devices: [], reviewAsked: false }));
    renderRoutes(settingsRoutes, '/settings/companion-devices/', { lang: 'en' });
    expect((await screen.findByTestId('devices-none')).textContent).toBe(
      'No device approves your transactions yet.',
    );
  });
});
