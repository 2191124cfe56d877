import { expect, userEvent, waitFor, within } from 'storybook/test';

/** Story interactions shared by every generated flow story, by name (see stories/flow-scenarios.ts). */
export const flowPlays = {
  /** Submits the empty form: every required field shows its message in the story's language. */
  async submitEmptyForm({ canvasElement }: { canvasElement: HTMLElement }) {
    const canvas = within(canvasElement);
    const submit = await canvas.findByTestId('inquiry-submit', {}, { timeout: 5000 });
    await userEvent.click(submit);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[role="alert"], .Mui-error').length).toBeGreaterThan(0),
    );
  },
};
export type FlowPlayName = keyof typeof flowPlays;
