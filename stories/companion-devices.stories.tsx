import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { ErrorProvider } from '@/shared/ui';
import { CompanionDevicesPage } from '@/features/settings/companion-devices-page';
import type { CompanionDevice, companionDevicesApi } from '@/features/settings/companion-devices-api';

// Settings > Companion app: the devices that approve transactions, a lost phone being removed, and the
// review after a password reset; both languages, the server's answers stood in.

const DEVICES: CompanionDevice[] = [
  {
    id: 7,
    name: 'Chrome on Android',
    enrolledAt: '2026-11-02T02:15:00Z',
    enrolledWhere: 'Chrome on Android · 198.51.100.24',
    lastSeenAt: '2026-12-05T23:40:00Z',
    reviewAsked: false,
  },
  {
    id: 9,
    name: 'Safari on iOS',
    enrolledAt: '2026-11-20T09:00:00Z',
    enrolledWhere: 'Safari on iOS · 203.0.113.7',
    lastSeenAt: '2026-12-06T08:10:00Z',
    reviewAsked: false,
  },
];

function apiWith(review: boolean): typeof companionDevicesApi {
  let devices = DEVICES.map((d) => ({ ...d, reviewAsked: review }));
  const answer = () => ({ devices, reviewAsked: devices.some((d) => d.reviewAsked) });
  return {
    list: async () => answer(),
    remove: async (id) => {
      devices = devices.filter((d) => d.id !== id);
      return answer();
    },
    review: async (keep) => {
      devices = devices.filter((d) => keep.includes(d.id)).map((d) => ({ ...d, reviewAsked: false }));
      return answer();
    },
  };
}

function DevicesStory({ review }: { review: boolean }) {
  const api = useMemo(() => apiWith(review), [review]);
  return (
    <MemoryRouter>
      <ErrorProvider>
        <CompanionDevicesPage api={api} />
      </ErrorProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Settings/Companion app',
  component: DevicesStory,
  args: { review: false },
} satisfies Meta<typeof DevicesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ListEn: Story = {
  name: 'Devices · EN',
  parameters: { lang: 'en' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByTestId('device-row')).toHaveLength(2);
  },
};
export const ListId: Story = { ...ListEn, name: 'Devices · ID', parameters: { lang: 'id' } };

/** A lost phone: its row's Remove (`button`) asks first; the dialog (`title`) is what the story ends on. */
const removing =
  (button: string, title: string): Story['play'] =>
  async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: button }));
    await expect(within(canvasElement.ownerDocument.body).getByRole('dialog')).toHaveTextContent(title);
  };
export const RemoveEn: Story = {
  name: 'Removing a lost phone · EN',
  parameters: { lang: 'en' },
  play: removing('Remove Chrome on Android', 'Remove "Chrome on Android"?'),
};
export const RemoveId: Story = {
  name: 'Removing a lost phone · ID',
  parameters: { lang: 'id' },
  play: removing('Hapus Chrome on Android', 'Hapus "Chrome on Android"?'),
};

export const ReviewEn: Story = {
  name: 'After a password reset · EN',
  parameters: { lang: 'en' },
  args: { review: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('devices-review')).toBeVisible();
  },
};
export const ReviewId: Story = {
  ...ReviewEn,
  name: 'After a password reset · ID',
  parameters: { lang: 'id' },
};
