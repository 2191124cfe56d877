// MUI's createTheme and ThemeProvider pick the CSS-variables theme at run time (`cssVariables`,
// `colorSchemes`), so a bundler keeps that whole machinery (~7 KiB gzip at /login/). Our one theme
// (src/shared/ui/theme.ts) uses neither: those two branches resolve to a stub that throws, so a
// theme that ever asks for CSS variables fails loudly at start instead of silently.
import type { Plugin } from 'vite';

export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
      if (importer.endsWith('createTheme.mjs') && source === './createThemeWithVars.mjs')
        return '\0mui-no-vars:createTheme';
      if (importer.endsWith('ThemeProvider.mjs') && source === './ThemeProviderWithVars.mjs')
        return '\0mui-no-vars:ThemeProvider';
      return null;
    },
    load(id) {
      // (The message names vite.config.ts as it did before the plugin had a file: the built bytes stay the same.)
      const refuse = `() => { throw new Error('The app theme has no CSS variables (vite.config.ts, mui-theme-without-css-variables)'); }`;
      if (id === '\0mui-no-vars:createTheme') return `export default ${refuse};`;
      if (id === '\0mui-no-vars:ThemeProvider') return `export const CssVarsProvider = ${refuse};`;
      return null;
    },
  };
}
