import { act, cleanup, render, screen } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppTheme, prefersReducedMotion, REDUCED_MOTION_QUERY } from '@/shared/ui/theme';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Page({ open, reducedMotion }: { open: boolean; reducedMotion: boolean }) {
  return (
    <ThemeProvider theme={createAppTheme({ reducedMotion })}>
      <Dialog open={open} aria-label="Confirm">
        <p>Are you sure?</p>
      </Dialog>
    </ThemeProvider>
  );
}

/** Opens the dialog, closes it, and lets 50 ms pass: whether it is still on the page. */
async function stillShownAfterClosing(reducedMotion: boolean): Promise<boolean> {
  const { rerender } = render(<Page open reducedMotion={reducedMotion} />);
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  rerender(<Page open={false} reducedMotion={reducedMotion} />);
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  return screen.queryByText('Are you sure?') !== null;
}

describe("the theme and the system's reduce-motion setting", () => {
  it('animates by default: transitions have durations, and a closing dialog fades out', async () => {
    const theme = createAppTheme();
    expect(theme.transitions.duration.leavingScreen).toBeGreaterThan(0);
    expect(theme.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(await stillShownAfterClosing(false)).toBe(true);
  });

  it('asked to reduce motion, nothing moves: no transition, no ripple, a dialog goes at once', async () => {
    const theme = createAppTheme({ reducedMotion: true });
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(Object.values(theme.transitions.duration).every((d) => d === 0)).toBe(true);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiMenu?.defaultProps?.transitionDuration).toBe(0);
    expect(await stillShownAfterClosing(true)).toBe(false);
  });

  it("reads the setting from the browser's media query, and none where there is no matchMedia", () => {
    const asked: string[] = [];
    vi.stubGlobal('matchMedia', (q: string) => {
      asked.push(q);
      return { matches: true } as MediaQueryList;
    });
    expect(prefersReducedMotion()).toBe(true);
    expect(asked).toEqual([REDUCED_MOTION_QUERY]);
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });
});
