import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import { ErrorProvider } from '@/shared/ui';
import { PasskeysPage } from '@/features/settings/passkeys-page';
import type { PasskeyView, passkeysApi } from '@/features/settings/passkeys-api';

// Settings > Passkeys (issue 42): the list with none and with some (where and when each was last used,
// a synced one), both languages; the server's answers stood in.

const SOME: PasskeyView[] = [
  {
    id: 1,
    name: 'Work laptop',
    createdAt: '2026-11-02T02:15:00Z',
    createdWhere: 'Chrome on Windows · 203.0.113.7',
    lastUsedAt: '2026-12-05T23:40:00Z',
    lastUsedWhere: 'Chrome on Windows · 203.0.113.7',
    synced: false,
    blocked: false,
    reviewAsked: false,
  },
  {
    id: 2,
    name: 'Pixel 9',
    createdAt: '2026-11-20T09:00:00Z',
    createdWhere: 'Chrome on Android · 198.51.100.24',
    lastUsedAt: null,
    lastUsedWhere: null,
    synced: true,
    blocked: false,
    reviewAsked: false,
  },
];

function apiWith(passkeys: PasskeyView[]): typeof passkeysApi {
  const never = new Promise<never>(() => undefined);
  return {
    list: async () => ({ passkeys }),
    stepUp: () => never,
    stepUpVerify: () => never,
    registerOptions: () => never,
    register: () => never,
    rename: () => never,
    remove: () => never,
    review: () => never,
  };
}

function SettingsStory({ some }: { some: boolean }) {
  const api = useMemo(() => apiWith(some ? SOME : []), [some]);
  return (
    <MemoryRouter>
      <ErrorProvider>
        <PasskeysPage api={api} />
      </ErrorProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Passkeys/Settings',
  component: SettingsStory,
  args: { some: false },
} satisfies Meta<typeof SettingsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoneEn: Story = {
  name: 'None · EN',
  parameters: { lang: 'en' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('passkeys-none')).toBeVisible();
  },
};
export const NoneId: Story = { ...NoneEn, name: 'None · ID', parameters: { lang: 'id' } };
export const SomeEn: Story = {
  name: 'Some · EN',
  parameters: { lang: 'en' },
  args: { some: true },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByTestId('passkey-row');
    await expect(rows).toHaveLength(2);
  },
};
export const SomeId: Story = { ...SomeEn, name: 'Some · ID', parameters: { lang: 'id' } };
