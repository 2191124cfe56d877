import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../src/shared/i18n/i18n';
import en from '../../../locales/en/register.json';
import id from '../../../locales/id/register.json';
import { ApiFailure } from '../../../src/shared/api/client';
import { LiveChatPanel } from '../../../src/features/registration/live-chat';

const mocks = { apiPost: vi.mocked(apiPost) };

const i18n = initI18n({ en: { register: en }, id: { register: id } }, 'en');

describe('pre-login live chat panel', () => {
  afterEach(() => {
    cleanup();
    mocks.apiPost.mockReset();
  });

  it('shows the loading image, an error dialog when the URL cannot be fetched, and loads the chat on reload', async () => {
    const calls: string[] = [];
    let fail = true;
    mocks.apiPost.mockImplementation(async (path: string) => {
      calls.push(path);
      if (fail) throw new ApiFailure('no_response', 0);
      return { usersettingsresponse: { liveChatUrl: '/standins/livechat/?lang=en' } };
    });
    render(
      <I18nextProvider i18n={i18n}>
        <LiveChatPanel onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('chat-loading')).toBeTruthy();
    await screen.findByTestId('chat-error');
    expect(calls[0]).toBe('/api/usersettings/v1/non/geturllivechatbeforelogin');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/standins/livechat/?lang=en'),
    );
    const panel = screen.getByTestId('chat-panel');
    expect(panel.getAttribute('aria-label')).toBe('Live chat');
  });
});
