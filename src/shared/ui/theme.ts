import { createTheme, type Theme } from '@mui/material/styles';

/** Spec section 9: primary dark red, secondary grey, spacing 6, rounded corner 8. */
export const BRAND = {
  primary: '#8B1A1A',
  secondary: '#616161',
  spacing: 6,
  radius: 8,
} as const;

export function createAppTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: BRAND.primary, contrastText: '#ffffff' },
      secondary: { main: BRAND.secondary, contrastText: '#ffffff' },
      background: { default: '#f5f5f5' },
    },
    spacing: BRAND.spacing,
    shape: { borderRadius: BRAND.radius },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

export const theme = createAppTheme();
