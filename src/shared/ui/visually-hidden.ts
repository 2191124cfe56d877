/**
 * Read by a screen reader, not shown. In pixels on purpose: in MUI's `sx` a width or height of 1
 * means 100%, and a full-width absolute span widened the page on a phone (the mailbox's unread rows).
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
