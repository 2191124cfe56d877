import { createTheme, type Theme } from '@mui/material/styles';

/** Spec section 9: primary dark red, secondary grey, spacing 6, rounded corner 8. */
export const BRAND = {
  primary: '#8B1A1A',
  secondary: '#616161',
  spacing: 6,
  radius: 8,
} as const;

/** The operating system's "reduce motion" setting (WCAG 2.3.3); none where there is no window (prerender). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(REDUCED_MOTION_QUERY).matches;

const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

export function createAppTheme({ reducedMotion = false }: { reducedMotion?: boolean } = {}): Theme {
  return createTheme({
    palette: {
      primary: { main: BRAND.primary, contrastText: '#ffffff' },
      secondary: { main: BRAND.secondary, contrastText: '#ffffff' },
      background: { default: '#f5f5f5' },
      // MUI's orange (#ed6c02) and light blue (#0288d1) read at 3.1:1 and 3.9:1 on white: a small
      // chip's or countdown's text in them fails WCAG AA (4.5:1). These read at 5.4:1 and 7.4:1.
      warning: { main: '#b54708' },
      info: { main: '#01579b' },
    },
    spacing: BRAND.spacing,
    shape: { borderRadius: BRAND.radius },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
    // Asked to reduce motion, menus, dialogs, snackbars and panels appear and go at once, with no ripple.
    ...(reducedMotion && { transitions: { create: () => 'none', duration: NO_DURATION } }),
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      ...(reducedMotion && {
        MuiButtonBase: { defaultProps: { disableRipple: true } },
        // (a menu's and a popover's 'auto' duration follows their height, not the theme)
        MuiMenu: { defaultProps: { transitionDuration: 0 } },
        MuiPopover: { defaultProps: { transitionDuration: 0 } },
        MuiCollapse: { defaultProps: { timeout: 0 } },
      }),
    },
  });
}

/** The bank's theme, with motion as the customer's system asks at the app's start. */
export const theme = createAppTheme({ reducedMotion: prefersReducedMotion() });
