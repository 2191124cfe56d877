// RJSF renders markdown only where a uiSchema asks (`enableMarkdownIn*`, which no flow does): its
// markdown-to-jsx (~25 KiB gzip on every transaction page) gives way to plain text.
import type { Plugin } from 'vite';

export function rjsfWithoutMarkdown(): Plugin {
  return {
    name: 'rjsf-without-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer && /[\\/]@rjsf[\\/]/.test(importer))
        return '\0rjsf-plain-markdown';
      return null;
    },
    load(id) {
      if (id !== '\0rjsf-plain-markdown') return null;
      return `import { createElement } from 'react';
export function Markdown({ children }) { return createElement('span', null, children); }`;
    },
  };
}
