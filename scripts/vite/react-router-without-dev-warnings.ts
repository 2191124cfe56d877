// react-router's package exports serve its development build to every bundler, in production too
// (remix-run/react-router#14102): its warnings would run, and ship, in the customer's browser. The
// build differs from dist/production only by this flag; set false, the minifier drops the warnings.
import type { Plugin } from 'vite';

export function reactRouterWithoutDevWarnings(): Plugin {
  return {
    name: 'react-router-without-dev-warnings',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]development[\\/][^\\/]+\.mjs$/.test(id)) return null;
      return code.includes('var ENABLE_DEV_WARNINGS = true;')
        ? {
            code: code.replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;'),
            map: null,
          }
        : null;
    },
  };
}
